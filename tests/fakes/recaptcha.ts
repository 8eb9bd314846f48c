import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A fake of reCAPTCHA Enterprise's browser script (`https://www.google.com/recaptcha/enterprise.js`),
 * for the e2e runs that set RECAPTCHA_SCRIPT_URL to it. `GET /recaptcha/enterprise.js?render=KEY`
 * answers a script that defines `window.grecaptcha.enterprise` as Google's does:
 * `ready(callback)` and `execute(siteKey, { action })` → a Promise of a token, and it adds
 * the floating `.grecaptcha-badge` to the page. The site key
 * chooses how it behaves, so a test picks a failure by configuration alone:
 *
 * - `slow-…`: execute answers after 10 s (longer than the app waits);
 * - `empty-…`: execute answers '' (SPEC §8 "grecaptcha no token returned");
 * - `broken-…`: the script loads and defines nothing ("grecaptcha not available");
 * - `missing-…`: the script is a 404 (it fails to load);
 * - `hang-…`: the script never answers (held 30 s, then a 504);
 * - `bot-…`: tokens the local server's stand-in takes for a bot (`bot.fake-enterprise.…`);
 * - any other: tokens `fake-enterprise.{action}.{n}`, which the local server takes for a person.
 *
 * Dependency-free (node:http types only), for tests/fakes/server.ts to mount.
 */

export const RECAPTCHA_SCRIPT_PATH = '/recaptcha/enterprise.js';

/** How long a `slow-` key's execute takes, and how long a `hang-` key's script is held. */
export const SLOW_EXECUTE_MS = 10_000;
export const HANG_SCRIPT_MS = 30_000;

type Mode = 'good' | 'slow' | 'empty' | 'broken' | 'missing' | 'hang' | 'bot';

const SITE_KEY = /^[A-Za-z0-9_-]{1,100}$/;

function modeOf(siteKey: string): Mode {
  const prefix = siteKey.split('-', 1)[0];
  switch (prefix) {
    case 'slow':
    case 'empty':
    case 'broken':
    case 'missing':
    case 'hang':
    case 'bot':
      return prefix;
    default:
      return 'good';
  }
}

/** The script for one site key: plain ES5 in a file, as the page's policy runs no inline or eval'd code. */
function enterpriseScript(siteKey: string, mode: Mode): string {
  if (mode === 'broken') return '/* The fake reCAPTCHA Enterprise script, broken on purpose: it defines nothing. */\n';
  const tokenPrefix = mode === 'bot' ? 'bot.fake-enterprise.' : 'fake-enterprise.';
  const answerMs = mode === 'slow' ? SLOW_EXECUTE_MS : 20;
  return `/* The fake reCAPTCHA Enterprise script (tests/fakes/recaptcha.ts). */
(function () {
  var siteKey = ${JSON.stringify(siteKey)};
  var count = 0;
  var grecaptcha = (window.grecaptcha = window.grecaptcha || {});
  // Google's script floats a badge in the corner; the page must hide it or show it.
  if (typeof document !== 'undefined' && document.body) {
    var badge = document.createElement('div');
    badge.className = 'grecaptcha-badge';
    badge.textContent = 'protected by reCAPTCHA';
    badge.style.position = 'fixed';
    badge.style.right = '0';
    badge.style.bottom = '14px';
    document.body.appendChild(badge);
  }
  grecaptcha.enterprise = {
    ready: function (callback) {
      setTimeout(callback, 0);
    },
    execute: function (key, options) {
      return new Promise(function (resolve, reject) {
        if (key !== siteKey) {
          reject(new Error('Invalid site key or not loaded in api.js: ' + key));
          return;
        }
        var action = String((options && options.action) || '').replace(/[^A-Za-z0-9_]/g, '_');
        count += 1;
        var token = ${mode === 'empty' ? "''" : `${JSON.stringify(tokenPrefix)} + action + '.' + count`};
        setTimeout(function () {
          resolve(token);
        }, ${answerMs});
      });
    },
  };
})();
`;
}

function send(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  });
  response.end(body);
}

/**
 * Answers `GET /recaptcha/enterprise.js?render=KEY` (and HEAD); returns false for any other
 * path, so the fakes' server can try its other services.
 */
export function handleRecaptcha(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
  if (url.pathname !== RECAPTCHA_SCRIPT_PATH) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'Method not allowed');
    return true;
  }
  const siteKey = url.searchParams.get('render') ?? '';
  if (!SITE_KEY.test(siteKey)) {
    send(response, 400, 'render must be a site key');
    return true;
  }
  const mode = modeOf(siteKey);
  if (mode === 'missing') {
    send(response, 404, 'Not found');
  } else if (mode === 'hang') {
    const timer = setTimeout(() => {
      send(response, 504, 'Gateway timeout');
    }, HANG_SCRIPT_MS);
    timer.unref();
    request.on('close', () => {
      clearTimeout(timer);
    });
  } else {
    send(response, 200, enterpriseScript(siteKey, mode), 'application/javascript; charset=utf-8');
  }
  return true;
}
