import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A fake of the scheduling service's inline embed (Calendly), for the production-like runs
 * (SCHEDULING_URL=http://localhost:<port>/calendly/<org>):
 * - `GET /calendly/<org>/<event type>?embed_type=Inline&...`: a booking page with two times
 *   and a Confirm button; an `<org>` starting `broken` answers 500, as a service that is down.
 * - `GET /calendly/embed.js`: its script. On load it posts `calendly.event_type_viewed` and
 *   `calendly.page_height` to the parent; on Confirm, `calendly.event_scheduled` with the
 *   event's and invitee's URIs, to any origin, as Calendly does.
 * Any query parameter other than the inline embed's own options is refused with 400, so a page
 * that puts anything else into the frame's address (Calendly's prefill of the patient's name,
 * email or phone, or anything new) fails its run.
 */

/** The only query parameters the app may send: the inline embed's options. */
const EMBED_PARAMETERS: ReadonlySet<string> = new Set(['embed_type', 'embed_domain', 'hide_gdpr_banner']);

const SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Tomorrow at 10:00 and 11:00 UTC: the two times offered. */
function offeredTimes(now = new Date()): string[] {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return [10, 11].map((hour) => new Date(day + hour * 3_600_000).toISOString());
}

function bookingPage(org: string, eventType: string): string {
  const times = offeredTimes()
    .map(
      (time) =>
        `<li><button type="button" class="slot" data-start="${time}" aria-pressed="false">${time.slice(11, 16)} UTC, ${time.slice(0, 10)}</button></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Fake scheduling: ${escapeHtml(eventType)}</title>
<script src="/calendly/embed.js" defer></script>
</head>
<body>
<main data-org="${escapeHtml(org)}" data-event-type="${escapeHtml(eventType)}">
<h1>Book ${escapeHtml(eventType)}</h1>
<section id="choose">
<h2>Select a time</h2>
<ul>${times}</ul>
<p><label>Your name <input id="invitee-name" autocomplete="name"></label></p>
<p><label>Your email <input id="invitee-email" type="email" autocomplete="email"></label></p>
<p><button type="button" id="confirm" disabled>Confirm</button></p>
</section>
<section id="done" hidden>
<h2>You are scheduled</h2>
<p id="done-time"></p>
</section>
</main>
</body>
</html>
`;
}

/** The page's script: no patient data leaves the frame except to this fake itself (nowhere). */
const EMBED_SCRIPT = `(() => {
  const post = (event, payload) => window.parent.postMessage({ event, payload }, '*');
  const main = document.querySelector('main');
  const confirm = document.getElementById('confirm');
  let chosen = null;
  post('calendly.event_type_viewed', {});
  post('calendly.page_height', { height: document.documentElement.scrollHeight + 'px' });
  for (const slot of document.querySelectorAll('.slot')) {
    slot.addEventListener('click', () => {
      for (const other of document.querySelectorAll('.slot')) other.setAttribute('aria-pressed', 'false');
      slot.setAttribute('aria-pressed', 'true');
      chosen = slot.dataset.start;
      confirm.disabled = false;
      post('calendly.date_and_time_selected', {});
    });
  }
  confirm.addEventListener('click', () => {
    if (chosen === null) return;
    confirm.disabled = true;
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const id = 'fake-' + Array.from(bytes, (b) => letters[b % letters.length]).join('');
    const invitee = 'fake-' + Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => letters[b % letters.length]).join('');
    document.getElementById('choose').hidden = true;
    document.getElementById('done').hidden = false;
    document.getElementById('done-time').textContent = 'Booked for ' + chosen + ' (' + main.dataset.eventType + ').';
    post('calendly.event_scheduled', {
      event: { uri: 'https://api.calendly.com/scheduled_events/' + id },
      invitee: { uri: 'https://api.calendly.com/scheduled_events/' + id + '/invitees/' + invitee },
    });
  });
})();
`;

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    // The fake's own page runs only its own script; the app frames it, so no frame-ancestors.
    'content-security-policy': "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'",
    'x-content-type-options': 'nosniff',
  });
  // A HEAD request gets the headers only.
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

/** Answers the fake scheduling service's requests under /calendly/; false for any other path. */
export function handleScheduling(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
  if (!url.pathname.startsWith('/calendly/')) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'text/plain', 'Method not allowed');
    return true;
  }
  if (url.pathname === '/calendly/embed.js') {
    send(response, 200, 'text/javascript', EMBED_SCRIPT);
    return true;
  }
  const [org, eventType, ...rest] = url.pathname.slice('/calendly/'.length).split('/');
  if (
    org === undefined ||
    eventType === undefined ||
    rest.length > 0 ||
    !SEGMENT.test(org) ||
    !SEGMENT.test(eventType)
  ) {
    send(response, 404, 'text/plain', 'No such booking page');
    return true;
  }
  if (org.startsWith('broken')) {
    send(response, 500, 'text/html', '<!doctype html><title>Error</title><h1>Something went wrong</h1>');
    return true;
  }
  const leaked = [...new Set(url.searchParams.keys())].filter((name) => !EMBED_PARAMETERS.has(name));
  if (leaked.length > 0) {
    // Only the names: the values may be the patient's details.
    send(response, 400, 'text/plain', `Unexpected parameters in the embed address: ${leaked.join(', ')}`);
    return true;
  }
  send(response, 200, 'text/html', bookingPage(org, eventType));
  return true;
}

/** A random id in the fake's format, for tests that post its message themselves. */
export function fakeAppointmentId(): string {
  return `fake-${randomBytes(12).toString('hex').toUpperCase().slice(0, 16)}`;
}
