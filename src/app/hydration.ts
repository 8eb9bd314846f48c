import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates the page's prerendered HTML (and in the prerender itself), true
 * in every render after. What the build could not know (the screen's own content, anything
 * measured in the browser) renders only once this is true, so hydration finds exactly the
 * markup the build wrote and never warns of a mismatch (docs/performance.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
