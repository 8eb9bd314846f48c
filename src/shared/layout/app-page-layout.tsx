import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { FooterProps } from './footer.tsx';
import { useHydrated } from '../hydration.ts';
import { LayoutFrame, type PageLayoutProps } from './layout-frame.tsx';
import classes from './page-layout.module.css';

/** The footer once its code has arrived: later pages render it at once. */
let loadedFooter: ComponentType<FooterProps> | null = null;

/** Calls `load` when the browser is idle after the page has loaded, or as soon as `element` comes into view. */
function whenFooterWanted(element: Element, load: () => void): () => void {
  let idle: { cancel: () => void } | undefined;
  const afterLoad = () => {
    // Safari has no requestIdleCallback, whatever TypeScript's DOM types say.
    if ((window as Partial<Window>).requestIdleCallback) {
      const handle = window.requestIdleCallback(load, { timeout: 2000 });
      idle = {
        cancel: () => {
          window.cancelIdleCallback(handle);
        },
      };
    } else {
      const handle = setTimeout(load, 200);
      idle = {
        cancel: () => {
          clearTimeout(handle);
        },
      };
    }
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) load();
        })
      : null;
  observer?.observe(element);
  return () => {
    window.removeEventListener('load', afterLoad);
    idle?.cancel();
    observer?.disconnect();
  };
}

/**
 * The page footer, its code loaded after the page: a patient needs none of it to answer the
 * first question, and the content band keeps it below the fold on the first screen. Until it
 * arrives a block of its colour and about its height stands in; nothing follows the footer,
 * so the swap moves nothing on the page. A failed load leaves the stand-in: nothing else
 * depends on the footer, and the next page tries again.
 */
function LazyFooter(props: FooterProps) {
  const [Footer, setFooter] = useState<ComponentType<FooterProps> | null>(() => loadedFooter);
  const placeholder = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    const element = placeholder.current;
    if (Footer !== null || element === null) return undefined;
    let active = true;
    let started = false;
    const stop = whenFooterWanted(element, () => {
      if (started) return;
      started = true;
      stop();
      import('./footer.tsx').then(
        (module) => {
          loadedFooter = module.Footer;
          if (active) setFooter(() => module.Footer);
        },
        () => undefined,
      );
    });
    return () => {
      active = false;
      stop();
    };
  }, [Footer]);

  // Not while hydrating: the page's HTML has the stand-in (src/app/render-shell.tsx).
  if (Footer !== null && hydrated) return <Footer {...props} />;
  return (
    <div ref={placeholder} className={classes.footerPlaceholder} data-extra-padding={props.extraPadding || undefined} />
  );
}

/** The page around a screen (see LayoutFrame), with the footer loaded after the page. */
export function AppPageLayout(props: PageLayoutProps) {
  return <LayoutFrame {...props} footer={LazyFooter} />;
}
