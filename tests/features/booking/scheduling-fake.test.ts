// @vitest-environment jsdom
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readEmbedMessage } from '../../../src/features/booking/services/calendly-messages.ts';
import { handleScheduling } from '../../fakes/scheduling.ts';

// The fake scheduling service as the production-like run mounts it, on a port of its own.
let fake: Server;
let origin = '';

beforeAll(async () => {
  fake = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!handleScheduling(request, response, url)) {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    fake.close(() => {
      resolve();
    });
  });
});

const EMBED_QUERY = 'embed_type=Inline&embed_domain=localhost%3A4177&hide_gdpr_banner=1';

test('the booking page of an event type is HTML with its script in a file of its own', async () => {
  const page = await fetch(`${origin}/calendly/clinic/hrt-consult?${EMBED_QUERY}`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('<script src="/calendly/embed.js" defer></script>');
  expect(html).not.toMatch(/<script>/);
  const script = await fetch(`${origin}/calendly/embed.js`);
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  expect(await script.text()).toContain('calendly.event_scheduled');
});

test('an organisation named broken… answers 500, as a service that is down', async () => {
  expect((await fetch(`${origin}/calendly/broken-clinic/hrt-consult?${EMBED_QUERY}`)).status).toBe(500);
});

test('an address carrying the patient’s details, or anything but the embed’s options, is refused', async () => {
  const leaked = await fetch(`${origin}/calendly/clinic/hrt-consult?${EMBED_QUERY}&name=Alex%20Rivera&email=a%40b.co`);
  expect(leaked.status).toBe(400);
  const said = await leaked.text();
  expect(said).toContain('name, email');
  expect(said).not.toContain('Alex');
  // A parameter no list of Calendly's prefill names would know.
  const unknown = await fetch(`${origin}/calendly/clinic/hrt-consult?${EMBED_QUERY}&utm_content=Alex`);
  expect(unknown.status).toBe(400);
  expect(await unknown.text()).toContain('utm_content');
  expect((await fetch(`${origin}/calendly/clinic/hrt-consult?embed_type=Inline`)).status).toBe(200);
});

test('other paths are not the fake’s', () => {
  const request = Object.create(IncomingMessage.prototype) as IncomingMessage;
  const response = Object.create(ServerResponse.prototype) as ServerResponse;
  expect(handleScheduling(request, response, new URL('http://localhost/api/journey'))).toBe(false);
});

test('the page says it has loaded, and a confirmed time posts a booking the app accepts', async () => {
  const html = await (await fetch(`${origin}/calendly/clinic/hrt-consult?${EMBED_QUERY}`)).text();
  const script = await (await fetch(`${origin}/calendly/embed.js`)).text();
  document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
  const posted: unknown[] = [];
  // Alone in its window, the page's parent is itself: its messages come back to it.
  const listen = (event: MessageEvent) => {
    posted.push(event.data);
  };
  window.addEventListener('message', listen);
  // The fake's own script, run as the browser would run it in the frame.
  (0, eval)(script);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const loaded = posted.map((data) => (data as { event: string }).event);
  expect(loaded).toEqual(expect.arrayContaining(['calendly.event_type_viewed', 'calendly.page_height']));

  const confirm = document.getElementById('confirm') as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);
  document.querySelector<HTMLButtonElement>('.slot')?.click();
  confirm.click();
  await new Promise((resolve) => setTimeout(resolve, 20));

  const booking = posted.find((data) => (data as { event: string }).event === 'calendly.event_scheduled');
  const message = readEmbedMessage({ origin, data: booking, source: null }, { origin });
  expect(message?.kind).toBe('scheduled');
  expect(message?.kind === 'scheduled' ? message.appointmentId : '').toMatch(/^fake-[A-Z0-9]{16}$/);
  expect(document.getElementById('done')?.hidden).toBe(false);
  window.removeEventListener('message', listen);
});
