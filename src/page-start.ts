/**
 * How a prerendered page starts (issue 14: the critical path). The page's HTML already shows
 * the route's first screen; this small script (its own chunk, importing nothing:
 * scripts/lib/prerender-plugin.ts) is the page's only script tag, and it:
 *
 * 1. starts the page's first API calls at once, listed in `<meta name="early-fetch">` (the
 *    patient's journey, the form's questions); the app's one HTTP client takes each response
 *    instead of asking again (src/shared/api/early-responses.ts);
 * 2. once the browser has painted that first screen, fetches the app (`<meta name="app-entry">`)
 *    and its screen's code (`<meta name="app-preload">`) in parallel, so no script stands
 *    between the patient and the first paint.
 *
 * 3. holds a press of Next (or Pay) in the page's early form until the app can make it.
 *
 * Only GETs with no patient data in them: the campaign code (from the address) is the one
 * value filled in, and the browser's own cookie proves whose journey it is, as for any call.
 */

/** Where the responses wait for the app; the same name as in src/shared/api/early-responses.ts. */
const EARLY_RESPONSES_KEY = '__earlyApiResponses';
/** The early form's slot, and the mark of a held press: the same names as in src/contract/early-form.ts. */
const EARLY_FORM_SLOT = 'data-early-form';
const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
const EARLY_PENDING_LABEL = 'data-early-pending';

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

function startEarlyCalls(): void {
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

/** The app and its screen's code, fetched after the first paint (see above). */
function startApp(): void {
  const entry = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
  if (entry === undefined) return;
  // The entry first: the largest file, and every page's path to a working screen, it gets the
  // first of the browser's connections to the server rather than a place behind the small
  // chunks (six at a time over HTTP/1.1).
  const urls = [
    entry,
    ...[...document.querySelectorAll<HTMLMetaElement>('meta[name="app-preload"]')].map((meta) => meta.content),
  ];
  for (const url of urls) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    link.crossOrigin = '';
    document.head.append(link);
  }
  // The app takes over the page as the server sent it, so it runs once the whole page is
  // parsed: this script is async, and with the app's code already cached (a second page) the
  // app could otherwise start while the rest of the page is still arriving, find half of it,
  // draw its own, and leave the rest the parser adds after it on the page. Its code is
  // fetched meanwhile (the preloads above).
  if (document.readyState === 'loading') {
    document.addEventListener(
      'DOMContentLoaded',
      () => {
        loadApp(entry, 1);
      },
      { once: true },
    );
  } else {
    loadApp(entry, 1);
  }
}

/** How many times the app is fetched again after a failure while the browser says it is online. */
const APP_RETRIES_ONLINE = 3;

/**
 * Fetches the app. A patient whose line drops before it has arrived keeps the page as it is
 * (the early form, with what they typed and a held press of Next): the app is fetched again
 * once the browser is back online, or, online but failed (a server restarting), a few times
 * after a pause.
 */
function loadApp(entry: string, attempt: number): void {
  import(/* @vite-ignore */ entry).catch(() => {
    const retry = () => {
      loadApp(entry, attempt + 1);
    };
    if (!navigator.onLine) window.addEventListener('online', retry, { once: true });
    else if (attempt <= APP_RETRIES_ONLINE) setTimeout(retry, 2000 * attempt);
  });
}

/**
 * A press of Next, Pay or Enter in the page's early form before the app runs
 * (src/shared/questions/early-form.tsx): never sent (its answers would leave in the address
 * or a body no call expects), but held on the form for the app to make again once it has
 * the answers. The button says it is under way, as the app's does.
 */
function holdEarlyPresses(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.closest(`[${EARLY_FORM_SLOT}]`) === null) return;
      event.preventDefault();
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      // What the button said when first pressed ("Pay $99"): the app makes the press only on a
      // button that says the same.
      if (!form.hasAttribute(EARLY_SUBMIT_ATTRIBUTE))
        form.setAttribute(EARLY_SUBMIT_ATTRIBUTE, button?.textContent ?? '');
      if (button !== null) button.textContent = button.getAttribute(EARLY_PENDING_LABEL) ?? 'Saving…';
    },
    true,
  );
}

holdEarlyPresses();
startEarlyCalls();
// After the frame that paints the page: requestAnimationFrame runs before that paint, the
// timeout after it.
requestAnimationFrame(() => {
  setTimeout(startApp, 0);
});
