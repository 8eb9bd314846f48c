import { useEffect, useState } from 'react';

/**
 * How far down the page is scrolled, in percent (SPEC.md §9: scroll position / scrollable
 * height x 100), rounded and clamped to 0..100; 0 when the page is too short to scroll.
 */
export function scrollPercent(scrollY: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((scrollY / scrollable) * 100)));
}

function measure(): number {
  return scrollPercent(window.scrollY, document.documentElement.scrollHeight, window.innerHeight);
}

/**
 * The page's scroll percentage, updated at most once per animation frame while `enabled`.
 * Disabled, it listens to nothing and returns 0.
 */
export function useScrollProgress(enabled = true): number {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let frame: number | null = null;
    const schedule = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        setProgress(measure());
      });
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    // The scrollable height changes with the viewport (a phone rotated, the toolbar hidden).
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [enabled]);

  return enabled ? progress : 0;
}
