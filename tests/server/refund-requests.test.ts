/**
 * Issue 37, point 5: a pay-first funnel's patient whose answers rule treatment out after paying
 * is owed a full refund; the assessment's stop asks for it with POST /api/refund-request, and
 * staff read the requests. The server decides from its own records: whose order it is, that it
 * is approved, what it was charged, and whether the answers stored on its lead show a
 * contraindication. The browser's word counts for nothing.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { newBookingId } from '../../src/domain/booking-id.ts';
import {
  countRows,
  orderJson,
  saveBilling,
  STAFF,
  startTestServer,
  type Browser,
  type Reply,
  type TestServer,
} from './test-server.ts';

const LANDING_ID = 'UmVmdW5kc3xhbGV4LnJpdmVyYUBleGFtcGxlLmNvbXwyMDI2LTEyLTAyfE1JUA';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.remove();
});

/** A bhrt lead with the assessment's health answers: `cancer` is the answer to the hormone-sensitive cancer question. */
async function saveAssessedLead(browser: Browser, cancer: 'yes' | 'no', landingId = LANDING_ID): Promise<void> {
  const lead = {
    landing_id: landingId,
    formId: 'MIP',
    pathCode: 'bhrt',
    answers: [
      { ref: 'birthdate', type: 'date', value: ['1980-02-29'], questionId: 'q-birthdate' },
      { ref: 'hormone-cancer', type: 'single-choice', value: [cancer], questionId: 'q-hormone-cancer' },
      { ref: 'blood-clot', type: 'single-choice', value: ['no'], questionId: 'q-blood-clot' },
    ],
    firstName: 'Alex',
    lastName: 'Rivera',
    email: 'alex.rivera@example.com',
    phone: '5125550199',
  };
  const reply = await browser({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: JSON.stringify(lead), landingId },
  });
  expect(reply.status).toBe(200);
}

/** Pays for the lead's product as the payment step does; returns the order id. */
async function pay(browser: Browser = server.call, landingId = LANDING_ID): Promise<string> {
  const token = await saveBilling({ ...server, call: browser }, landingId, { cardNumber: '4242424242424242' });
  const reply = await browser({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': `pay-${landingId}` },
    payload: { order: orderJson(landingId, token) },
  });
  expect(reply.status).toBe(201);
  return (reply.json as { data: { orderId: string } }).data.orderId;
}

function requestRefund(browser: Browser, orderId: string): Promise<Reply> {
  return browser({ method: 'POST', url: '/api/refund-request', payload: { orderId } });
}

const refundRows = () => countRows(server.db, 'refund_requests');

test('a patient who paid and then answered yes to hormone-sensitive cancer gets a refund request of what the order was charged', async () => {
  await saveAssessedLead(server.call, 'no');
  const orderId = await pay();
  // The assessment after the payment, as bhrt walks it: the same lead, now with a yes.
  await saveAssessedLead(server.call, 'yes');

  const reply = await requestRefund(server.call, orderId);

  expect(reply.status).toBe(201);
  const createdAt = (reply.json as { data: { createdAt: string } }).data.createdAt;
  expect(reply.json).toEqual({
    data: { orderId, amount: '$99.00', last4: '4242', reasons: ['hormone-cancer'], status: 'requested', createdAt },
  });
  // The patient's answer carries no landing id (base64 of their name and email).
  expect(reply.text).not.toContain(LANDING_ID);
  const stored = server.db
    .prepare('SELECT order_id, landing_id, amount, last4, reasons_json, status, created_at FROM refund_requests')
    .all();
  expect(stored).toEqual([
    {
      order_id: orderId,
      landing_id: LANDING_ID,
      amount: '$99.00',
      last4: '4242',
      reasons_json: '["hormone-cancer"]',
      status: 'requested',
      created_at: createdAt,
    },
  ]);
});

test('asking again for the same order answers the first request and stores nothing new', async () => {
  await saveAssessedLead(server.call, 'yes');
  const orderId = await pay();
  const first = await requestRefund(server.call, orderId);
  expect(first.status).toBe(201);

  const again = await requestRefund(server.call, orderId);

  expect(again.status).toBe(200);
  expect(again.json).toEqual(first.json);
  expect(refundRows()).toBe(1);
});

test('answers with no contraindication get a 409 and no request, whatever the browser claims', async () => {
  await saveAssessedLead(server.call, 'no');
  const orderId = await pay();

  const reply = await requestRefund(server.call, orderId);

  expect(reply.status).toBe(409);
  expect(reply.json).toMatchObject({
    status: 409,
    details: 'The answers saved for this order show nothing that rules out treatment online.',
  });
  expect(refundRows()).toBe(0);
});

test('an order that is not approved (cancelled) gets a 409 and no request', async () => {
  await saveAssessedLead(server.call, 'yes');
  const orderId = await pay();
  server.db.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").run(orderId);

  const reply = await requestRefund(server.call, orderId);

  expect(reply.status).toBe(409);
  expect(refundRows()).toBe(0);
});

test('another browser gets the same 404 for the patient’s order as for an order that does not exist', async () => {
  await saveAssessedLead(server.call, 'yes');
  const orderId = await pay();
  const stranger = server.browser();

  const theirs = await requestRefund(stranger, orderId);
  const none = await requestRefund(stranger, 'ord_0000000000000000');

  expect(theirs.status).toBe(404);
  expect(theirs.json).toEqual(none.json);
  expect(refundRows()).toBe(0);
  // The patient's own request still stands once a stranger has tried.
  expect((await requestRefund(server.call, orderId)).status).toBe(201);
});

test('an invalid order id is a 400 naming the field', async () => {
  const reply = await requestRefund(server.call, 'not an id!');
  expect(reply.status).toBe(400);
  expect(JSON.stringify(reply.json)).toContain('/body/orderId');
});

test('staff read the requests still to make, with the landing id; a wrong credential is a 401', async () => {
  await saveAssessedLead(server.call, 'yes');
  const orderId = await pay();
  await requestRefund(server.call, orderId);

  const listed = await server.browser()({ method: 'GET', url: '/api/staff/refund-requests', headers: STAFF });
  expect(listed.status).toBe(200);
  expect(listed.json).toEqual({
    data: [expect.objectContaining({ orderId, landingId: LANDING_ID, amount: '$99.00', reasons: ['hormone-cancer'] })],
  });

  const guessed = await server.call({
    method: 'GET',
    url: '/api/staff/refund-requests',
    headers: { 'x-staff-token': 'not-the-staff-token-0000' },
  });
  expect(guessed.status).toBe(401);
  expect(guessed.text).not.toContain(orderId);
  // Without the header at all, the contract refuses the request before it is read.
  expect((await server.call({ method: 'GET', url: '/api/staff/refund-requests' })).status).toBe(400);
});

test('the refund request keeps reason keys only: no answer and no words of one', async () => {
  await saveAssessedLead(server.call, 'yes');
  const orderId = await pay();
  await requestRefund(server.call, orderId);
  const row = server.db.prepare('SELECT * FROM refund_requests').get() as Record<string, unknown>;
  expect(JSON.stringify(row)).not.toMatch(/cancer needs|specialist|yes/i);
});

/** A free slot of the men's consult, as a booking id the browser would mint for it. */
async function freeSlot(browser: Browser): Promise<{ id: string; startTime: string }> {
  const dates = await browser({ method: 'GET', url: '/api/calendly/availableDates/hrt-consult' });
  const slot = (dates.json as { data: { dates: { slots: { startTime: string }[] }[] } }).data.dates[0]?.slots[0];
  if (slot === undefined) throw new Error('No free slot');
  const id = newBookingId({ eventType: 'hrt-consult', startTime: slot.startTime });
  if (id === null) throw new Error('No booking id for the slot');
  return { id, startTime: slot.startTime };
}

const offered = async (browser: Browser, startTime: string) =>
  (await browser({ method: 'GET', url: '/api/calendly/availableDates/hrt-consult' })).text.includes(startTime);

test('microbh: paid, booked, then ruled out: the request cancels the consult, frees its slot and says so to the patient and staff', async () => {
  await saveAssessedLead(server.call, 'no');
  const orderId = await pay();
  // microbh books its consult before the assessment.
  const slot = await freeSlot(server.call);
  const booked = await server.call({
    method: 'PUT',
    url: '/api/calendly/appointmentMadeFromFlow',
    payload: { appointmentId: slot.id },
  });
  expect(booked.status, booked.text).toBe(200);
  expect(await offered(server.browser(), slot.startTime)).toBe(false);
  await saveAssessedLead(server.call, 'yes');

  const reply = await requestRefund(server.call, orderId);
  expect(reply.status).toBe(201);
  expect(reply.json).toMatchObject({
    data: { orderId, cancelledAppointments: [{ appointmentId: slot.id, startTime: slot.startTime }] },
  });
  expect(countRows(server.db, 'appointments', "id = ? AND status = 'cancelled'", slot.id)).toBe(1);
  // The slot is free again, for anyone.
  expect(await offered(server.browser(), slot.startTime)).toBe(true);
  // A reload answers the same request, the consult named.
  expect((await requestRefund(server.call, orderId)).json).toMatchObject({
    data: { cancelledAppointments: [{ appointmentId: slot.id }] },
  });
  const staff = await server.browser()({ method: 'GET', url: '/api/staff/refund-requests', headers: STAFF });
  expect(staff.json).toMatchObject({
    data: [{ orderId, landingId: LANDING_ID, cancelledAppointments: [{ appointmentId: slot.id }] }],
  });
  // Another browser's request for the order cancels nothing and learns nothing.
  expect((await requestRefund(server.browser(), orderId)).status).toBe(404);
});

test('a refund refused (answers that rule nothing out) cancels no consult', async () => {
  await saveAssessedLead(server.call, 'no');
  const orderId = await pay();
  const slot = await freeSlot(server.call);
  await server.call({
    method: 'PUT',
    url: '/api/calendly/appointmentMadeFromFlow',
    payload: { appointmentId: slot.id },
  });
  expect((await requestRefund(server.call, orderId)).status).toBe(409);
  expect(countRows(server.db, 'appointments', "id = ? AND status = 'made'", slot.id)).toBe(1);
});
