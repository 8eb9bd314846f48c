import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A fake of the first-party server-side tagging host, for the e2e production-like run that
 * sets TAG_MANAGER_SCRIPT_URL to `{fakes}/tags-fake/gtm.js`:
 *
 * - `GET /tags-fake/gtm.js?id=CONTAINER`: a script that marks `window.__fakeTagManagerLoaded`
 *   with the container id and, like a real container, reads `window.dataLayer` (the entries
 *   pushed before it, then every later push) and posts each entry with an `event` to
 *   `/tags-fake/collect` (every field as it is: the fake records what the page pushed, so a
 *   test can look for leaks in it);
 * - `POST /tags-fake/collect`: records the entry in memory with its container;
 * - `GET /tags-fake/events`: the recorded entries as JSON, for the e2e to assert.
 *
 * CORS `*`, as the page (another origin) fetches it. Dependency-free (node:http only).
 */

export const TAG_MANAGER_FAKE_PREFIX = '/tags-fake/';

/** One entry the fake's script sent: the container and the data-layer entry as pushed. */
export interface RecordedTagEvent {
  container: string | null;
  entry: unknown;
}

const recorded: RecordedTagEvent[] = [];

/** The events recorded since the fakes server started (or since `forgetTagEvents`). */
export function recordedTagEvents(): readonly RecordedTagEvent[] {
  return recorded;
}

export function forgetTagEvents(): void {
  recorded.length = 0;
}

const CONTAINER = /^[A-Za-z0-9_-]{1,40}$/;

function fakeScript(container: string): string {
  return `/* The fake tag manager (tests/fakes/tag-manager.ts). */
(function () {
  var script = document.currentScript;
  var collect = new URL('collect', script.src).href;
  var container = ${JSON.stringify(container)};
  window.__fakeTagManagerLoaded = container;
  function send(entry) {
    if (!entry || typeof entry !== 'object' || typeof entry.event !== 'string') return;
    fetch(collect, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ container: container, entry: entry }),
      keepalive: true,
      credentials: 'omit',
    }).catch(function () {});
  }
  var layer = (window.dataLayer = window.dataLayer || []);
  var push = layer.push;
  for (var index = 0; index < layer.length; index += 1) send(layer[index]);
  layer.push = function () {
    var result = push.apply(layer, arguments);
    for (var index = 0; index < arguments.length; index += 1) send(arguments[index]);
    return result;
  };
})();
`;
}

function send(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, {
    'content-type': type,
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
  });
  response.end(body);
}

/** Reads a small body (a data-layer entry); a larger one is cut off and refused. */
function readBody(request: IncomingMessage, done: (text: string | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= 16_384) chunks.push(chunk);
  });
  request.on('end', () => {
    done(size <= 16_384 ? Buffer.concat(chunks).toString('utf8') : null);
  });
  request.on('error', () => {
    done(null);
  });
}

/** Answers the fake tagging host's paths; false for any other. */
export function handleTagManager(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
  if (!url.pathname.startsWith(TAG_MANAGER_FAKE_PREFIX)) return false;
  const path = url.pathname.slice(TAG_MANAGER_FAKE_PREFIX.length);
  if (request.method === 'OPTIONS') {
    response.writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'content-type',
    });
    response.end();
    return true;
  }
  if (path === 'gtm.js' && request.method === 'GET') {
    const container = url.searchParams.get('id') ?? '';
    if (!CONTAINER.test(container)) send(response, 400, 'a container id (?id=) is needed');
    else send(response, 200, fakeScript(container), 'text/javascript; charset=utf-8');
    return true;
  }
  if (path === 'collect' && request.method === 'POST') {
    readBody(request, (text) => {
      let parsed: unknown;
      try {
        parsed = text === null ? null : (JSON.parse(text) as unknown);
      } catch {
        parsed = null;
      }
      if (typeof parsed !== 'object' || parsed === null || !('entry' in parsed)) {
        send(response, 400, 'not an event');
        return;
      }
      const { container, entry } = parsed as { container?: unknown; entry: unknown };
      recorded.push({ container: typeof container === 'string' ? container : null, entry });
      send(response, 204, '');
    });
    return true;
  }
  if (path === 'events' && request.method === 'GET') {
    send(response, 200, JSON.stringify(recorded), 'application/json');
    return true;
  }
  send(response, 404, 'no such path on the fake tag manager');
  return true;
}
