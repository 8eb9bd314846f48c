/**
 * Back as the browser means it. Each history entry the app pushes records the place it was
 * pushed from: the funnel step a Next left (`step`, its index), or the form page a form's Next
 * left (`page`, its number). A page's own Back button that goes to exactly that place is then
 * the browser's Back (one entry back), not a new entry on top: the browser's Back pressed after
 * it goes on back instead of returning to the page just left, and Forward returns to it.
 */
export type PushedFrom = { step: number } | { page: number };

/** The key of the history state that keeps it, beside the funnel's `stepIndex`. */
const KEY = 'pushedFrom';

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Where the entry with this state was pushed from, when the app pushed it. */
export function pushedFromOf(state: unknown): PushedFrom | null {
  if (typeof state !== 'object' || state === null) return null;
  const from: unknown = (state as Record<string, unknown>)[KEY];
  if (typeof from !== 'object' || from === null) return null;
  const { step, page } = from as Record<string, unknown>;
  if (isIndex(step)) return { step };
  if (isIndex(page)) return { page };
  return null;
}

/** A history state saying where its entry was pushed from, keeping the rest of `state`. */
export function withPushedFrom(state: unknown, from: PushedFrom): Record<string, unknown> {
  const rest = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { ...rest, [KEY]: from };
}
