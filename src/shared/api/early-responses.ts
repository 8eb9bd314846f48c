/**
 * The responses src/page-start.ts asked for before the app ran. The app's HTTP client (ky's
 * `fetch`, src/shared/api/http.ts) takes one instead of asking again when its call is the same GET to
 * the same address, once, and only soon after the page loaded: later, or after the app has
 * written anything, the answer may be out of date, so it asks afresh.
 */

/** Where src/page-start.ts leaves the responses (the same name is written there). */
export const EARLY_RESPONSES_KEY = '__earlyApiResponses';

/** How long after the page started an early response may stand in for a call. */
export const EARLY_RESPONSE_MAX_AGE_MS = 15_000;

interface EarlyResponses {
  responses: Map<string, Promise<Response>>;
  startedAt: number;
}

function early(): EarlyResponses | null {
  if (typeof window === 'undefined') return null;
  const value = (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_KEY];
  return typeof value === 'object' && value !== null && (value as EarlyResponses).responses instanceof Map
    ? (value as EarlyResponses)
    : null;
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** The early response for this request, taken (it is used once), or null to fetch as usual. */
export function takeEarlyResponse(request: Request): Promise<Response> | null {
  const found = early();
  if (found === null) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // A write changes what a read of the same address answers (PUT /journey, GET /journey):
    // an early answer for it is out of date from now on.
    const written = pathOf(request.url);
    for (const url of found.responses.keys()) if (pathOf(url) === written) found.responses.delete(url);
    return null;
  }
  if (request.method !== 'GET' || performance.now() - found.startedAt > EARLY_RESPONSE_MAX_AGE_MS) return null;
  const response = found.responses.get(request.url);
  if (response === undefined) return null;
  found.responses.delete(request.url);
  return response;
}

/** ky's `fetch`: an early response when there is one for the request, else the network. */
export function fetchOrEarly(input: Request | URL | string, init?: RequestInit): Promise<Response> {
  const taken = input instanceof Request ? takeEarlyResponse(input) : null;
  return taken ?? fetch(input, init);
}
