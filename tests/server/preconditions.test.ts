/**
 * Issue 37, "kept by the server too": what a step requires, refused at the door of the local
 * server whatever the browser does. A second paid order for the same journey and product (a
 * stale second tab's Pay) is a 409 with the first order for its receipt, and charges and stores
 * nothing; a booking from a session the clinic cannot reach (a cold booking link) is a 409 and
 * takes no slot. Each test fails on the server before issue 37 (two orders; a slot booked).
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { newBookingId } from '../../src/domain/booking-id.ts';
import {
  ASSESSMENT_ANSWERS,
  countRows,
  JANE_LANDING_ID,
  leadJson,
  orderJson,
  returnAsCustomer,
  saveBilling,
  saveLead,
  STAFF,
  startTestServer,
  type Browser,
  type Reply,
  type TestServer,
} from './test-server.ts';

const LANDING_ID = 'UHJlY29uZGl0aW9uc2FsZXgucml2ZXJhQGV4YW1wbGUuY29tMjAyNi0xMi0wMk1JUA';
/** The same patient's lead under another landing id: the stale tab's form typed with another email. */
const OTHER_LANDING_ID = 'UHJlY29uZGl0aW9uc2FsZXgub3RoZXJAZXhhbXBsZS5jb20yMDI2LTEyLTAyTUlQ';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.remove();
});

function placeOrder(
  browser: Browser,
  order: string,
  key: string,
  operation: 'createOrder' | 'createOrderNonLinear' = 'createOrder',
): Promise<Reply> {
  return browser({
    method: 'POST',
    url: `/api/memoForm/${operation}`,
    headers: { 'idempotency-key': key },
    payload: { order },
  });
}

/** A lead of a campaign code other than the test lead's shrt. */
async function saveLeadOfCode(browser: Browser, landingId: string, pathCode: string): Promise<void> {
  const lead = { ...(JSON.parse(leadJson(landingId)) as Record<string, unknown>), pathCode };
  const reply = await browser({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: JSON.stringify(lead), landingId },
  });
  expect(reply.status).toBe(200);
}

const approvedOrders = () => countRows(server.db, 'orders', "demo = 0 AND status = 'approved'");
const customers = () => countRows(server.db, 'customers', 'demo = 0');

/** The first tab pays: one approved order, whose answer the second tab's receipt must show. */
async function firstPayment(): Promise<{ order: Record<string, unknown>; key: string; body: string }> {
  await saveLead(server, LANDING_ID);
  const token = await saveBilling(server, LANDING_ID, { cardNumber: '4242424242424242' });
  const body = orderJson(LANDING_ID, token);
  const first = await placeOrder(server.call, body, 'tab-one-key');
  expect(first.status).toBe(201);
  return { order: (first.json as { data: Record<string, unknown> }).data, key: 'tab-one-key', body };
}

test('a second order for the same product on the same lead (a stale second tab) is refused with the first order, and charges nothing', async () => {
  const { order } = await firstPayment();
  const keysBefore = countRows(server.db, 'idempotency_keys');
  const customersBefore = customers();
  // The second tab saves its own card (a new billing token) and sends a new key.
  const token = await saveBilling(server, LANDING_ID, { cardNumber: '4242424242424242' });
  const second = await placeOrder(server.call, orderJson(LANDING_ID, token), 'tab-two-key');

  expect(second.status).toBe(409);
  expect(second.json).toEqual({
    status: 409,
    message: 'This order is already paid',
    details: 'An order for this product is already paid in this journey, so nothing was charged.',
    reason: 'already-paid',
    existingOrder: {
      orderId: order.orderId,
      status: 'approved',
      total: '$99.00',
      createdAt: order.createdAt,
      last4: '4242',
    },
  });
  // Nothing stored: no order, no customer, no idempotency record (a retry is refused again).
  expect(approvedOrders()).toBe(1);
  expect(customers()).toBe(customersBefore);
  expect(countRows(server.db, 'idempotency_keys')).toBe(keysBefore);
  expect((await placeOrder(server.call, orderJson(LANDING_ID, token), 'tab-two-key')).status).toBe(409);
  expect(approvedOrders()).toBe(1);
});

test('createOrderNonLinear after createOrder, and the other way round, is the same second payment', async () => {
  const { order } = await firstPayment();
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const nonLinear = await placeOrder(
    server.call,
    orderJson(LANDING_ID, token),
    'non-linear-key',
    'createOrderNonLinear',
  );
  expect(nonLinear.status).toBe(409);
  expect(nonLinear.json).toMatchObject({ reason: 'already-paid', existingOrder: { orderId: order.orderId } });
  expect(approvedOrders()).toBe(1);
});

test('the same journey under another lead of the session (same campaign code) is refused too', async () => {
  const { order } = await firstPayment();
  // The stale tab's form typed with another email: a lead of its own, same session, same code.
  await saveLead(server, OTHER_LANDING_ID, { email: 'alex.other@example.com' });
  const token = await saveBilling(server, OTHER_LANDING_ID, { paymentToken: 'tok_visa' });
  const second = await placeOrder(server.call, orderJson(OTHER_LANDING_ID, token), 'other-lead-key');
  expect(second.status).toBe(409);
  expect(second.json).toMatchObject({ reason: 'already-paid', existingOrder: { orderId: order.orderId } });
  expect(approvedOrders()).toBe(1);
});

test('another product, or another campaign code of the session, is not a second payment', async () => {
  await firstPayment();
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  expect((await placeOrder(server.call, orderJson(LANDING_ID, token, '1690'), 'other-product-key')).status).toBe(201);
  // The same browser in another funnel (another code) is another journey.
  await saveLeadOfCode(server.call, OTHER_LANDING_ID, 'bhrt');
  const other = await saveBilling(server, OTHER_LANDING_ID, { paymentToken: 'tok_visa' });
  expect((await placeOrder(server.call, orderJson(OTHER_LANDING_ID, other), 'other-code-key')).status).toBe(201);
  expect(approvedOrders()).toBe(3);
});

test('an exact repeat (same key, same body, same session) still gets the first answer, after a refused second tab too', async () => {
  const { order, key, body } = await firstPayment();
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  expect((await placeOrder(server.call, orderJson(LANDING_ID, token), 'tab-two-key')).status).toBe(409);
  const repeat = await placeOrder(server.call, body, key);
  expect(repeat.status).toBe(201);
  expect(repeat.json).toEqual({ data: order });
  expect(approvedOrders()).toBe(1);
});

test('the Idempotency-Key conflict stays a 409 of its own: its message, no reason and no order', async () => {
  const { key } = await firstPayment();
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const conflict = await placeOrder(server.call, orderJson(LANDING_ID, token, '1690'), key);
  expect(conflict.status).toBe(409);
  expect(conflict.json).toEqual({
    status: 409,
    message: 'This Idempotency-Key was already used for a different request',
    details: 'Idempotency-Key',
  });
});

test('another browser learns nothing of an order it does not own', async () => {
  const { order, key, body } = await firstPayment();
  const stranger = server.browser();
  // The patient's landing id (built from a name, an email and a day) and a new key: as for no lead.
  const guessed = await placeOrder(stranger, body, 'stranger-key');
  expect(guessed.status).toBe(404);
  expect(guessed.text).not.toContain(String(order.orderId));
  // The patient's own key and body from another session: the key conflict, nothing of the order.
  const replayed = await placeOrder(stranger, body, key);
  expect(replayed.status).toBe(409);
  expect(replayed.json).not.toHaveProperty('existingOrder');
  expect(replayed.text).not.toContain(String(order.orderId));
  // A lead of the stranger's own, same code and product: their own first order, not refused.
  await saveLead({ ...server, call: stranger }, OTHER_LANDING_ID, { email: 'stranger@example.com' });
  const own = await saveBilling({ ...server, call: stranger }, OTHER_LANDING_ID, { paymentToken: 'tok_visa' });
  const ownOrder = JSON.parse(orderJson(OTHER_LANDING_ID, own)) as { contact: Record<string, string> };
  ownOrder.contact.email = 'stranger@example.com';
  const theirs = await placeOrder(stranger, JSON.stringify(ownOrder), 'stranger-own-key');
  expect(theirs.status).toBe(201);
  expect(theirs.text).not.toContain(String(order.orderId));
  expect(approvedOrders()).toBe(2);
});

/** A free slot of the men's consult, as a booking id the browser would mint for it. */
async function freeSlotId(browser: Browser = server.call): Promise<string> {
  const dates = await browser({ method: 'GET', url: '/api/calendly/availableDates/hrt-consult' });
  const slot = (dates.json as { data: { dates: { slots: { startTime: string }[] }[] } }).data.dates[0]?.slots[0];
  if (slot === undefined) throw new Error('No free slot');
  const id = newBookingId({ eventType: 'hrt-consult', startTime: slot.startTime });
  if (id === null) throw new Error('No booking id for the slot');
  return id;
}

function book(browser: Browser, appointmentId: string, headers: Record<string, string> = {}): Promise<Reply> {
  return browser({ method: 'PUT', url: '/api/calendly/appointmentMadeFromFlow', headers, payload: { appointmentId } });
}

const CONTACT_NEEDED = {
  status: 409,
  message: 'Contact details are needed before a consult can be booked',
  details: 'We have no name, email or phone for this browser, so nothing was booked.',
  reason: 'contact-needed',
};

const bookings = () => countRows(server.db, 'appointments', 'demo = 0');
const bookingUpdates = () => countRows(server.db, 'status_updates', "kind = 'appointment-made'");

test('a booking from a browser with no lead (a cold booking link) is refused with 409, and takes no slot', async () => {
  const updatesBefore = bookingUpdates();
  const cold = await book(server.call, await freeSlotId());
  expect(cold.status).toBe(409);
  expect(cold.json).toEqual(CONTACT_NEEDED);
  expect(bookings()).toBe(0);
  expect(bookingUpdates()).toBe(updatesBefore);
  // A session with a journey and no lead (the funnel's pages before the contact details) alike.
  const journey = await server.call({
    method: 'PUT',
    url: '/api/journey',
    payload: {
      pathCode: 'shrt',
      state: { landedAt: '2026-12-02T09:00:00.000Z', answers: {}, pages: {}, completed: [], records: {} },
    },
  });
  expect(journey.status).toBe(200);
  expect((await book(server.call, await freeSlotId())).json).toEqual(CONTACT_NEEDED);
  expect(bookings()).toBe(0);
  expect(bookingUpdates()).toBe(updatesBefore);
});

test('the refusal says nothing of the appointment: a known one and an unknown one get the same answer', async () => {
  // A seeded appointment booked by no browser, and an id that names nothing.
  expect((await book(server.browser(), 'apt_demo_flow')).json).toEqual(CONTACT_NEEDED);
  expect((await book(server.browser(), 'apt_nothing_here')).json).toEqual(CONTACT_NEEDED);
  expect(countRows(server.db, 'appointments', "id = 'apt_demo_flow' AND status = 'made'")).toBe(0);
});

test('with a lead, the booking is made and records the lead it is for', async () => {
  await saveLead(server, LANDING_ID);
  const id = await freeSlotId();
  const booked = await book(server.call, id);
  expect(booked.status).toBe(200);
  expect(booked.json).toMatchObject({ data: { appointmentId: id, status: 'made', madeFrom: 'flow' } });
  expect(countRows(server.db, 'appointments', 'id = ? AND landing_id = ?', id, LANDING_ID)).toBe(1);
  expect(countRows(server.db, 'status_updates', 'appointment_id = ? AND landing_id = ?', id, LANDING_ID)).toBe(1);
  // Repeating it changes nothing and is still allowed.
  expect((await book(server.call, id)).status).toBe(200);
  expect(countRows(server.db, 'appointments', 'id = ?', id)).toBe(1);
});

test('a patient with a lead who sends another patient’s appointment id gets the answer of an id that names nothing', async () => {
  // The other patient books a slot in their own browser.
  const other = server.browser();
  await saveLead({ ...server, call: other }, OTHER_LANDING_ID, { email: 'alex.other@example.com' });
  const theirs = await freeSlotId(other);
  expect((await book(other, theirs)).status).toBe(200);

  await saveLead(server, LANDING_ID);
  const answers = await Promise.all(
    // Their slot, a seeded appointment booked by no browser, an id naming nothing, a slot never offered.
    [theirs, 'apt_demo_flow', 'apt_nothing_here', theirs.replace(/T\d\d/, 'T03')].map((id) => book(server.call, id)),
  );
  for (const answer of answers) {
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(answers[0]?.json);
  }
  expect(countRows(server.db, 'appointments', 'id = ? AND landing_id = ?', theirs, OTHER_LANDING_ID)).toBe(1);
});

test('of several leads, the booking records the one saved last', async () => {
  await saveLead(server, OTHER_LANDING_ID, { email: 'alex.other@example.com' });
  // Saved a moment later: the times differ.
  await new Promise((resolve) => setTimeout(resolve, 5));
  await saveLead(server, LANDING_ID);
  const id = await freeSlotId();
  expect((await book(server.call, id)).status).toBe(200);
  expect(countRows(server.db, 'appointments', 'id = ? AND landing_id = ?', id, LANDING_ID)).toBe(1);
});

test('a returning customer (a claimed return link) books for their first lead', async () => {
  await returnAsCustomer(server.call);
  const id = await freeSlotId();
  expect((await book(server.call, id)).status).toBe(200);
  expect(countRows(server.db, 'appointments', 'id = ? AND landing_id = ?', id, JANE_LANDING_ID)).toBe(1);
});

test('staff keep their access: a booking with the staff credential and no lead is made', async () => {
  const id = await freeSlotId();
  const booked = await book(server.browser(), id, STAFF);
  expect(booked.status).toBe(200);
  expect(countRows(server.db, 'appointments', 'id = ? AND landing_id IS NULL', id)).toBe(1);
});

/**
 * Issue 37, point 4: an order or an intake the funnel's steps do not allow yet is refused by the
 * server's own records (src/server/step-doors.ts), whatever the browser's journey says: shrt pays
 * after its assessment and a clearance, fha1 takes its intake after the payment. Each test fails
 * on the server before (an order or an intake stored).
 */
const orders = () => countRows(server.db, 'orders', 'demo = 0');

/** A lead of a code, with the answers given (none: the contact details only, as a payment makes it). */
async function saveLeadWith(
  browser: Browser,
  landingId: string,
  fields: { pathCode?: string; formId?: string; answers?: readonly object[]; email?: string },
): Promise<Reply> {
  const lead = {
    ...(JSON.parse(leadJson(landingId, fields.email === undefined ? {} : { email: fields.email })) as object),
  };
  return browser({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: {
      lead: JSON.stringify({
        ...lead,
        pathCode: fields.pathCode ?? 'shrt',
        formId: fields.formId ?? 'MIP',
        answers: fields.answers ?? [],
      }),
      landingId,
    },
  });
}

const stepNotAllowed = (missing: string[]) => ({
  status: 409,
  message: 'This step is not open yet',
  details: 'This funnel takes its payment only after the steps before it, so nothing was charged.',
  reason: 'step-not-allowed',
  missing,
});

test('an order for shrt from a lead with no assessment answers (the API called by hand) is a 409, and nothing is stored', async () => {
  expect((await saveLeadWith(server.call, LANDING_ID, {})).status).toBe(200);
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const keysBefore = countRows(server.db, 'idempotency_keys');
  const customersBefore = customers();
  const cold = await placeOrder(server.call, orderJson(LANDING_ID, token), 'cold-key');
  expect(cold.status).toBe(409);
  expect(cold.json).toEqual(stepNotAllowed(['assessment-answered', 'no-contraindication']));
  expect(orders()).toBe(0);
  expect(customers()).toBe(customersBefore);
  expect(countRows(server.db, 'idempotency_keys')).toBe(keysBefore);
  // Some of the assessment is not the assessment: every required question of its pages counts.
  await saveLeadWith(server.call, LANDING_ID, { answers: ASSESSMENT_ANSWERS.slice(0, 3) });
  expect((await placeOrder(server.call, orderJson(LANDING_ID, token), 'part-key')).status).toBe(409);
  // The same lead once the assessment is answered pays.
  await saveLeadWith(server.call, LANDING_ID, { answers: ASSESSMENT_ANSWERS });
  expect((await placeOrder(server.call, orderJson(LANDING_ID, token), 'answered-key')).status).toBe(201);
});

test('an order for shrt whose answers show a contraindication is a 409 naming the clearance, nothing charged', async () => {
  const answers = ASSESSMENT_ANSWERS.map((answer) =>
    answer.ref === 'blood-clot' ? { ...answer, value: ['yes'] } : answer,
  );
  await saveLeadWith(server.call, LANDING_ID, { answers });
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const refused = await placeOrder(server.call, orderJson(LANDING_ID, token), 'ruled-out-key');
  expect(refused.json).toEqual(stepNotAllowed(['no-contraindication']));
  // createOrderNonLinear is the same payment step.
  const nonLinear = await placeOrder(server.call, orderJson(LANDING_ID, token), 'ruled-out-nl', 'createOrderNonLinear');
  expect(nonLinear.status).toBe(409);
  expect(orders()).toBe(0);
});

test('a pay-first code (bhrt) pays with the contact details only; staff pay for shrt on the phone', async () => {
  await saveLeadWith(server.call, LANDING_ID, { pathCode: 'bhrt' });
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  expect((await placeOrder(server.call, orderJson(LANDING_ID, token), 'bhrt-key')).status).toBe(201);
  await saveLeadWith(server.call, OTHER_LANDING_ID, { email: 'alex.other@example.com' });
  const other = await saveBilling(server, OTHER_LANDING_ID, { paymentToken: 'tok_visa' });
  const staff = await server.call({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': 'staff-key', ...STAFF },
    payload: { order: orderJson(OTHER_LANDING_ID, other) },
  });
  expect(staff.status).toBe(201);
});

/** The journey the browser saves, with the funnel steps it walks (a variant's, or the code's own). */
async function saveJourneyWalking(browser: Browser, pathCode: string, steps: string[]): Promise<void> {
  const saved = await browser({
    method: 'PUT',
    url: '/api/journey',
    payload: {
      pathCode,
      state: {
        version: 3,
        landedAt: '2026-12-02T09:00:00.000Z',
        answers: {},
        pages: {},
        completed: [],
        records: {},
        landingId: LANDING_ID,
        funnel: { version: 'a4547b80', steps },
      },
    },
  });
  expect(saved.status, saved.text).toBe(200);
}

test('the call centre’s shrt (callcenter=true: payment, then finish) pays first, as its link does; a list config never gives does not', async () => {
  await saveLeadWith(server.call, LANDING_ID, {});
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  // A journey claiming steps no link of shrt walks (no pathOverride key names the checkout) is
  // read as shrt's own funnel.
  await saveJourneyWalking(server.call, 'shrt', ['/payment', '/mip/checkout', '/finish']);
  expect((await placeOrder(server.call, orderJson(LANDING_ID, token), 'made-up-key')).status).toBe(409);
  server.db.prepare('DELETE FROM journeys').run();
  await saveJourneyWalking(server.call, 'shrt', ['/payment', '/finish']);
  expect((await placeOrder(server.call, orderJson(LANDING_ID, token), 'callcenter-key')).status).toBe(201);
});

/** The women's assessment (MIP pages 1, 6, 5 and 4), with nothing that rules treatment out. */
const FEMALE_ASSESSMENT_ANSWERS = [
  ...ASSESSMENT_ANSWERS.filter((answer) => answer.ref !== 'hormone-cancer'),
  { ref: 'hormone-cancer', type: 'yes-no', value: ['no'], questionId: 'q-cancer-women' },
  { ref: 'pregnancy', type: 'yes-no', value: ['no'], questionId: 'q-pregnancy' },
];

/** An answer of the intake (MIP-H2). */
const INTAKE_ANSWER = { ref: 'conditions', type: 'multiple-choice', value: ['none'], questionId: 'q-conditions' };

const intakeNotAllowed = (missing: string[]) => ({
  status: 409,
  message: 'This step is not open yet',
  details: 'This funnel asks for the intake only after the steps before it, so nothing was saved.',
  reason: 'step-not-allowed',
  missing,
});

test('an intake for fha1 before its payment is a 409 and saves nothing; after the payment it is saved', async () => {
  const womens = { pathCode: 'fha1' };
  await saveLeadWith(server.call, LANDING_ID, { ...womens, answers: FEMALE_ASSESSMENT_ANSWERS });
  const before = server.db
    .prepare('SELECT form_id, answers_json, updated_at FROM leads WHERE landing_id = ?')
    .get(LANDING_ID);
  const intake = { ...womens, formId: 'MIP-H2', answers: [...FEMALE_ASSESSMENT_ANSWERS, INTAKE_ANSWER] };
  const early = await saveLeadWith(server.call, LANDING_ID, intake);
  expect(early.status).toBe(409);
  expect(early.json).toEqual(intakeNotAllowed(['paid']));
  expect(
    server.db.prepare('SELECT form_id, answers_json, updated_at FROM leads WHERE landing_id = ?').get(LANDING_ID),
  ).toEqual(before);
  // A new lead under the intake alone (no assessment, no payment) is refused and not granted.
  const fresh = await saveLeadWith(server.call, OTHER_LANDING_ID, {
    ...intake,
    answers: [INTAKE_ANSWER],
    email: 'alex.other@example.com',
  });
  expect(fresh.json).toEqual(intakeNotAllowed(['contact-known', 'assessment-answered', 'no-contraindication', 'paid']));
  expect(countRows(server.db, 'leads', 'landing_id = ?', OTHER_LANDING_ID)).toBe(0);
  // Paid (the women's consult), the intake is saved.
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const paid = await server.call({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': 'fha1-key' },
    payload: { order: orderJson(LANDING_ID, token) },
  });
  expect(paid.status, paid.text).toBe(201);
  expect((await saveLeadWith(server.call, LANDING_ID, intake)).status).toBe(200);
  // An ED intake opens the funnel: it is due nothing.
  expect(
    (
      await saveLeadWith(server.call, OTHER_LANDING_ID, {
        pathCode: 'dailytada',
        formId: 'MIP-H2',
        answers: [INTAKE_ANSWER],
        email: 'alex.other@example.com',
      })
    ).status,
  ).toBe(200);
});

test('a stranger who guesses a patient’s landing id gets the 404 for an order and the 409 of a taken lead for an intake, and learns no facts', async () => {
  await saveLeadWith(server.call, LANDING_ID, { answers: ASSESSMENT_ANSWERS });
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const stranger = server.browser();
  const order = await placeOrder(stranger, orderJson(LANDING_ID, token), 'stranger-order');
  expect(order.status).toBe(404);
  expect(order.json).not.toHaveProperty('missing');
  const intake = await saveLeadWith(stranger, LANDING_ID, { formId: 'MIP-H2', answers: [INTAKE_ANSWER] });
  expect(intake.status).toBe(409);
  expect(intake.json).not.toHaveProperty('reason');
  expect(orders()).toBe(0);
  // The stranger's journey naming the patient's lead opens nothing either.
  await saveJourneyWalking(stranger, 'shrt', ['/payment', '/finish']);
  expect((await placeOrder(stranger, orderJson(LANDING_ID, token), 'stranger-callcenter')).status).toBe(404);
  expect(orders()).toBe(0);
});
