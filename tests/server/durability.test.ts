/**
 * Issue 13, point 5: a kill -9 of the server under write load loses no acknowledged write.
 * The real server process takes saveLead and createOrder calls from several patients at once,
 * is killed with SIGKILL while calls are in flight, and the database it leaves must hold every
 * write it answered 2xx to, pass integrity_check, and start the server again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { startServer, stopServer, untilServing, type ServerProcess } from './real-server.ts';
import { ASSESSMENT_ANSWERS } from './test-server.ts';
import { agreementFor } from '../support/agreement.ts';

const PORT = 5321;
const PATIENTS = 8;
/** Calls in flight at any time, as many browsers would send them. */
const CONCURRENCY = 24;
/** The server is killed once this many writes are acknowledged, with more still in flight. */
const KILL_AFTER_ACKS = 400;
/** One address sends every patient's calls here, so the per-address rate limits are off, as in bench:api. */
const LOAD_TEST = { RATE_LIMITS: 'off' };

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Patient {
  cookie: string;
  landingId: string;
}

/** The contract's example lead and order, for one patient. */
function leadBody(landingId: string, lastName: string, email: string) {
  const lead = {
    landing_id: landingId,
    formId: 'MIP',
    pathCode: 'shrt',
    // A finished assessment: shrt takes its payment only after one (src/server/step-doors.ts).
    answers: ASSESSMENT_ANSWERS,
    firstName: 'Dura',
    lastName,
    email,
    phone: '2025550143',
  };
  return { lead: JSON.stringify(lead), landingId };
}

function landingIdOf(lastName: string, email: string): string {
  return Buffer.from(`${lastName}${email}2026-11-20MIP`).toString('base64url');
}

async function call(api: string, method: string, url: string, cookie: string, body: unknown, key?: string) {
  return fetch(`${api}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(cookie === '' ? {} : { cookie }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
}

/** The session cookie a response sets (a new or renewed session), else the one the browser had. */
function cookieAfter(response: Response, cookie: string): string {
  const set = response.headers.get('set-cookie');
  return set === null ? cookie : (set.split(';', 1)[0] ?? '');
}

/**
 * A patient as the funnel makes one: a browser session, a lead, billing details and a first
 * order (which makes them a customer). The session's id is renewed as it gains the lead and
 * the customer (src/server/access.ts), so the browser keeps the cookie each answer sets.
 */
async function newPatient(api: string, index: number): Promise<Patient> {
  const journey = await call(api, 'PUT', '/journey', '', {
    pathCode: 'shrt',
    state: { landedAt: '2026-11-20T09:00:00.000Z', answers: {}, pages: {}, completed: [], records: {} },
  });
  let cookie = cookieAfter(journey, '');
  expect(cookie).toMatch(/^funnel_journey=/);
  const lastName = `Durable${index}`;
  const email = `durable.patient${index}@example.com`;
  const landingId = landingIdOf(lastName, email);
  const lead = await call(api, 'POST', '/memoForm/saveLead', cookie, leadBody(landingId, lastName, email));
  expect(lead.status).toBe(200);
  cookie = cookieAfter(lead, cookie);
  const billing = await call(api, 'POST', '/mipH2/billingInfo/save', cookie, {
    customer: JSON.stringify({
      firstName: 'Dura',
      lastName,
      address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      paymentToken: 'tok_visa_4242',
    }),
    landingId,
  });
  const billingToken = ((await billing.json()) as { data?: { billingToken?: string } }).data?.billingToken;
  expect(billingToken).toBeTypeOf('string');
  const first = await call(
    api,
    'POST',
    '/memoForm/createOrder',
    cookie,
    { order: JSON.stringify(orderOf(landingId, billingToken ?? '', lastName, email)) },
    randomUUID(),
  );
  expect(first.status).toBe(201);
  return { cookie: cookieAfter(first, cookie), landingId };
}

/** The order a patient places: the same customer each time once the first has made them one. */
function orderOf(landingId: string, billingToken: string, lastName: string, email: string) {
  return {
    productId: '1682',
    landingId,
    billingToken,
    // Each patient's own contact: one email paid already is recognised in another browser (orders.ts paidElsewhere).
    contact: { firstName: 'Dura', lastName, email, phone: '2025550143' },
    agreement: agreementFor('1682'),
  };
}

/** What the server acknowledged (answered 2xx to), by kind. */
interface Acknowledged {
  leads: string[];
  orders: string[];
}

/**
 * One write, alternating a new lead (a landing id of its own, from a new browser: a lead gained
 * under the patient's session would renew its id under the calls in flight) and a new order of
 * the patient's (a follow-on product, with a new Idempotency-Key). Recorded only once its 2xx body is read.
 */
async function write(api: string, patient: Patient, serial: number, acked: Acknowledged): Promise<void> {
  if (serial % 2 === 0) {
    const lastName = `Extra${serial}`;
    const email = `extra${serial}@example.com`;
    const landingId = landingIdOf(lastName, email);
    const response = await call(api, 'POST', '/memoForm/saveLead', '', leadBody(landingId, lastName, email));
    if (response.ok) {
      const saved = (await response.json()) as { data: { landing_id: string } };
      acked.leads.push(saved.data.landing_id);
    }
    return;
  }
  // A follow-on order, charged to the patient's card: a second createOrder of the same product
  // under the same lead is refused as a second payment (409, nothing written).
  const response = await call(
    api,
    'POST',
    '/memoForm/createFollowOnProductOrder',
    patient.cookie,
    { landingId: patient.landingId, productId: '1673', campaignId: '116', compOrder: false },
    randomUUID(),
  );
  if (response.ok) {
    const created = (await response.json()) as { data: { orderId: string } };
    acked.orders.push(created.data.orderId);
  }
}

test('a kill -9 under concurrent writes loses no acknowledged write', { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-durability-test-'));
  dirs.push(dataDir);
  const server = startServer({ dataDir, port: PORT, env: LOAD_TEST });
  servers.push(server);
  await untilServing(server);
  const patients = await Promise.all(Array.from({ length: PATIENTS }, (_, index) => newPatient(server.api, index)));

  const acked: Acknowledged = { leads: [], orders: [] };
  let serial = 0;
  // Shared by the workers, each of which may be the one that kills.
  const load = { killed: false, inFlight: 0, inFlightAtKill: 0 };
  const killWhenEnough = () => {
    if (load.killed || acked.leads.length + acked.orders.length < KILL_AFTER_ACKS) return;
    load.killed = true;
    load.inFlightAtKill = load.inFlight;
    server.child.kill('SIGKILL');
  };
  // Each worker sends its next write as soon as the last is answered, until the server is gone.
  const worker = async () => {
    while (!load.killed) {
      const mine = serial++;
      const patient = patients[mine % PATIENTS];
      if (patient === undefined) throw new Error('No patient');
      load.inFlight += 1;
      try {
        await write(server.api, patient, mine, acked);
      } catch {
        // The connection died with the server: this write was never acknowledged.
      } finally {
        load.inFlight -= 1;
      }
      killWhenEnough();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const exit = await server.exited;
  expect(exit.signal).toBe('SIGKILL');
  // The kill came with writes in flight, so it is a crash under load, not after it.
  expect(load.inFlightAtKill).toBeGreaterThan(0);

  // Opened as the next start would, the WAL left by the killed process included.
  const db = new Database(path.join(dataDir, 'funnel.sqlite'));
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const lead = db.prepare<[string], { found: number }>('SELECT count(*) AS found FROM leads WHERE landing_id = ?');
    const order = db.prepare<[string], { found: number }>('SELECT count(*) AS found FROM orders WHERE id = ?');
    const lostLeads = acked.leads.filter((landingId) => lead.get(landingId)?.found !== 1);
    const lostOrders = acked.orders.filter((orderId) => order.get(orderId)?.found !== 1);
    expect(acked.leads.length).toBeGreaterThan(0);
    expect(acked.orders.length).toBeGreaterThan(0);
    expect({ lostLeads, lostOrders }).toEqual({ lostLeads: [], lostOrders: [] });
  } finally {
    db.close();
  }

  // And the server starts again on what the crash left: its corruption check passes.
  const again = startServer({ dataDir, port: PORT, env: LOAD_TEST });
  servers.push(again);
  await untilServing(again);
  expect((await stopServer(again)).code).toBe(0);
});
