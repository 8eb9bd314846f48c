import { afterEach, beforeEach, expect, test } from 'vitest';
import { signLinkToken } from '../../src/server/access.ts';
import {
  AUTH,
  countRows,
  JANE_CUSTOMER_ID,
  JANE_LANDING_ID,
  LINK_SECRET,
  orderJson,
  returnAsCustomer,
  saveBilling,
  saveLead,
  STAFF,
  startTestServer,
  type Browser,
  type TestServer,
} from './test-server.ts';

/**
 * The attacks of issue 13 as an outsider makes them: a browser of their own, the client token
 * every page carries, and ids they can guess or build (a landing id is base64 of a name, an
 * email and a date; customer ids were sequential). Each must find nothing, exactly as for a
 * record nobody has.
 */

let server: TestServer;
let attacker: Browser;
beforeEach(async () => {
  server = await startTestServer();
  attacker = server.browser();
});
afterEach(async () => {
  await server.remove();
});

const NOT_FOUND_LEAD = { status: 404, message: 'Not found', details: 'No lead is saved under this landing id.' };
const NOT_FOUND_CUSTOMER = { status: 404, message: 'Not found', details: 'No customer with this id.' };

/** A patient who took the assessment and paid in their own browser (server.call): their landing id and customer id. */
async function payingPatient(): Promise<{ landingId: string; customerId: string }> {
  const landingId = 'UGF0aWVudC5wYXRpZW50QGV4YW1wbGUuY29tMjAyNi0xMS0yNU1JUA';
  await saveLead(server, landingId, { email: 'patient.one@example.com' });
  const token = await saveBilling(server, landingId, { cardNumber: '4242424242424242' });
  const order = await server.call({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': `access-${landingId}` },
    payload: { order: orderJson(landingId, token).replace('alex.rivera@example.com', 'patient.one@example.com') },
  });
  expect(order.status).toBe(201);
  // The order made the patient a customer; the clinic would send them the id by email.
  const row = server.db.prepare('SELECT kt_customer_id FROM orders WHERE landing_id = ?').get(landingId) as {
    kt_customer_id: string;
  };
  const customerId = row.kt_customer_id;
  return { landingId, customerId };
}

test('the patient reads their own lead; another browser that builds the landing id gets the 404 of a lead nobody saved', async () => {
  const { landingId } = await payingPatient();
  expect((await server.call({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${landingId}` })).status).toBe(200);

  const stolen = await attacker({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${landingId}` });
  const nobody = await attacker({ method: 'GET', url: '/api/memoForm/getLead?landing_id=Tm9ib2R5' });
  expect(stolen.json).toEqual(NOT_FOUND_LEAD);
  expect(nobody.json).toEqual(NOT_FOUND_LEAD);
  expect(stolen.status).toBe(404);
  const answers = await attacker({ method: 'GET', url: `/api/memoForm/answers?landing_id=${landingId}&formId=MIP` });
  expect(answers.status).toBe(404);
});

test('customer ids are random, and guessing the next one opens nothing', async () => {
  const { customerId } = await payingPatient();
  expect(customerId).toMatch(/^[1-9]\d{11}$/);
  for (const url of [
    `/api/memoForm/ktCustomerLandingId?ktCustomerId=${customerId}`,
    `/api/memoForm/allergies?customerId=${customerId}`,
    `/api/memoForm/getKtOrderContinuous?ktCustomerId=${customerId}&isRestart=false`,
  ]) {
    expect((await attacker({ method: 'GET', url })).status, url).toBe(404);
  }
  // The seeded customers of the old numbering are strangers too.
  const seeded = await attacker({
    method: 'GET',
    url: `/api/memoForm/ktCustomerLandingId?ktCustomerId=${JANE_CUSTOMER_ID}`,
  });
  expect(seeded.status).toBe(404);
  const valid = await attacker({
    method: 'POST',
    url: `/api/memoForm/validateKtCustomerId?ktCustomerId=${customerId}`,
  });
  expect(valid.json).toMatchObject({ data: { valid: false } });
});

test('the client token from the page opens no one’s records', async () => {
  const { customerId } = await payingPatient();
  for (const url of [
    `/api/memoForm/ktCustomer/${customerId}`,
    `/api/mipH2/getCurrentScripts/${customerId}`,
    `/api/mipH2/getHasId/${customerId}`,
    `/api/memoForm/referral/${customerId}`,
    `/api/memoForm/ktCustomer/${JANE_CUSTOMER_ID}`,
  ]) {
    const reply = await attacker({ method: 'GET', url, headers: AUTH });
    expect(reply.json, url).toEqual(NOT_FOUND_CUSTOMER);
  }
  const byName = await attacker({
    method: 'GET',
    url: '/api/mipH2/order?firstName=Alex&lastName=Rivera',
    headers: AUTH,
  });
  expect(byName.status).toBe(404);
  const byEmail = await attacker({
    method: 'GET',
    url: '/api/memoForm/userEmailMF?email=patient.one%40example.com',
    headers: AUTH,
  });
  expect(byEmail.json).toEqual({ data: { exists: true } });
  const upload = await attacker({
    method: 'POST',
    url: `/api/mipH2/uploadId/${customerId}`,
    headers: { ...AUTH, 'content-type': 'image/png' },
    payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  });
  expect(upload.status).toBe(404);
  expect(countRows(server.db, 'id_documents', 'kt_customer_id = ?', customerId)).toBe(0);
});

test('another browser cannot write over a patient’s lead, notes, orders or status', async () => {
  const { landingId, customerId } = await payingPatient();
  const before = await server.call({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${landingId}` });

  const overwrite = await attacker({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: {
      landingId,
      lead: JSON.stringify({
        landing_id: landingId,
        answers: [],
        firstName: 'Mallory',
        lastName: 'X',
        email: 'm@example.com',
        phone: '2125550100',
      }),
    },
  });
  expect(overwrite.status).toBe(409);
  const after = await server.call({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${landingId}` });
  expect(after.json).toEqual(before.json);

  const writes = [
    { url: '/api/memoForm/orderSaveSOAPNotes', payload: { landingId, notes: 'forged' } },
    {
      url: `/api/memoForm/updateKtOrderContinuous?ktCustomerId=${customerId}&medicationEffectiveness=effective&isRestart=false`,
      payload: { forged: true },
    },
    { url: '/api/memoForm/restartHRT', payload: { ktCustomerId: customerId, landingId } },
    { url: '/api/memoForm/updateCEDStatus', payload: { landing_id: landingId } },
    {
      url: '/api/memoForm/updateHRTPatient',
      payload: { landing_id: landingId, mpid: '1684', location: '/f/fmhrt/results/fmhrt' },
    },
  ];
  for (const { url, payload } of writes) {
    expect((await attacker({ method: 'POST', url, payload })).status, url).toBe(404);
  }
  expect(countRows(server.db, 'soap_notes', 'landing_id = ?', landingId)).toBe(0);
  expect(countRows(server.db, 'continuous_orders', 'kt_customer_id = ?', customerId)).toBe(0);
  expect(countRows(server.db, 'status_updates', 'landing_id = ?', landingId)).toBe(0);
  expect(countRows(server.db, 'hrt_patient_updates', 'landing_id = ?', landingId)).toBe(0);
});

test('an appointment is confirmed and read only by the browser that booked it', async () => {
  const made = await attacker({
    method: 'PUT',
    url: '/api/calendly/appointmentMade',
    payload: { appointmentId: 'apt_9XkP2v' },
  });
  expect(made.status).toBe(404);
  const read = await attacker({ method: 'GET', url: '/api/calendly/getAppointment?appointmentId=apt_9XkP2v' });
  expect(read.status).toBe(404);
  expect(countRows(server.db, 'status_updates', "appointment_id = 'apt_9XkP2v'")).toBe(0);
});

test('a returning patient’s signed link opens their records in a new browser, and nothing else does', async () => {
  const phone = server.browser();
  const url = `/api/memoForm/ktCustomerLandingId?ktCustomerId=${JANE_CUSTOMER_ID}`;
  expect((await phone({ method: 'GET', url })).status).toBe(404);

  const expired = signLinkToken(LINK_SECRET, {
    ktCustomerId: JANE_CUSTOMER_ID,
    expiresAt: new Date(Date.now() - 1000),
  });
  const forged = signLinkToken('someone-elses-secret-000000', {
    ktCustomerId: JANE_CUSTOMER_ID,
    expiresAt: new Date(Date.now() + 60_000),
  });
  const good = signLinkToken(LINK_SECRET, { ktCustomerId: JANE_CUSTOMER_ID, expiresAt: new Date(Date.now() + 60_000) });
  const tampered = `${good.split('.')[0] ?? ''}x.${good.split('.')[1] ?? ''}`;
  for (const token of [expired, forged, tampered]) {
    const claim = await phone({ method: 'POST', url: '/api/session/claim', payload: { token } });
    expect(claim.json).toEqual({
      status: 404,
      message: 'Not found',
      details: 'This link is not valid or has expired. Ask us for a new one.',
    });
  }
  expect((await phone({ method: 'GET', url })).status).toBe(404);

  // On the men's host it opens nothing, and names her brand, the women's, for the page to move there.
  const elsewhere = await phone({ method: 'POST', url: '/api/session/claim', payload: { token: good } });
  expect(elsewhere.json).toMatchObject({ status: 409, reason: 'other-brand', site: 'female' });
  expect((await phone({ method: 'GET', url })).status).toBe(404);
  const claim = await phone({
    method: 'POST',
    url: '/api/session/claim',
    headers: { host: 'femme.localhost' },
    payload: { token: good },
  });
  expect(claim.status).toBe(200);
  expect(claim.json).toMatchObject({ data: { ktCustomerId: JANE_CUSTOMER_ID, site: 'female' } });
  expect(await phone({ method: 'GET', url })).toMatchObject({
    status: 200,
    json: { data: { landing_id: JANE_LANDING_ID } },
  });
  // Her lead comes with her: the restart and continuing care read it next.
  expect((await phone({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${JANE_LANDING_ID}` })).status).toBe(200);
  // The link opened her records in that browser, not in anyone else's.
  expect((await attacker({ method: 'GET', url })).status).toBe(404);
});

test('return links are made with the staff credential, never with the page’s client token', async () => {
  const payload = { ktCustomerId: JANE_CUSTOMER_ID };
  const withPageToken = await attacker({
    method: 'POST',
    url: '/api/staff/return-link',
    headers: { ...AUTH, 'x-staff-token': 'test-client-token-0123456789' },
    payload,
  });
  expect(withPageToken.status).toBe(401);
  const made = await attacker({ method: 'POST', url: '/api/staff/return-link', headers: STAFF, payload });
  expect(made.status).toBe(200);
  // The mailer learns her brand, to put the link on the women's host.
  expect(made.json).toMatchObject({ data: { site: 'female' } });
  const { token } = (made.json as { data: { token: string } }).data;
  const phone = server.browser();
  expect(
    (
      await phone({
        method: 'POST',
        url: '/api/session/claim',
        headers: { host: 'femme.localhost' },
        payload: { token },
      })
    ).status,
  ).toBe(200);
  await returnAsCustomer(phone, JANE_CUSTOMER_ID);
  const staffRead = await attacker({
    method: 'GET',
    url: `/api/memoForm/ktCustomer/${JANE_CUSTOMER_ID}`,
    headers: { ...AUTH, ...STAFF },
  });
  expect(staffRead.status).toBe(200);
});

test('a stranger cannot record a portal login with a customer’s portal reference; the customer’s browser can', async () => {
  const byStranger = await attacker({ method: 'PATCH', url: '/api/memoForm/portalLogin/pl_6TnW3c', headers: AUTH });
  expect(byStranger.status).toBe(404);
  expect(countRows(server.db, 'customers', "portal_ref = 'pl_6TnW3c' AND portal_login_at IS NOT NULL")).toBe(0);

  await returnAsCustomer(server.call);
  const byJane = await server.call({ method: 'PATCH', url: '/api/memoForm/portalLogin/pl_6TnW3c', headers: AUTH });
  expect(byJane.status).toBe(200);
  expect(countRows(server.db, 'customers', "portal_ref = 'pl_6TnW3c' AND portal_login_at IS NOT NULL")).toBe(1);
});

test('an order typed with another customer’s email joins no one’s history', async () => {
  const landingId = 'U3RyYW5nZXIuc3RyYW5nZXJAZXhhbXBsZS5jb20yMDI2LTExLTI2TUlQ';
  // The outsider pays for something in their own browser, giving Jane Doe's email as theirs.
  const outsider = { ...server, call: attacker };
  await saveLead(outsider, landingId, { email: 'jane.doe@example.com' });
  const token = await saveBilling(outsider, landingId, { cardNumber: '4242424242424242' });
  const order = await attacker({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': 'access-email-order' },
    payload: { order: orderJson(landingId, token).replace('alex.rivera@example.com', 'jane.doe@example.com') },
  });
  expect(order.status).toBe(201);
  expect(countRows(server.db, 'orders', 'kt_customer_id = ?', JANE_CUSTOMER_ID)).toBe(
    countRows(server.db, 'orders', 'kt_customer_id = ? AND demo = 1', JANE_CUSTOMER_ID),
  );
  expect(countRows(server.db, 'orders', 'landing_id = ? AND kt_customer_id <> ?', landingId, JANE_CUSTOMER_ID)).toBe(1);
});

test('an identity check run by a stranger under a customer’s name does not put an ID on file for them', async () => {
  const john = { firstName: 'John', lastName: 'Smith', birthdate: '1979-03-14', state: 'CA' };
  const check = await attacker({
    method: 'POST',
    url: '/api/idVerification/identityCheck',
    headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ customer: JSON.stringify(john) }).toString(),
  });
  expect(check.json).toMatchObject({ data: { status: 'verified' } });

  await returnAsCustomer(server.call, '100235');
  const hasId = await server.call({ method: 'GET', url: '/api/mipH2/getHasId/100235', headers: AUTH });
  expect(hasId.json).toMatchObject({ data: { customerId: '100235', hasId: false } });
});

test('a session id planted in a patient’s browser is not taken: the attacker who chose it reads nothing', async () => {
  const planted = `funnel_journey=Fixated_by_attacker_0123456789_abcdefghijkl`;
  const patient = await startTestServer({ dataDir: server.dataDir, sessionCookie: planted });
  try {
    const landingId = 'Rml4YXRlZC5wYXRpZW50QGV4YW1wbGUuY29tMjAyNi0xMS0yNk1JUA';
    await saveLead(patient, landingId, { email: 'fixated.patient@example.com' });
    // The server gave the patient a session of its own instead of the planted one.
    expect(patient.call.cookie()).not.toBe(planted);
    const withPlanted = await attacker({
      method: 'GET',
      url: `/api/memoForm/getLead?landing_id=${landingId}`,
      headers: { cookie: planted },
    });
    expect(withPlanted.json).toEqual(NOT_FOUND_LEAD);
  } finally {
    await patient.close();
  }
});

test('a customer’s return link opens their appointment in a new browser; a stranger’s appointment id opens nothing', async () => {
  const read = { method: 'GET' as const, url: '/api/calendly/getAppointment?appointmentId=apt_9XkP2v' };
  expect((await attacker(read)).status).toBe(404);
  // John Smith (100235) follows the link in the clinic's reminder email.
  await returnAsCustomer(server.call, '100235');
  expect(await server.call(read)).toMatchObject({ status: 200, json: { data: { appointmentId: 'apt_9XkP2v' } } });
  // Jane Doe's link opens hers, not his.
  const jane = server.browser();
  await returnAsCustomer(jane);
  expect((await jane(read)).status).toBe(404);
});

test('a card is changed only by the customer’s own browser: a guessed customer id, the page’s token or another customer’s link change nothing', async () => {
  const customer = (cardNumber: string) =>
    JSON.stringify({
      firstName: 'Jane',
      lastName: 'Doe',
      address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      cardNumber,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
  const update = (browser: Browser, customerId: string, headers: Record<string, string> = AUTH) =>
    browser({
      method: 'POST',
      url: `/api/mipH2/updateCard/${customerId}`,
      headers,
      payload: { customer: customer('4242424242424242') },
    });
  const cards = () => countRows(server.db, 'billing', 'landing_id = ?', JANE_LANDING_ID);

  // Without the page's token: the contract's 401. With it, a guessed or known id is a stranger's: 404, as for an id nobody has.
  expect((await update(attacker, JANE_CUSTOMER_ID, {})).status).toBe(401);
  expect((await update(attacker, JANE_CUSTOMER_ID)).json).toEqual(NOT_FOUND_CUSTOMER);
  expect((await update(attacker, '999999')).json).toEqual(NOT_FOUND_CUSTOMER);
  // Another customer's return link opens that customer, not Jane.
  await returnAsCustomer(attacker, '100235');
  expect((await update(attacker, JANE_CUSTOMER_ID)).json).toEqual(NOT_FOUND_CUSTOMER);
  // Her lead's landing id is built from her name, email and date: saving billing under it is refused too.
  const guessed = await attacker({
    method: 'POST',
    url: '/api/mipH2/billingInfo/save',
    payload: { customer: customer('4242424242424242'), landingId: JANE_LANDING_ID },
  });
  expect(guessed.status).toBe(404);
  expect(cards()).toBe(0);

  // Her own browser, by her link: a declined card is refused and kept nowhere; a good one is kept.
  const jane = server.browser();
  await returnAsCustomer(jane, JANE_CUSTOMER_ID);
  const declined = await jane({
    method: 'POST',
    url: `/api/mipH2/updateCard/${JANE_CUSTOMER_ID}`,
    headers: AUTH,
    payload: { customer: customer('4000000000000002') },
  });
  expect(declined.json).toEqual({ status: 422, message: 'Payment declined', details: 'Your card was declined.' });
  expect(cards()).toBe(0);
  const saved = await update(jane, JANE_CUSTOMER_ID);
  expect(saved.json).toMatchObject({ data: { customerId: JANE_CUSTOMER_ID, last4: '4242', cardBrand: 'visa' } });
  expect(JSON.stringify(saved.json)).not.toMatch(/bill_|4242424242424242/);
  expect(countRows(server.db, 'billing', 'landing_id = ? AND decline_reason IS NULL', JANE_LANDING_ID)).toBe(1);
});
