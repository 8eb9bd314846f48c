import { afterEach, beforeEach, expect, test } from 'vitest';
import { SESSION_KEYED_TABLES } from '../../src/server/access.ts';
import {
  JANE_CUSTOMER_ID,
  JANE_LANDING_ID,
  leadJson,
  orderJson,
  returnLinkToken,
  saveBilling,
  saveLead,
  startTestServer,
  type Browser,
  type Reply,
  type TestServer,
} from './test-server.ts';

/**
 * Issue 24, point 1: a session the server issued, planted in a patient's browser (a sibling
 * subdomain, a shared computer, script on a same-site host), must not be given the patient's
 * records. The attacker gets a real, signed cookie from any cookieless write, plants it, and
 * waits: whenever the session gains records its id is renewed, and the planted one opens
 * nothing. Issue 24, point 6: an order's Idempotency-Key answers its stored response only to
 * the session that made it.
 */

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.remove();
});

const LANDING_ID = 'UGxhbnRlZC52aWN0aW1AZXhhbXBsZS5jb20yMDI2LTExLTI3TUlQ';
const NOT_FOUND_LEAD = { status: 404, message: 'Not found', details: 'No lead is saved under this landing id.' };

function setCookieOf(reply: Reply): string | undefined {
  const header = reply.headers['set-cookie'];
  return Array.isArray(header) ? header[0] : typeof header === 'string' ? header : undefined;
}

/** The `name=value` of a Set-Cookie header. */
const pairOf = (setCookie: string | undefined) => setCookie?.split(';', 1)[0];

/** A browser's first save of its journey for a code, with the answers given so far. */
function saveJourney(browser: Browser, pathCode: string, answers: Record<string, string[]> = {}): Promise<Reply> {
  return browser({
    method: 'PUT',
    url: '/api/journey',
    payload: {
      pathCode,
      state: { version: 2, landedAt: '2026-11-27T09:00:00.000Z', answers, pages: {}, completed: [], records: {} },
    },
  });
}

/** What an attacker does first: a cookieless write that the server answers with a real session cookie. */
async function issuedSession(): Promise<string> {
  const stranger = server.browser();
  expect((await saveJourney(stranger, 'quiz')).status).toBe(200);
  const planted = stranger.cookie();
  if (planted === undefined) throw new Error('the server set no cookie');
  return planted;
}

/** What the planted cookie, in the attacker's own hands, reads of the victim's records. */
function withPlanted(planted: string, url: string): Promise<Reply> {
  return server.browser()({ method: 'GET', url, headers: { cookie: planted } });
}

test('a planted session that saves the patient’s first lead is renewed: the planted id reads nothing of it', async () => {
  const planted = await issuedSession();
  const victim = server.browser(planted);
  // The patient's journey is saved under the planted session, then the assessment's lead.
  expect((await saveJourney(victim, 'shrt', { 'energy-level': ['Low'] })).status).toBe(200);
  const lead = await victim({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: leadJson(LANDING_ID), scores: '{"symptoms":14}', landingId: LANDING_ID },
  });
  expect(lead.status).toBe(200);

  const read = `/api/memoForm/getLead?landing_id=${LANDING_ID}`;
  expect((await withPlanted(planted, read)).json).toEqual(NOT_FOUND_LEAD);
  expect((await withPlanted(planted, '/api/journey?pathCode=shrt')).json).toEqual({ data: null });
  // The patient's browser was given the new id.
  expect(pairOf(setCookieOf(lead))).toMatch(/^funnel_journey=/);
  expect(victim.cookie()).not.toBe(planted);
  // The patient keeps everything under the new id: the lead, and the journey with its answers.
  expect((await victim({ method: 'GET', url: read })).status).toBe(200);
  expect(await victim({ method: 'GET', url: '/api/journey?pathCode=shrt' })).toMatchObject({
    json: { data: { state: { answers: { 'energy-level': ['Low'] } } } },
  });
});

test('a planted session that claims a patient’s return link is renewed: the planted id reads nothing of theirs', async () => {
  const planted = await issuedSession();
  const victim = server.browser(planted);
  const claim = await victim({
    method: 'POST',
    url: '/api/session/claim',
    headers: { host: 'femme.localhost' },
    payload: { token: returnLinkToken(JANE_CUSTOMER_ID) },
  });
  expect(claim.status).toBe(200);

  const urls = [
    `/api/memoForm/ktCustomerLandingId?ktCustomerId=${JANE_CUSTOMER_ID}`,
    `/api/memoForm/getLead?landing_id=${JANE_LANDING_ID}`,
  ];
  for (const url of urls) expect((await withPlanted(planted, url)).status, url).toBe(404);
  expect(pairOf(setCookieOf(claim))).toMatch(/^funnel_journey=/);
  expect(victim.cookie()).not.toBe(planted);
  for (const url of urls) expect((await victim({ method: 'GET', url })).status, url).toBe(200);
});

test('an order that makes the patient a customer keeps the session: its answer sets no cookie', async () => {
  const patient = server.browser();
  await saveLead({ ...server, call: patient }, LANDING_ID);
  const before = patient.cookie();
  const token = await saveBilling({ ...server, call: patient }, LANDING_ID, { cardNumber: '4242424242424242' });
  const order = await patient({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': 'keeps-session' },
    payload: { order: orderJson(LANDING_ID, token) },
  });
  expect(order.status).toBe(201);
  expect(setCookieOf(order)).toBeUndefined();
  expect(patient.cookie()).toBe(before);
  const { kt_customer_id: customerId } = server.db
    .prepare<[string], { kt_customer_id: string }>('SELECT kt_customer_id FROM orders WHERE landing_id = ?')
    .get(LANDING_ID) ?? { kt_customer_id: '' };
  expect(
    (await patient({ method: 'GET', url: `/api/memoForm/ktCustomerLandingId?ktCustomerId=${customerId}` })).status,
  ).toBe(200);
});

test('a session planted before the first payment: the attacker’s replay of the order gets a 409 and no cookie, before and after later renewals', async () => {
  // The attacker plants a session of their own in the patient's browser and learns the order's
  // Idempotency-Key and body (issue 39, point 1: the key is kept in the journey).
  const planted = await issuedSession();
  const patient = server.browser(planted);
  await saveLead({ ...server, call: patient }, LANDING_ID);
  const token = await saveBilling({ ...server, call: patient }, LANDING_ID, { cardNumber: '4242424242424242' });
  const key = 'planted-order-key';
  const replay = {
    method: 'POST' as const,
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': key },
    payload: { order: orderJson(LANDING_ID, token) },
  };
  const paidWith = patient.cookie() ?? '';
  const first = await patient(replay);
  expect(first.status).toBe(201);
  const { orderId } = (first.json as { data: { orderId: string } }).data;

  const attack = async (when: string, ids: readonly string[]) => {
    for (const id of ids) {
      const reply = await server.browser(id)(replay);
      expect(reply.status, `${when}: ${id === planted ? 'the planted id' : 'an id of the patient’s before'}`).toBe(409);
      expect(setCookieOf(reply), when).toBeUndefined();
      expect(reply.text, when).not.toContain(orderId);
    }
    const cookieless = await server.browser()(replay);
    expect(cookieless.status, `${when}: no cookie`).toBe(409);
    expect(setCookieOf(cookieless), when).toBeUndefined();
    // The patient's own retry is answered, and no session comes with it either.
    const own = await patient(replay);
    expect(own, when).toMatchObject({ status: 201, json: first.json });
    expect(setCookieOf(own), when).toBeUndefined();
  };
  await attack('after paying', [planted]);

  // A later renewal: the browser claims a return link (the demo customer's), which renews its id.
  const claim = await patient({
    method: 'POST',
    url: '/api/session/claim',
    headers: { host: 'femme.localhost' },
    payload: { token: returnLinkToken(JANE_CUSTOMER_ID) },
  });
  expect(claim.status).toBe(200);
  expect(patient.cookie()).not.toBe(paidWith);
  await attack('after a renewal', [planted, paidWith]);
  expect(server.db.prepare('SELECT count(*) AS n FROM orders WHERE landing_id = ?').get(LANDING_ID)).toEqual({ n: 1 });
});

test('every table that keeps rows under a session id goes along when the id is renewed', () => {
  const tables = server.db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table'")
    .all()
    .flatMap(({ name }) =>
      server.db
        .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
        .all(name)
        .filter((column) => /session_id$|^journey_id$/.test(column.name) && column.name !== 'sent_by_session_id')
        .map((column) => `${name}.${column.name}`),
    );
  // The sessions table is keyed by the id itself: its start goes along with a renewal too.
  expect([...tables, 'sessions.id'].sort()).toEqual(
    SESSION_KEYED_TABLES.map(([table, column]) => `${table}.${column}`).sort(),
  );
});

test('over https the cookie is __Host- prefixed, Secure, on /; a cookie without the prefix is not taken there', async () => {
  const secure = await startTestServer({ trustProxy: '127.0.0.1' });
  try {
    const https = { 'x-forwarded-proto': 'https' };
    const patient = secure.browser();
    const saved = await patient({
      method: 'POST',
      url: '/api/memoForm/saveLead',
      headers: https,
      payload: { lead: leadJson(LANDING_ID), landingId: LANDING_ID },
    });
    expect(saved.status).toBe(200);
    expect(setCookieOf(saved)).toMatch(
      /^__Host-funnel_journey=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const read = { method: 'GET' as const, url: `/api/memoForm/getLead?landing_id=${LANDING_ID}` };
    expect((await patient({ ...read, headers: https })).status).toBe(200);

    // The same signed value under the name a sibling subdomain can set opens nothing over https.
    const tossed = (patient.cookie() ?? '').replace(/^__Host-/, '');
    expect((await secure.browser(tossed)({ ...read, headers: https })).status).toBe(404);
    // Plain http (development) keeps the plain name, on / as well (a page request carries it).
    const plain = await saveJourney(secure.browser(), 'shrt');
    expect(setCookieOf(plain)).toMatch(/^funnel_journey=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict$/);
  } finally {
    await secure.remove();
  }
});

/** A patient who has paid in their own browser: the order call as sent, and its 201. */
async function paidOrder(): Promise<{ patient: Browser; key: string; payload: { order: string }; first: Reply }> {
  const patient = server.browser();
  await saveLead({ ...server, call: patient }, LANDING_ID);
  const token = await saveBilling({ ...server, call: patient }, LANDING_ID, { cardNumber: '4242424242424242' });
  const key = 'replayed-order-key-0001';
  const payload = { order: orderJson(LANDING_ID, token) };
  const first = await patient({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': key },
    payload,
  });
  expect(first.status).toBe(201);
  return { patient, key, payload, first };
}

test('a replayed Idempotency-Key and body from another session, or from none, gets 409 without the order', async () => {
  const { patient, key, payload, first } = await paidOrder();
  const { orderId } = (first.json as { data: { orderId: string } }).data;
  const replay = { method: 'POST' as const, url: '/api/memoForm/createOrder', payload };

  for (const [who, reply] of [
    ['another session', await (await issuedSessionBrowser())({ ...replay, headers: { 'idempotency-key': key } })],
    ['no session', await server.browser()({ ...replay, headers: { 'idempotency-key': key } })],
  ] as const) {
    expect(reply.status, who).toBe(409);
    expect(reply.text, who).not.toContain(orderId);
    expect(reply.text, who).not.toContain('4242');
    expect(reply.text, who).not.toContain('$99');
  }
  // The patient's own retry still gets the first answer, and one order stands.
  const retry = await patient({ ...replay, headers: { 'idempotency-key': key } });
  expect(retry).toMatchObject({ status: 201, json: first.json });
  expect(server.db.prepare('SELECT count(*) AS n FROM orders WHERE landing_id = ?').get(LANDING_ID)).toEqual({ n: 1 });
});

/** A browser holding a session of its own (a stranger's, with a journey in it). */
async function issuedSessionBrowser(): Promise<Browser> {
  return server.browser(await issuedSession());
}
