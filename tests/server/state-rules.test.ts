/**
 * Issue 38 point 1, kept by the server: where the patient is decides whether the clinic may treat
 * them and how (config/clinic-rules.json). An order from a state the product is not served in is
 * refused, and one from a state that asks a live video visit first (Arkansas) is refused until
 * the visit is booked, unless the funnel's next steps are that visit (an HRT payment buys the
 * consult). Nothing is charged or stored by a refused order.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { newBookingId } from '../../src/domain/booking-id.ts';
import { ASSESSMENT_ANSWERS, countRows, STAFF, startTestServer, type Reply, type TestServer } from './test-server.ts';
import { agreementFor } from '../support/agreement.ts';

const LANDING_ID = 'U3RhdGVzYWxleC5yaXZlcmFAZXhhbXBsZS5jb20yMDI2LTEyLTAyTUlQ';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.remove();
});

/** A lead of `pathCode` whose patient lives in `state` (their answer to the state question; null: not asked). */
async function patientIn(state: string | null, pathCode: string): Promise<void> {
  const answers = ASSESSMENT_ANSWERS.flatMap((answer): { ref: string; value: readonly string[] }[] =>
    answer.ref !== 'state' ? [answer] : state === null ? [] : [{ ...answer, value: [state] }],
  );
  const lead = {
    landing_id: LANDING_ID,
    formId: 'MIP',
    pathCode,
    answers,
    firstName: 'Alex',
    lastName: 'Rivera',
    email: 'alex.rivera@example.com',
    phone: '5125550199',
  };
  const reply = await server.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: JSON.stringify(lead), landingId: LANDING_ID },
  });
  expect(reply.status).toBe(200);
}

/** Saves a card billed to an address in `state`, and places the order for `productId` (as staff: `headers`). */
async function pay(
  state: string,
  productId: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const customer = {
    firstName: 'Alex',
    lastName: 'Rivera',
    address: { line1: '100 Main St', city: 'Springfield', state, zip: '72201' },
    paymentToken: 'tok_visa',
  };
  const billing = await server.call({
    method: 'POST',
    url: '/api/mipH2/billingInfo/save',
    payload: { customer: JSON.stringify(customer), landingId: LANDING_ID },
  });
  expect(billing.status).toBe(200);
  const billingToken = (billing.json as { data: { billingToken: string } }).data.billingToken;
  const order = JSON.stringify({
    productId,
    landingId: LANDING_ID,
    billingToken,
    contact: { firstName: 'Alex', lastName: 'Rivera', email: 'alex.rivera@example.com', phone: '5125550199' },
    agreement: agreementFor(productId),
  });
  return server.call({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': key, ...headers },
    payload: { order },
  });
}

const orders = () => countRows(server.db, 'orders', 'demo = 0');

/** Books the first free slot of a consult for the session's patient. */
async function bookVisit(eventType: string): Promise<void> {
  const dates = await server.call({ method: 'GET', url: `/api/calendly/availableDates/${eventType}` });
  const slot = (dates.json as { data: { dates: { slots: { startTime: string }[] }[] } }).data.dates[0]?.slots[0];
  if (slot === undefined) throw new Error('No free slot');
  const appointmentId = newBookingId({ eventType, startTime: slot.startTime });
  const reply = await server.call({
    method: 'PUT',
    url: '/api/calendly/appointmentMadeFromFlow',
    payload: { appointmentId },
  });
  expect(reply.status).toBeLessThan(300);
}

test('an order from a state the product is not served in (Alaska) is refused, and charges nothing', async () => {
  await patientIn('AK', 'shrt');
  const reply = await pay('AK', '1682', 'alaska-key');
  expect(reply.status).toBe(422);
  expect(reply.json).toEqual({
    status: 422,
    message: 'We do not treat patients in this state yet',
    details: 'We cannot treat patients in Alaska yet, so nothing was charged.',
    reason: 'state-not-served',
    state: 'AK',
  });
  expect(orders()).toBe(0);
});

test('the billing address decides when the patient has not said their state (bhrt pays first)', async () => {
  await patientIn(null, 'bhrt');
  expect((await pay('AK', '1682', 'billing-alaska-key')).status).toBe(422);
  expect((await pay('TX', '1682', 'billing-texas-key')).status).toBe(201);
});

test('an ED order from Arkansas, which asks a video visit first, waits for the visit to be booked', async () => {
  await patientIn('AR', 'dailytada');
  const refused = await pay('AR', '1690', 'arkansas-first-key');
  expect(refused.status).toBe(409);
  expect(refused.json).toMatchObject({ reason: 'live-visit-first', state: 'AR' });
  expect(orders()).toBe(0);

  await bookVisit('ed-consult');
  expect((await pay('AR', '1690', 'arkansas-after-visit-key')).status).toBe(201);
});

test('an HRT payment from Arkansas goes through: what it buys is the consult booked next', async () => {
  await patientIn('AR', 'shrt');
  expect((await pay('AR', '1682', 'arkansas-hrt-key')).status).toBe(201);
});

test('an ED order from a state that allows the written review needs no visit', async () => {
  await patientIn('TX', 'dailytada');
  expect((await pay('TX', '1690', 'texas-ed-key')).status).toBe(201);
});

test('staff on the phone decide themselves', async () => {
  await patientIn('AR', 'dailytada');
  expect((await pay('AR', '1690', 'staff-key', STAFF)).status).toBe(201);
});

test('a patient who is not served yet can ask to be told, once, without the address coming back', async () => {
  const join = (email: string, pathCode = 'shrt', state = 'AK') =>
    server.call({ method: 'POST', url: '/api/state-waitlist', payload: { pathCode, state, email } });
  const first = await join('alex.rivera@example.com');
  expect(first.status).toBe(201);
  expect(first.json).toEqual({
    data: { product: 'testosterone', state: 'AK', createdAt: expect.any(String) as string },
  });
  expect(first.text).not.toContain('alex.rivera');
  // The same address again, in other capitals: the first entry, nothing new.
  expect((await join('Alex.Rivera@example.com')).status).toBe(200);
  // A served state has nothing to wait for; a code with no product is unknown.
  expect((await join('alex.rivera@example.com', 'shrt', 'TX')).status).toBe(409);
  expect((await join('alex.rivera@example.com', 'nosuchcode')).status).toBe(404);
  expect((await join('not an email')).status).toBe(400);

  const wrongToken = { 'x-staff-token': 'not-the-staff-token-0000' };
  expect((await server.call({ method: 'GET', url: '/api/staff/state-waitlist', headers: wrongToken })).status).toBe(
    401,
  );
  const list = await server.call({ method: 'GET', url: '/api/staff/state-waitlist', headers: STAFF });
  expect(list.json).toEqual({
    data: [
      {
        product: 'testosterone',
        state: 'AK',
        email: 'alex.rivera@example.com',
        pathCode: 'shrt',
        createdAt: expect.any(String) as string,
      },
    ],
  });
});
