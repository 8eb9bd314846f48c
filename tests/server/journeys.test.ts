import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.remove();
});

const state = {
  version: 3,
  landedAt: '2026-11-22T10:00:00.000Z',
  answers: { 'energy-level': ['Low'], birthdate: ['1980-02-29'] },
  pages: { MIP: 2 },
  step: { url: '/hormone-assessment/shrt?pathOverride=assess,res', index: 0 },
  completed: [],
  records: {},
};

async function put(body: unknown, cookie?: string) {
  const response = await server.app.inject({
    method: 'PUT',
    url: '/api/journey',
    payload: body as Record<string, unknown>,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
  return response;
}

/** The session cookie a response set (over http it comes first, before the end of the one on /api): as sent back, or whole. */
function cookieOf(setCookie: string | string[] | undefined, form: 'pair' | 'whole' = 'pair'): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return form === 'whole' ? (header ?? '') : ((header ?? '').split(';')[0] ?? '');
}

test('a first save sets an HttpOnly, SameSite=Strict cookie holding an opaque id, and the journey comes back with it', async () => {
  const saved = await put({ pathCode: 'shrt', state });
  expect(saved.statusCode).toBe(200);
  const setCookie = cookieOf(saved.headers['set-cookie'], 'whole');
  expect(setCookie).toMatch(
    /^funnel_journey=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/,
  );
  expect(String(saved.headers['set-cookie'])).not.toContain('Low');

  const cookie = cookieOf(saved.headers['set-cookie']);
  const loaded = await server.call({ method: 'GET', url: '/api/journey?pathCode=shrt', headers: { cookie } });
  expect(loaded.status).toBe(200);
  expect(loaded.json).toMatchObject({ data: { pathCode: 'shrt', state, revision: 1 } });
});

test('a later save with the cookie, over the revision it loaded, replaces the journey and sets no new cookie', async () => {
  const cookie = cookieOf((await put({ pathCode: 'shrt', state })).headers['set-cookie']);
  const again = await put({ pathCode: 'shrt', state: { ...state, pages: { MIP: 3 } }, baseRevision: 1 }, cookie);
  expect(again.headers['set-cookie']).toBeUndefined();
  expect(JSON.parse(again.body)).toMatchObject({ data: { revision: 2 } });
  const loaded = await server.call({ method: 'GET', url: '/api/journey?pathCode=shrt', headers: { cookie } });
  expect(loaded.json).toMatchObject({ data: { state: { pages: { MIP: 3 } }, revision: 2 } });
});

test('journeys are per browser and per campaign code', async () => {
  const cookie = cookieOf((await put({ pathCode: 'shrt', state })).headers['set-cookie']);
  // None is an answer, not an error (a 404 is logged in red by every browser): 200 with no data.
  const none = { status: 200, json: { data: null } };
  expect(await server.call({ method: 'GET', url: '/api/journey?pathCode=fha1', headers: { cookie } })).toMatchObject(
    none,
  );
  expect(await server.call({ method: 'GET', url: '/api/journey?pathCode=shrt' })).toMatchObject(none);
  const forged = 'funnel_journey=' + 'A'.repeat(43);
  expect(
    await server.call({ method: 'GET', url: '/api/journey?pathCode=shrt', headers: { cookie: forged } }),
  ).toMatchObject(none);
  // The real id with a signature of someone's making is no better.
  const resigned = `${cookie.split('.', 1)[0] ?? ''}.${'B'.repeat(43)}`;
  expect(
    await server.call({ method: 'GET', url: '/api/journey?pathCode=shrt', headers: { cookie: resigned } }),
  ).toMatchObject(none);
});

test('start over forgets the journey', async () => {
  const cookie = cookieOf((await put({ pathCode: 'shrt', state })).headers['set-cookie']);
  const forgotten = await server.call({ method: 'DELETE', url: '/api/journey?pathCode=shrt', headers: { cookie } });
  expect(forgotten.json).toEqual({ data: { pathCode: 'shrt', forgotten: true } });
  expect((await server.call({ method: 'GET', url: '/api/journey?pathCode=shrt', headers: { cookie } })).json).toEqual({
    data: null,
  });
});

test('a journey that is not the contract shape is refused with the field named, and nothing is stored', async () => {
  const bad = await put({ pathCode: 'shrt', state: { ...state, step: { url: 'https://evil.example/', index: 0 } } });
  expect(bad.statusCode).toBe(400);
  expect(JSON.parse(bad.body)).toMatchObject({ details: [expect.objectContaining({ field: '/body/state/step/url' })] });
  expect(bad.headers['set-cookie']).toBeUndefined();
  const noCode = await put({ state });
  expect(noCode.statusCode).toBe(400);
});

test('journeys untouched for 30 days are deleted', async () => {
  const cookie = cookieOf((await put({ pathCode: 'shrt', state })).headers['set-cookie']);
  server.db.prepare("UPDATE journeys SET updated_at = '2000-01-01T00:00:00.000Z'").run();
  await put({ pathCode: 'fha1', state });
  expect((await server.call({ method: 'GET', url: '/api/journey?pathCode=shrt', headers: { cookie } })).json).toEqual({
    data: null,
  });
});

test('the journey’s lead is read through the journey, so its landing id never goes in a URL', async () => {
  const landingId = 'Sm91cm5leUxlYWQtZXhhbXBsZQ';
  const first = cookieOf((await put({ pathCode: 'shrt', state })).headers['set-cookie']);
  const saved = await server.app.inject({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    headers: { cookie: first },
    payload: {
      landingId,
      lead: JSON.stringify({
        landing_id: landingId,
        answers: [],
        firstName: 'Ada',
        lastName: 'Quill',
        email: 'ada.quill@example.com',
        phone: '2125550111',
      }),
    },
  });
  // The lead renewed the session's id (src/server/access.ts): the journey went with it.
  const cookie = cookieOf(saved.headers['set-cookie']);
  expect(cookie).not.toBe(first);
  const before = await server.call({ method: 'GET', url: '/api/journey/lead?pathCode=shrt', headers: { cookie } });
  expect(before.status).toBe(404);

  await put({ pathCode: 'shrt', state: { ...state, landingId }, baseRevision: 1 }, cookie);
  const lead = await server.call({ method: 'GET', url: '/api/journey/lead?pathCode=shrt', headers: { cookie } });
  expect(lead.status).toBe(200);
  expect(lead.json).toMatchObject({ data: { landing_id: landingId, firstName: 'Ada' } });
  expect((await server.call({ method: 'GET', url: '/api/journey/lead?pathCode=shrt' })).status).toBe(404);

  // Another browser that writes the landing id into its own journey does not get the lead.
  const stranger = cookieOf((await put({ pathCode: 'shrt', state: { ...state, landingId } })).headers['set-cookie']);
  const stolen = await server.call({
    method: 'GET',
    url: '/api/journey/lead?pathCode=shrt',
    headers: { cookie: stranger },
  });
  expect(stolen.status).toBe(404);
});

test('a version 1 journey with a record of no known name is stored as one that saves again', async () => {
  // Version 1: no version field, records named as its features wrote them, and one of no known name.
  const v1 = { ...state, version: undefined, records: { orderId: 'ord_1', legacyBanner: 'seen' } };
  const saved = await put({ pathCode: 'shrt', state: v1 });
  expect(saved.statusCode).toBe(200);
  const cookie = cookieOf(saved.headers['set-cookie']);
  const loaded = await server.call({ method: 'GET', url: '/api/journey?pathCode=shrt', headers: { cookie } });
  const { state: stored, revision } = (loaded.json as { data: { state: typeof state; revision: number } }).data;
  expect(stored.records).toEqual({ 'payment.orderId': 'ord_1' });
  // The browser saves what it loaded, with one more page: accepted, as every later save is.
  const again = await put(
    { pathCode: 'shrt', state: { ...stored, pages: { MIP: 3 } }, baseRevision: revision },
    cookie,
  );
  expect(again.statusCode, again.body).toBe(200);
});

test('a journey’s funnel version is stored beside it, and a version 2 save from an older tab is kept as version 3 without one', async () => {
  const funnel = {
    version: '4eda3351',
    steps: ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'],
  };
  const saved = await put({ pathCode: 'shrt', state: { ...state, funnel } });
  expect(saved.statusCode).toBe(200);
  const older = await put({ pathCode: 'ghrt', state: { ...state, version: 2 } });
  expect(older.statusCode).toBe(200);
  expect(older.json<{ data: { state: { version: number } } }>().data.state.version).toBe(3);
  const rows = server.db
    .prepare('SELECT path_code AS code, funnel_version AS version FROM journeys ORDER BY path_code')
    .all() as { code: string; version: string | null }[];
  expect(rows).toEqual([
    { code: 'ghrt', version: null },
    { code: 'shrt', version: '4eda3351' },
  ]);
  // A version 2 journey cannot carry funnel steps: only version 3 has a place for them.
  expect((await put({ pathCode: 'mhrt', state: { ...state, version: 2, funnel } })).statusCode).toBe(400);
});
