import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  countRows,
  orderJson,
  saveBilling,
  saveLead,
  startTestServer,
  type Browser,
  type Reply,
  type TestServer,
} from './test-server.ts';
import type { InjectOptions } from 'fastify';
import { returnAsCustomer } from './test-server.ts';

const LANDING_ID = 'Uml2ZXJhYWxleC5yaXZlcmFAZXhhbXBsZS5jb20yMDI0LTA5LTAxTUlQ';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  // The calls below are a returning patient's: the demo customer Jane Doe, from her link.
  await returnAsCustomer(server.call);
  await saveLead(server, LANDING_ID);
});
afterEach(async () => {
  await server.remove();
});

/** A key of its own for each order the test means to place, as the client makes one. */
const freshKey = () => ({ 'idempotency-key': `order-${randomUUID()}` });

function createOrder(order: string, key: string = freshKey()['idempotency-key']): Promise<Reply> {
  return server.call({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': key },
    payload: { order },
  });
}

function orderIdOf(reply: Reply): string {
  return (reply.json as { data: { orderId: string } }).data.orderId;
}

const ordersOfLead = () => countRows(server.db, 'orders', 'landing_id = ?', LANDING_ID);
const idempotencyRecords = () => countRows(server.db, 'idempotency_keys');

test('an approved card makes one order with the product total and the last four digits only', async () => {
  const token = await saveBilling(server, LANDING_ID, { cardNumber: '4242424242424242' });
  const reply = await createOrder(orderJson(LANDING_ID, token));
  expect(reply.status).toBe(201);
  expect(reply.json).toEqual({
    data: {
      // The reference a patient reads out: one case, no look-alike letters, no _ or - (issue 12).
      orderId: expect.stringMatching(/^ord_[0-9A-HJKMNP-TV-Z]{16}$/) as string,
      status: 'approved',
      total: '$99.00',
      createdAt: expect.any(String) as string,
      last4: '4242',
    },
  });
  expect(ordersOfLead()).toBe(1);
});

test('the same Idempotency-Key returns the first result and creates one order', async () => {
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const first = await createOrder(orderJson(LANDING_ID, token), 'order-key-0001');
  const second = await createOrder(orderJson(LANDING_ID, token), 'order-key-0001');
  expect(first.status).toBe(201);
  expect(second.status).toBe(201);
  expect(second.json).toEqual(first.json);
  expect(ordersOfLead()).toBe(1);
  expect(idempotencyRecords()).toBe(1);
});

test('the same Idempotency-Key with a different body is refused with 409 and creates nothing', async () => {
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  await createOrder(orderJson(LANDING_ID, token), 'order-key-0002');
  const other = await createOrder(orderJson(LANDING_ID, token, '1673'), 'order-key-0002');
  expect(other.status).toBe(409);
  expect(other.json).toMatchObject({ status: 409 });
  expect(ordersOfLead()).toBe(1);
});

test('an Idempotency-Key belongs to one operation: the same key on another order call is its own', async () => {
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const order = await createOrder(orderJson(LANDING_ID, token), 'order-key-0003');
  // Another product: a second payment for the same one in this journey is refused (409, below).
  const nonLinear = await server.call({
    method: 'POST',
    url: '/api/memoForm/createOrderNonLinear',
    headers: { 'idempotency-key': 'order-key-0003' },
    payload: { order: orderJson(LANDING_ID, token, '1690') },
  });
  expect(nonLinear.status).toBe(201);
  expect(orderIdOf(nonLinear)).not.toBe(orderIdOf(order));
  expect(ordersOfLead()).toBe(2);
});

test('an order-creating call without an Idempotency-Key is refused with 400 naming the header, and creates nothing', async () => {
  // Without a key a retried request (a lost answer, a double click) would charge the card twice.
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const second = 'U2Vjb25kbGVhZEBleGFtcGxlLmNvbTIwMjQtMDktMDFNSVAtSDI';
  await saveLead(server, second);
  const calls: [string, Record<string, unknown>][] = [
    ['createOrder', { order: orderJson(LANDING_ID, token) }],
    ['createOrderNonLinear', { order: orderJson(LANDING_ID, token) }],
    ['createFollowOnProductOrder', { landingId: LANDING_ID, productId: '1673', campaignId: '116', compOrder: true }],
    ['newCHRTZeroDollarOrder', { landingId: second, productId: '1682', leadLandingId: LANDING_ID }],
    ['updateHRTInfoCreateOrder', { landingId: LANDING_ID, productId: '1682', mpid: '1682' }],
  ];
  for (const [call, payload] of calls) {
    const reply = await server.call({ method: 'POST', url: `/api/memoForm/${call}`, payload });
    expect(reply.status, call).toBe(400);
    expect(reply.json, call).toEqual({
      status: 400,
      message: 'The request is not valid',
      details: [{ field: '/headers/idempotency-key', message: "must have required property 'idempotency-key'" }],
    });
  }
  expect(countRows(server.db, 'orders', 'demo = 0')).toBe(0);
  expect(idempotencyRecords()).toBe(0);
});

test('20 simultaneous createOrder calls with one key create exactly one order', async () => {
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const order = orderJson(LANDING_ID, token);
  const replies = await Promise.all(Array.from({ length: 20 }, () => createOrder(order, 'order-key-concurrent')));
  expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 20 }, () => 201));
  expect(new Set(replies.map(orderIdOf)).size).toBe(1);
  expect(ordersOfLead()).toBe(1);
});

test.each([
  ['4000000000000002', 'Your card was declined.'],
  ['4000000000009995', 'Insufficient funds.'],
  ['4000000000000069', 'Your card has expired.'],
])(
  'a declined card (%s) gets 422 with the reason, and leaves no order and no idempotency record',
  async (card, reason) => {
    const token = await saveBilling(server, LANDING_ID, { cardNumber: card });
    const reply = await createOrder(orderJson(LANDING_ID, token), 'order-key-declined');
    expect(reply.status).toBe(422);
    expect(reply.json).toEqual({ status: 422, message: 'Payment declined', details: reason });
    expect(ordersOfLead()).toBe(0);
    expect(idempotencyRecords()).toBe(0);

    // The key was not spent: with an approved card the same key places the order.
    const approved = await saveBilling(server, LANDING_ID, { cardNumber: '5555555555554444' });
    const retry = await createOrder(orderJson(LANDING_ID, approved), 'order-key-declined-retry');
    expect(retry.status).toBe(201);
    expect(ordersOfLead()).toBe(1);
  },
);

test('a billing token saved for another landing id, or none at all, is declined', async () => {
  const otherLanding = 'T3RoZXJvdGhlckBleGFtcGxlLmNvbTIwMjQtMDktMDFNSVA';
  await saveLead(server, otherLanding);
  const theirs = await saveBilling(server, otherLanding, { paymentToken: 'tok_visa' });
  for (const token of [theirs, 'bill_doesNotExist01']) {
    const reply = await createOrder(orderJson(LANDING_ID, token));
    expect(reply.status).toBe(422);
  }
  expect(ordersOfLead()).toBe(0);
});

test('an unknown product or lead gets 404 and creates nothing', async () => {
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  expect((await createOrder(orderJson(LANDING_ID, token, '999999'))).status).toBe(404);
  expect((await createOrder(orderJson('Tm9MZWFkSGVyZQ', token))).status).toBe(404);
  expect(countRows(server.db, 'orders', 'demo = 0')).toBe(0);
});

test('an order that is not JSON, or whose decoded shape is wrong, gets 400 naming the field inside it', async () => {
  const notJson = await createOrder('{"productId": 16');
  expect(notJson.status).toBe(400);
  expect(notJson.json).toEqual({
    status: 400,
    message: 'The request is not valid',
    details: [{ field: '/body/order', message: 'must be valid JSON' }],
  });

  const badEmail = JSON.parse(orderJson(LANDING_ID, 'bill_whatever123')) as { contact: Record<string, string> };
  badEmail.contact.email = 'not-an-email';
  delete badEmail.contact.phone;
  const reply = await createOrder(JSON.stringify({ ...badEmail, cardNumber: '4242424242424242' }));
  expect(reply.status).toBe(400);
  const fields = (reply.json as { details: { field: string }[] }).details.map((detail) => detail.field);
  expect(fields).toEqual(
    expect.arrayContaining(['/body/order/contact/email', '/body/order/contact/phone', '/body/order/cardNumber']),
  );
});

test('a follow-on product: complimentary in its campaign for $0.00, else charged to the saved card', async () => {
  const follow = (payload: Record<string, unknown>) =>
    server.call({
      method: 'POST',
      url: '/api/memoForm/createFollowOnProductOrder',
      headers: freshKey(),
      payload: { landingId: LANDING_ID, ...payload },
    });
  const complimentary = await follow({ productId: '1673', campaignId: '116', compOrder: true });
  expect(complimentary.status).toBe(201);
  expect(complimentary.json).toMatchObject({ data: { total: '$0.00', status: 'approved' } });

  expect((await follow({ productId: '1673', campaignId: '999', compOrder: true })).status).toBe(404);
  expect((await follow({ productId: '1673', campaignId: '116', compOrder: false })).status).toBe(422);

  await saveBilling(server, LANDING_ID, { cardNumber: '4000000000009995' });
  const declined = await follow({ productId: '1673', campaignId: '116', compOrder: false });
  expect(declined.json).toMatchObject({ status: 422, details: 'Insufficient funds.' });

  await saveBilling(server, LANDING_ID, { cardNumber: '378282246310005', cvc: '1234' });
  const paid = await follow({ productId: '1673', campaignId: '116', compOrder: false });
  expect(paid.json).toMatchObject({ data: { total: '$49.00', last4: '0005' } });
  expect(countRows(server.db, 'orders', "kind = 'follow-on'")).toBe(2);
});

test('the zero-dollar CHRT order and the HRT-info order are stored with their kind', async () => {
  const second = 'U2Vjb25kbGVhZEBleGFtcGxlLmNvbTIwMjQtMDktMDFNSVAtSDI';
  await saveLead(server, second);
  const zero = await server.call({
    method: 'POST',
    url: '/api/memoForm/newCHRTZeroDollarOrder',
    headers: freshKey(),
    payload: { landingId: second, productId: '1682', leadLandingId: LANDING_ID },
  });
  expect(zero.json).toMatchObject({ data: { total: '$0.00', status: 'approved' } });

  const pending = await server.call({
    method: 'POST',
    url: '/api/memoForm/updateHRTInfoCreateOrder',
    headers: freshKey(),
    payload: { landingId: LANDING_ID, productId: '1682', mpid: '1682', location: '/mhrt/payment/mhrt' },
  });
  expect(pending.json).toMatchObject({ data: { status: 'pending', total: '$99.00' } });
  await saveBilling(server, LANDING_ID, { paymentToken: 'tok_mastercard' });
  const approved = await server.call({
    method: 'POST',
    url: '/api/memoForm/updateHRTInfoCreateOrder',
    headers: freshKey(),
    payload: { landingId: LANDING_ID, productId: '1682', mpid: '1682' },
  });
  expect(approved.json).toMatchObject({ data: { status: 'approved', last4: '4444' } });
  expect(countRows(server.db, 'orders', "kind = 'zero-dollar' AND lead_landing_id = ?", LANDING_ID)).toBe(1);
  expect(countRows(server.db, 'orders', "kind = 'hrt-info'")).toBe(2);
  expect(countRows(server.db, 'hrt_patient_updates', 'landing_id = ?', LANDING_ID)).toBe(2);
});

test('an order makes its contact a customer, whose orders the secured lookup finds', async () => {
  const token = await saveBilling(server, LANDING_ID, { paymentToken: 'tok_visa' });
  const order = await createOrder(orderJson(LANDING_ID, token));
  const lookup = await server.call({
    method: 'GET',
    url: '/api/mipH2/order?emailAddress=ALEX.RIVERA%40example.com&medOrders=true',
    headers: { authorization: 'Bearer test-client-token-0123456789' },
  });
  expect(lookup.status).toBe(200);
  expect(lookup.json).toMatchObject({ data: { orders: [{ orderId: orderIdOf(order), last4: '4242' }] } });

  const nobody = await server.call({
    method: 'GET',
    url: '/api/mipH2/order?emailAddress=nobody%40example.com',
    headers: { authorization: 'Bearer test-client-token-0123456789' },
  });
  expect(nobody.status).toBe(404);
  const nothing = await server.call({
    method: 'GET',
    url: '/api/mipH2/order?firstName=Alex',
    headers: { authorization: 'Bearer test-client-token-0123456789' },
  });
  expect(nothing.status).toBe(400);
});

/** A new browser on one brand's site: every call goes to that site's host. */
function browserOn(host: string): Browser {
  const browser = server.browser();
  return Object.assign((options: InjectOptions) => browser({ ...options, headers: { host, ...options.headers } }), {
    cookie: browser.cookie,
  });
}

/** A new patient pays on one brand's site for the product its page was given; the sex their customer record got. */
async function paidOnSite(host: string, landingId: string, productId: string, phone: string): Promise<string> {
  const patient = { ...server, call: browserOn(host) };
  await saveLead(patient, landingId, { phone });
  const token = await saveBilling(patient, landingId, { cardNumber: '4242424242424242' });
  const order = await patient.call({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': `sex-${landingId}` },
    payload: {
      order: orderJson(landingId, token, productId, host === 'femme.localhost' ? 'female' : 'male').replace(
        '5125550199',
        phone,
      ),
    },
  });
  expect(order.status).toBe(201);
  const phoneLookup = await patient.call({
    method: 'GET',
    url: `/api/memoForm/userPhoneMF?phone=${phone}&gender=${host.startsWith('femme.') ? 'female' : 'male'}`,
    headers: { authorization: 'Bearer test-client-token-0123456789' },
  });
  // The patient's own browser is told they are a customer of this site, with their id.
  expect(phoneLookup.json).toMatchObject({ data: { exists: true, customerId: expect.any(String) as string } });
  const row = server.db
    .prepare<[string], { gender: string }>('SELECT gender FROM customers WHERE landing_id = ?')
    .get(landingId);
  return row?.gender ?? 'none';
}

test('a men’s order of the consultation (product 0) makes a male customer, a women’s a female one', async () => {
  // Product 0 is each brand's consultation: one row per category, the men's and the women's.
  const men = await paidOnSite('localhost', 'TWVuLm1hbkBleGFtcGxlLmNvbTIwMjYtMTEtMjdNSVA', '0', '5125550111');
  const women = await paidOnSite(
    'femme.localhost',
    'V29tZW4ud29tYW5AZXhhbXBsZS5jb20yMDI2LTExLTI3TUlQ',
    '0',
    '5125550122',
  );
  expect({ men, women }).toEqual({ men: 'male', women: 'female' });
});

test('a product of the other brand is not sold on this one', async () => {
  // 1664 is the women's HRT: on the men's site no such product is for sale.
  const token = await saveBilling(server, LANDING_ID, { cardNumber: '4242424242424242' });
  const reply = await createOrder(orderJson(LANDING_ID, token, '1664'));
  expect(reply.status).toBe(404);
  expect(ordersOfLead()).toBe(0);
});
