/**
 * The first API calls of a page, started while the app's JavaScript is still on its way
 * (issue 14: the critical path). Each prerendered page loads this file before the app (its own
 * small chunk, with no imports: scripts/lib/prerender-plugin.ts) and lists the calls in
 * `<meta name="early-fetch">`, such as the patient's journey and the form's questions; the
 * app's one HTTP client takes each response instead of asking again (src/api/early-responses.ts).
 *
 * Only GETs with no patient data in them: the campaign code (from the address) is the one
 * value filled in, and the browser's own cookie proves whose journey it is, as for any call.
 */

/** Where the responses wait for the app; the same name as in src/api/early-responses.ts. */
const EARLY_RESPONSES_KEY = '__earlyApiResponses';

/** What the page's route says about its campaign code: the address parameter holding it, or a fixed one. */
function campaignCode(route: string, pathname: string): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="early-fetch-code"]');
  if (meta === null) return null;
  const source = new URLSearchParams(meta.content);
  const fixed = source.get('value');
  if (fixed !== null) return fixed;
  const param = source.get('param');
  const segments = pathname.split('/');
  const index = route.split('/').findIndex((segment) => segment.replace(/\?$/, '') === `:${param ?? ''}`);
  const value = index < 0 ? undefined : segments[index];
  if (value !== undefined && value !== '') {
    try {
      return decodeURIComponent(value).toLowerCase();
    } catch {
      return null;
    }
  }
  return source.get('default');
}

/**
 * The response read to its end: the browser counts an unread body as a request still under
 * way, and the app may never ask (it went elsewhere), which would leave the page never idle.
 */
async function buffered(url: string): Promise<Response> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  const body = await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function start(): void {
  // Read from the head, above this script: it runs as soon as it arrives (async), maybe
  // before the body is parsed.
  const route = document.querySelector<HTMLMetaElement>('meta[name="early-fetch-route"]')?.content ?? '';
  const templates = [...document.querySelectorAll<HTMLMetaElement>('meta[name="early-fetch"]')].map((m) => m.content);
  if (route === '' || templates.length === 0) return;
  const code = campaignCode(route, window.location.pathname);
  // As the app's client writes a query value (URLSearchParams), so the addresses match.
  const encodedCode = code === null ? null : new URLSearchParams({ c: code }).toString().slice(2);
  const base = (document.documentElement.dataset.apiBase || '/api').replace(/\/+$/, '');
  const responses = new Map<string, Promise<Response>>();
  for (const template of templates) {
    if (template.includes('__code__') && encodedCode === null) continue;
    const url = new URL(`${base}${template.replaceAll('__code__', encodedCode ?? '')}`, window.location.href).href;
    const response = buffered(url);
    // A failure is the app's to report when it asks; it asks again by itself.
    response.catch(() => undefined);
    responses.set(url, response);
  }
  (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_KEY] = { responses, startedAt: performance.now() };
}

start();
