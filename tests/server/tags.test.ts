import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { countRows, startTestServer, type TestServer } from './test-server.ts';

/** Patient details that must never be kept or logged by the tagging endpoint. */
const CANARY = {
  email: 'zebulonia.canary@example.com',
  name: 'Quillfeather',
  phone: '4155550177',
};

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({ logs: true });
});

afterEach(async () => {
  await server.remove();
});

function collect(body: unknown, contentType = 'text/plain') {
  return server.call({
    method: 'POST',
    url: '/tags/collect',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function keptEvents(): unknown[] {
  return server.db
    .prepare(
      'SELECT container, event, funnel, brand, variant, step_index, outcome, page_path FROM tag_events ORDER BY id',
    )
    .all();
}

const STEP_VIEW = {
  container: 'GTM-MALE001',
  event: 'funnel_step_view',
  funnel: 'shrt',
  brand: 'male',
  variant: null,
  step_index: 2,
  outcome: null,
  page_path: '/mip/form/:pathCode',
};

test('an allowed event is kept with its allowed fields, and the log names only the event', async () => {
  const answer = await collect(STEP_VIEW);
  expect(answer.status).toBe(204);
  expect(
    await collect({ event: 'payment_result', brand: 'female', funnel: 'fha1', outcome: 'declined' }),
  ).toMatchObject({ status: 204 });

  expect(keptEvents()).toEqual([
    STEP_VIEW,
    {
      container: null,
      event: 'payment_result',
      funnel: 'fha1',
      brand: 'female',
      variant: null,
      step_index: null,
      outcome: 'declined',
      page_path: null,
    },
  ]);
  const kept = server.logs.filter((line) => line.includes('tag event kept'));
  expect(kept).toHaveLength(2);
  expect(kept[0]).toContain('"tagEvent":"funnel_step_view"');
  expect(kept.join('\n')).not.toContain('shrt');
});

test('an event carrying patient data is refused, not kept, and its body is in no log line', async () => {
  const attempts = [
    { ...STEP_VIEW, email: CANARY.email },
    { ...STEP_VIEW, funnel: CANARY.name },
    { ...STEP_VIEW, variant: CANARY.phone },
    { ...STEP_VIEW, step_index: CANARY.phone },
    { ...STEP_VIEW, container: CANARY.email },
    // The page is its route pattern, never its address.
    { ...STEP_VIEW, page_path: `/mip/form/shrt?email=${CANARY.email}` },
    { ...STEP_VIEW, event: CANARY.email },
    { event: 'assessment_complete', outcome: CANARY.name },
    // Nor anything worked out from the answers (issue 38): the assessment's event has no outcome.
    { event: 'assessment_complete', outcome: 'qualified' },
    { event: 'assessment_complete', outcome: 'not_qualified' },
    { event: 'service_fallback', outcome: 'approved' },
    [STEP_VIEW, CANARY.email],
    // A split test's fields hold only its ids and the funnel version (8 hex digits).
    { ...STEP_VIEW, experiment: CANARY.name },
    { event: 'experiment_step', funnel: 'shrt', step_index: 1, experiment_variant: CANARY.email },
    { event: 'experiment_exposure', funnel: 'shrt', funnel_version: CANARY.phone },
    { event: 'experiment_exposure', funnel: 'shrt', brand: 'male' },
  ];
  for (const attempt of attempts) {
    const answer = await collect(attempt);
    expect(answer.status, JSON.stringify(attempt)).toBe(400);
    expect(answer.text).not.toContain(CANARY.email);
  }
  // Not JSON at all, sent as JSON: refused without the parser quoting it back.
  const broken = await collect(`{"event": "${CANARY.email}`, 'application/json');
  expect(broken.status).toBe(400);
  expect(broken.text).not.toContain(CANARY.email);

  expect(countRows(server.db, 'tag_events')).toBe(0);
  const logs = server.logs.join('\n');
  for (const value of Object.values(CANARY)) expect(logs).not.toContain(value);
});

test('a body larger than any event is refused', async () => {
  const answer = await collect({ ...STEP_VIEW, padding: 'x'.repeat(10_000) });
  expect(answer.status).toBe(413);
  expect(countRows(server.db, 'tag_events')).toBe(0);
});

test('/tags/gtm.js is a script that sends allowed data-layer events, pushed before and after it, to /tags/collect', async () => {
  const answer = await server.app.inject({ method: 'GET', url: '/tags/gtm.js?id=GTM-MALE001' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.body).not.toMatch(/\beval\b|new Function/);

  // The script run as the page runs it: its own <script> element, a data layer, and fetch.
  const sent: { url: string; init: { body: string; credentials: string; keepalive: boolean } }[] = [];
  const dataLayer: unknown[] = [
    { 'gtm.start': 1, event: 'gtm.js' },
    { event: 'funnel_step_view', funnel: 'shrt', brand: 'male', variant: null, step_index: 0, outcome: null },
  ];
  const window: Record<string, unknown> = { dataLayer };
  runInNewContext(answer.body, {
    window,
    document: { currentScript: { src: 'http://localhost:4173/tags/gtm.js?id=GTM-MALE001' } },
    URL,
    JSON,
    fetch: (url: string, init: (typeof sent)[number]['init']) => {
      sent.push({ url, init });
      return Promise.resolve();
    },
  });
  (window.dataLayer as { push: (...entries: unknown[]) => void }).push(
    { event: 'payment_result', outcome: 'approved', email: CANARY.email },
    { event: 'not_an_event' },
  );

  expect(sent.map((request) => request.url)).toEqual([
    'http://localhost:4173/tags/collect',
    'http://localhost:4173/tags/collect',
  ]);
  expect(sent.every((request) => request.init.credentials === 'omit' && request.init.keepalive)).toBe(true);
  expect(JSON.stringify(sent)).not.toContain(CANARY.email);
  // What it sends, the collector keeps.
  for (const request of sent) expect((await collect(request.init.body)).status).toBe(204);
  expect(keptEvents()).toEqual([
    { ...STEP_VIEW, step_index: 0, page_path: null },
    {
      container: 'GTM-MALE001',
      event: 'payment_result',
      funnel: null,
      brand: null,
      variant: null,
      step_index: null,
      outcome: 'approved',
      page_path: null,
    },
  ]);
  // The data layer still holds everything pushed, for the page.
  expect(dataLayer).toHaveLength(4);
});

test('a split test’s event is kept with its funnel version and step, and none of the page’s fields', async () => {
  const step = { event: 'experiment_step', funnel: 'shrt', step_index: 1, funnel_version: '57151cda' };
  expect(await collect(step)).toMatchObject({ status: 204 });
  expect(
    server.db
      .prepare(
        'SELECT event, funnel, brand, step_index, experiment, experiment_variant, funnel_version FROM tag_events',
      )
      .all(),
  ).toEqual([
    {
      event: 'experiment_step',
      funnel: 'shrt',
      brand: null,
      step_index: 1,
      // The project's config runs no split test, so no test id is one to keep.
      experiment: null,
      experiment_variant: null,
      funnel_version: '57151cda',
    },
  ]);
});
