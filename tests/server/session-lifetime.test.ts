import { afterEach, expect, test } from 'vitest';
import { readServerConfig, ServerConfigError } from '../../src/server/server-config.ts';
import {
  JANE_CUSTOMER_ID,
  returnLinkToken,
  saveBilling,
  saveLead,
  orderJson,
  STAFF,
  startTestServer,
  tempDataDir,
  type Browser,
  type Reply,
  type TestServer,
} from './test-server.ts';

/**
 * Issue 39, point 2: a session ends on the server, not only in the browser. Idle for longer
 * than SESSION_IDLE_HOURS (72 by default), or SESSION_MAX_DAYS (30) after it started however
 * busy, or signed out, or ended by staff: its id reads and writes nothing from then on, from
 * any browser. The clock is the test's.
 */

const HOUR = 60 * 60 * 1000;
const LANDING_ID = 'TGlmZXRpbWUucGF0aWVudEBleGFtcGxlLmNvbTIwMjYtMTItMDNNSVA';
const LEAD = `/api/memoForm/getLead?landing_id=${LANDING_ID}`;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.remove();
  server = undefined;
});

/** A server whose clock the test moves on. */
async function serverWithClock(): Promise<{ server: TestServer; later: (ms: number) => void }> {
  let now = Date.parse('2026-12-03T09:00:00.000Z');
  server = await startTestServer({ clock: () => new Date(now) });
  return {
    server,
    later: (ms) => {
      now += ms;
    },
  };
}

/** The patient's browser, with their lead saved in it. */
async function patientWithLead(on: TestServer): Promise<Browser> {
  const patient = on.browser();
  await saveLead({ ...on, call: patient }, LANDING_ID);
  expect((await patient({ method: 'GET', url: LEAD })).status).toBe(200);
  return patient;
}

const endsCookie = (reply: Reply) => {
  const header = reply.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  return first !== undefined && /^funnel_journey=; Max-Age=0; Path=\/;/.test(String(first));
};

test('a session used within three days lives on; one left for longer than that reads nothing, and the browser is told to forget it', async () => {
  const { server: on, later } = await serverWithClock();
  const patient = await patientWithLead(on);
  const id = patient.cookie() ?? '';

  later(71 * HOUR);
  expect((await patient({ method: 'GET', url: LEAD })).status).toBe(200);
  later(71 * HOUR);
  expect((await patient({ method: 'GET', url: LEAD })).status).toBe(200);

  later(73 * HOUR);
  const stale = await patient({ method: 'GET', url: LEAD });
  expect(stale.status).toBe(404);
  expect(endsCookie(stale)).toBe(true);
  expect(patient.cookie()).toBeUndefined();
  // The same id from another browser, another address or User-Agent is no better.
  const elsewhere = await on.browser(id)({ method: 'GET', url: LEAD, headers: { 'user-agent': 'curl/8.5' } });
  expect(elsewhere.status).toBe(404);
  expect((await on.browser(id)({ method: 'GET', url: '/api/journey?pathCode=shrt' })).json).toEqual({ data: null });
});

test('however busy, a session ends thirty days after it started: a renewal does not extend it', async () => {
  const { server: on, later } = await serverWithClock();
  const patient = await patientWithLead(on);
  for (let day = 1; day < 30; day += 1) {
    later(24 * HOUR);
    if (day === 10) {
      // A return link claimed renews the id; the session keeps its start.
      const claim = await patient({
        method: 'POST',
        url: '/api/session/claim',
        headers: { host: 'femme.localhost' },
        payload: { token: returnLinkToken(JANE_CUSTOMER_ID) },
      });
      expect(claim.status).toBe(200);
    }
    expect((await patient({ method: 'GET', url: LEAD })).status, `day ${String(day)}`).toBe(200);
  }
  later(24 * HOUR);
  expect((await patient({ method: 'GET', url: LEAD })).status).toBe(404);
});

test('limits are the server’s settings: a shorter idle limit ends a session sooner', async () => {
  let now = Date.parse('2026-12-03T09:00:00.000Z');
  server = await startTestServer({
    clock: () => new Date(now),
    sessionLifetime: { idleMs: 1 * HOUR, absoluteMs: 24 * HOUR },
  });
  const patient = await patientWithLead(server);
  now += 2 * HOUR;
  expect((await patient({ method: 'GET', url: LEAD })).status).toBe(404);
});

test('SESSION_IDLE_HOURS and SESSION_MAX_DAYS are read and checked at start', () => {
  const dataDir = tempDataDir();
  const read = (env: Record<string, string>) => readServerConfig({ DATA_DIR: dataDir, ...env }, '/');
  expect(read({}).sessionLifetime).toEqual({ idleMs: 72 * HOUR, absoluteMs: 30 * 24 * HOUR });
  expect(read({ SESSION_IDLE_HOURS: '12', SESSION_MAX_DAYS: '7' }).sessionLifetime).toEqual({
    idleMs: 12 * HOUR,
    absoluteMs: 7 * 24 * HOUR,
  });
  expect(() => read({ SESSION_IDLE_HOURS: '0' })).toThrow(ServerConfigError);
  expect(() => read({ SESSION_IDLE_HOURS: '1.5' })).toThrow(/SESSION_IDLE_HOURS must be a whole number from 1 to 720/);
  expect(() => read({ SESSION_MAX_DAYS: '365' })).toThrow(/SESSION_MAX_DAYS must be a whole number from 1 to 90/);
  expect(() => read({ SESSION_IDLE_HOURS: '48', SESSION_MAX_DAYS: '1' })).toThrow(/no shorter than/);
});

test('Sign out ends the session on the server: its id opens nothing from any browser, and the records stay', async () => {
  server = await startTestServer();
  const patient = await patientWithLead(server);
  const id = patient.cookie() ?? '';
  const signOut = await patient({ method: 'POST', url: '/api/session/sign-out' });
  expect(signOut).toMatchObject({ status: 200, json: { data: { signedOut: true } } });
  expect(endsCookie(signOut)).toBe(true);
  expect(patient.cookie()).toBeUndefined();

  expect((await server.browser(id)({ method: 'GET', url: LEAD })).status).toBe(404);
  expect((await patient({ method: 'GET', url: LEAD })).status).toBe(404);
  // Nothing was deleted: the lead is still the clinic's record.
  expect(server.db.prepare('SELECT count(*) AS n FROM leads WHERE landing_id = ?').get(LANDING_ID)).toEqual({ n: 1 });
  // Signing out again, or with no session, answers the same and starts none.
  const again = await server.browser(id)({ method: 'POST', url: '/api/session/sign-out' });
  expect(again).toMatchObject({ status: 200, json: { data: { signedOut: true } } });
  const none = await server.browser()({ method: 'POST', url: '/api/session/sign-out' });
  expect(none.status).toBe(200);
  expect(none.headers['set-cookie']).toBeUndefined();
});

test('staff end every session that reaches a customer; no one else can, and the return link opens them again', async () => {
  server = await startTestServer();
  const patient = await patientWithLead(server);
  const token = await saveBilling({ ...server, call: patient }, LANDING_ID, { cardNumber: '4242424242424242' });
  const order = await patient({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': 'lifetime-order' },
    payload: { order: orderJson(LANDING_ID, token) },
  });
  expect(order.status).toBe(201);
  const { kt_customer_id: customerId } = server.db
    .prepare<[string], { kt_customer_id: string }>('SELECT kt_customer_id FROM orders WHERE landing_id = ?')
    .get(LANDING_ID) ?? { kt_customer_id: '' };
  const phone = server.browser();
  expect(
    (await phone({ method: 'POST', url: '/api/session/claim', payload: { token: returnLinkToken(customerId) } }))
      .status,
  ).toBe(200);
  const customer = `/api/memoForm/ktCustomerLandingId?ktCustomerId=${customerId}`;
  const end = {
    method: 'POST' as const,
    url: '/api/staff/customer-sessions/end',
    payload: { ktCustomerId: customerId },
  };

  // The patient themselves (no staff header: the contract's 400), a wrong token: nothing ended.
  expect((await patient(end)).status).toBe(400);
  expect((await server.browser()({ ...end, headers: { 'x-staff-token': 'wrong-staff-token-0000' } })).status).toBe(401);
  expect((await phone({ method: 'GET', url: customer })).status).toBe(200);

  const ended = await server.browser()({ ...end, headers: STAFF });
  expect(ended).toMatchObject({ status: 200, json: { data: { ktCustomerId: customerId, ended: 2 } } });
  for (const browser of [patient, phone]) {
    expect((await browser({ method: 'GET', url: customer })).status).toBe(404);
    expect((await browser({ method: 'GET', url: LEAD })).status).toBe(404);
  }
  expect((await server.browser()({ ...end, payload: { ktCustomerId: '999999999' }, headers: STAFF })).status).toBe(404);

  const back = server.browser();
  expect(
    (await back({ method: 'POST', url: '/api/session/claim', payload: { token: returnLinkToken(customerId) } })).status,
  ).toBe(200);
  expect((await back({ method: 'GET', url: customer })).status).toBe(200);
});
