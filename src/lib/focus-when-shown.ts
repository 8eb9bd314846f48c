/**
 * Moves focus to an element once it is in the page, so a screen reader announces where the
 * patient now is (a new page's heading, a confirmation). A screen may still be loading when
 * this is called, and the element it replaces may still be there for a frame: `find` returns
 * the element wanted (or null while it is not there yet), and is asked again each frame for up
 * to `withinMs`. Once focused, the element gets focus back if a re-render drops it to the body
 * during the same time; anything the patient focuses meanwhile is left alone.
 *
 * Returns a function that stops trying.
 */
export function focusWhenShown(
  find: () => HTMLElement | null,
  options: { withinMs?: number; scroll?: boolean } = {},
): () => void {
  const { withinMs = 3000, scroll = false } = options;
  const started = performance.now();
  let frame = 0;
  let focused: HTMLElement | null = null;
  const attempt = () => {
    const target = find();
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (target !== null && (focused === null || (lost && target !== focused) || (lost && !focused.isConnected))) {
      // A heading is not a control: -1 makes it focusable by script only, never by Tab.
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: !scroll });
      if (scroll) target.scrollIntoView({ block: 'start' });
      focused = target;
    } else if (focused !== null && !lost && document.activeElement !== focused) {
      return; // The patient has moved on.
    }
    if (performance.now() - started < withinMs) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => {
    cancelAnimationFrame(frame);
  };
}

/**
 * Focuses the first element matching `selector` that is not `before` (the one a change is
 * replacing), once it is shown: a new page's heading.
 */
export function focusNewHeading(selector: string, before: Element | null): () => void {
  return focusWhenShown(() => {
    const heading = document.querySelector<HTMLElement>(selector);
    return heading !== null && heading !== before ? heading : null;
  });
}
