import { startTransition, useEffect, useState } from 'react';

/** Whether the tree being rendered is to match a prerendered page: set before hydrating, cleared once done. */
let hydrating = false;

/**
 * Says that the next render must match the build's HTML: src/main.tsx calls it before
 * `hydrateRoot`, src/app/render-shell.tsx before the build renders the pages.
 */
export function startHydrating(): void {
  hydrating = true;
}

/** Whether the render under way is the one that must match the page's HTML (hydration, or the build's render). */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * False while React hydrates the page's prerendered HTML (and in the prerender itself), true
 * in every render after. What the build could not know (the screen's own content, anything
 * measured in the browser) renders only once this is true, so hydration finds exactly the
 * markup the build wrote and never warns of a mismatch (docs/performance.md).
 *
 * The switch is a transition: the screen that appears then (a whole form) renders in slices
 * between which a phone can paint and answer a tap. (`useSyncExternalStore` with a server
 * snapshot would do the same job, but React re-renders a store whose snapshot changed after
 * hydration synchronously, in one long task of the slowest kind: the whole screen.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    if (hydrated) return;
    startTransition(() => {
      hydrating = false;
      setHydrated(true);
    });
  }, [hydrated]);
  return hydrated;
}
