/**
 * Issue 37 point 4: a patient who paid and starts again in another browser is recognised before
 * a second charge (same email and date of birth; same email and name where a date of birth is
 * not known yet), is not charged, and the email on their record gets a return link. Written as
 * the patient's second browser and as a stranger would try it. Each refusal test fails on the
 * server before the fix (the second browser's order was a 201: a second $99).
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { memoryMailer } from '../../src/server/mail/mailer.ts';
import { verifyLinkToken } from '../../src/server/access.ts';
import { RETURN_LINK_PARAM } from '../../src/contract/return-link.ts';
import { countRows, leadJson, LINK_SECRET, startTestServer, type Browser, type TestServer } from './test-server.ts';
import { agreementFor } from '../support/agreement.ts';

const FIRST_LANDING_ID = 'U2Vjb25kZGV2aWNlYWxleC5yaXZlcmFAZXhhbXBsZS5jb20yMDI2LTEyLTAyTUlQ';
const SECOND_LANDING_ID = `${FIRST_LANDING_ID}c2Vjb25k`;
const CONTACT = { firstName: 'Alex', lastName: 'Rivera', email: 'alex.rivera@example.com', phone: '5125550199' };

let server: TestServer;
let mail: ReturnType<typeof memoryMailer>;
beforeEach(async () => {
  mail = memoryMailer();
  server = await startTestServer({ mailer: mail, rateLimits: false });
});
afterEach(async () => {
  await server.remove();
});

/** A lead of shrt with the patient's answers (a birthdate among them), or with `birthdate` in place of theirs. */
function lead(landingId: string, contact: Partial<typeof CONTACT> = {}, birthdate = '1980-02-29'): string {
  const parsed = JSON.parse(leadJson(landingId, contact)) as { answers: { ref: string; value: string[] }[] };
  for (const answer of parsed.answers) if (answer.ref === 'birthdate') answer.value = [birthdate];
  return JSON.stringify(parsed);
}

/** One browser walks to payment and presses Pay: its lead, its card, its order. */
async function pay(
  browser: Browser,
  landingId: string,
  options: { contact?: Partial<typeof CONTACT>; birthdate?: string; card?: string; key?: string } = {},
) {
  const saved = await browser({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: lead(landingId, options.contact, options.birthdate), landingId },
  });
  expect(saved.status).toBe(200);
  const billing = await browser({
    method: 'POST',
    url: '/api/mipH2/billingInfo/save',
    payload: {
      customer: JSON.stringify({
        firstName: 'Alex',
        lastName: 'Rivera',
        address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        cardNumber: options.card ?? '4242424242424242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      }),
      landingId,
    },
  });
  expect(billing.status).toBe(200);
  const billingToken = (billing.json as { data: { billingToken: string } }).data.billingToken;
  const reply = await browser({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': options.key ?? `key-${String(Math.random()).slice(2)}` },
    payload: {
      order: JSON.stringify({
        productId: '1682',
        landingId,
        billingToken,
        contact: { ...CONTACT, ...options.contact },
        agreement: agreementFor('1682'),
      }),
    },
  });
  return reply;
}

const approvedOrders = () => countRows(server.db, 'orders', "demo = 0 AND status = 'approved'");
/** Mail is sent once the request has committed, without the answer waiting on it. */
const mailSettled = () => new Promise((resolve) => setTimeout(resolve, 20));

const REFUSAL = {
  status: 409,
  message: 'This payment was not taken',
  details:
    'Nothing was charged. If you already have a treatment plan with us, we have emailed a link to it to the address on file.',
  reason: 'paid-elsewhere',
};

test('a second browser with the same email and date of birth is not charged, and the email on file gets a return link', async () => {
  expect((await pay(server.call, FIRST_LANDING_ID)).status).toBe(201);
  const second = server.browser();
  const again = await pay(second, SECOND_LANDING_ID);
  await mailSettled();

  expect(again.status).toBe(409);
  // Nothing of the record: no order, no amount, no card, no customer id, no name.
  expect(again.json).toEqual(REFUSAL);
  expect(approvedOrders()).toBe(1);
  expect(mail.sent).toHaveLength(1);
  const [sent] = mail.sent;
  expect(sent?.to).toBe('alex.rivera@example.com');
  expect(sent?.from).toBe(`"Peak Men's Health" <care@peakmens.example>`);
  expect(sent?.subject).toBe("Continue your treatment plan with Peak Men's Health");
  // The link goes to the funnel's payment step on the brand's own host, with a valid token for the customer.
  const link = /http:\/\/localhost:80\/payment\/shrt\?access=([\w.-]+)/.exec(sent?.text ?? '');
  expect(link).not.toBeNull();
  const claim = verifyLinkToken(LINK_SECRET, link?.[1] ?? '');
  const customer = server.db
    .prepare<[], { kt_customer_id: string }>('SELECT kt_customer_id FROM customers WHERE demo = 0')
    .get();
  expect(claim?.ktCustomerId).toBe(customer?.kt_customer_id);
  expect(sent?.html).toContain(`/payment/shrt?${RETURN_LINK_PARAM}=`);
  // No health answer, no birth date, no product or price in the mail.
  for (const body of [sent?.text ?? '', sent?.html ?? '']) {
    for (const secret of ['1980', 'Low', 'TX', '$99', '1682', 'Rivera']) expect(body).not.toContain(secret);
  }
});

test('a reload or a second press of Pay sends no second mail, and is refused again', async () => {
  expect((await pay(server.call, FIRST_LANDING_ID)).status).toBe(201);
  const second = server.browser();
  const first = await pay(second, SECOND_LANDING_ID, { key: 'press-one' });
  const repeat = await pay(second, SECOND_LANDING_ID, { key: 'press-one' });
  const newKey = await pay(second, SECOND_LANDING_ID, { key: 'press-two' });
  await mailSettled();
  expect([first.status, repeat.status, newKey.status]).toEqual([409, 409, 409]);
  expect(repeat.json).toEqual(REFUSAL);
  expect(mail.sent).toHaveLength(1);
  expect(approvedOrders()).toBe(1);
  expect(countRows(server.db, 'idempotency_keys', "key LIKE 'press-%'")).toBe(0);
});

test('the same email with another date of birth is another patient, and pays as one', async () => {
  expect((await pay(server.call, FIRST_LANDING_ID)).status).toBe(201);
  const other = await pay(server.browser(), SECOND_LANDING_ID, { birthdate: '1991-07-14' });
  await mailSettled();
  expect(other.status).toBe(201);
  expect(mail.sent).toHaveLength(0);
  expect(approvedOrders()).toBe(2);
});

test('where a date of birth is not asked yet (pay first), the same email and name are recognised', async () => {
  expect((await pay(server.call, FIRST_LANDING_ID)).status).toBe(201);
  const second = server.browser();
  // A pay-first lead (fbhrt, bhrt): no birthdate answer yet.
  const noBirthdate = JSON.parse(lead(SECOND_LANDING_ID)) as { answers: { ref: string }[] };
  noBirthdate.answers = noBirthdate.answers.filter((answer) => answer.ref !== 'birthdate');
  const saved = await second({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: JSON.stringify(noBirthdate), landingId: SECOND_LANDING_ID },
  });
  expect(saved.status).toBe(200);
  // pay() saves the lead again with the birthdate: order under a lead saved without one instead.
  const again = await pay(second, SECOND_LANDING_ID, { contact: { email: 'Alex.Rivera@Example.com' } });
  expect(again.status).toBe(409);
  const differentName = await pay(server.browser(), `${SECOND_LANDING_ID}b3RoZXI`, {
    contact: { firstName: 'Sam' },
    birthdate: '1991-07-14',
  });
  expect(differentName.status).toBe(201);
});

test('a declined card is declined alike for a known and an unknown email: no free way to ask who is a patient', async () => {
  expect((await pay(server.call, FIRST_LANDING_ID)).status).toBe(201);
  const known = await pay(server.browser(), SECOND_LANDING_ID, { card: '4000000000000002' });
  const unknown = await pay(server.browser(), `${SECOND_LANDING_ID}dW5rbm93bg`, {
    card: '4000000000000002',
    contact: { email: 'nobody.here@example.com' },
  });
  await mailSettled();
  expect(known.status).toBe(422);
  expect(known.json).toEqual(unknown.json);
  expect(mail.sent).toHaveLength(0);
});

test('a stranger who types a patient’s email and birth date learns nothing of theirs, reaches nothing, and the link goes only to the email on file', async () => {
  expect((await pay(server.call, FIRST_LANDING_ID)).status).toBe(201);
  const stranger = server.browser();
  // The patient's email in other letters, sent with a Host header of the stranger's own site.
  const refused = await stranger({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: lead(SECOND_LANDING_ID, { email: 'ALEX.RIVERA@example.com' }), landingId: SECOND_LANDING_ID },
  });
  expect(refused.status).toBe(200);
  const attempt = await pay(stranger, SECOND_LANDING_ID, { contact: { email: 'ALEX.RIVERA@example.com' } });
  expect(attempt.json).toEqual(REFUSAL);
  // The patient's lead and customer stay theirs: the stranger's session reads none of it.
  const theirLead = await stranger({ method: 'GET', url: `/api/memoForm/getLead?landing_id=${FIRST_LANDING_ID}` });
  expect(theirLead.status).toBe(404);
  const poisoned = await stranger({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': 'poisoned-host', host: 'evil.example' },
    payload: { order: '{}' },
  });
  expect(poisoned.status).toBe(400);
  await mailSettled();
  expect(mail.sent.map((sent) => sent.to)).toEqual(['alex.rivera@example.com']);
  expect(approvedOrders()).toBe(1);
});

test('a return link made from a request with a foreign Host header still points at the brand’s own host', async () => {
  expect((await pay(server.call, FIRST_LANDING_ID)).status).toBe(201);
  const stranger = server.browser();
  const saved = await stranger({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: lead(SECOND_LANDING_ID), landingId: SECOND_LANDING_ID },
  });
  expect(saved.status).toBe(200);
  const billing = await stranger({
    method: 'POST',
    url: '/api/mipH2/billingInfo/save',
    payload: {
      customer: JSON.stringify({
        firstName: 'Alex',
        lastName: 'Rivera',
        address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        paymentToken: 'tok_visa',
      }),
      landingId: SECOND_LANDING_ID,
    },
  });
  const billingToken = (billing.json as { data: { billingToken: string } }).data.billingToken;
  const attempt = await stranger({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': 'evil-host-key', host: 'evil.example' },
    payload: {
      order: JSON.stringify({
        productId: '1682',
        landingId: SECOND_LANDING_ID,
        billingToken,
        contact: CONTACT,
        agreement: agreementFor('1682'),
      }),
    },
  });
  expect(attempt.status).toBe(409);
  await mailSettled();
  expect(mail.sent[0]?.text).not.toContain('evil.example');
  expect(mail.sent[0]?.text).toContain('https://peakmens.example/payment/shrt?access=');
});

test('the patient who opens the link is a returning customer: the first browser and a claimed one may buy again', async () => {
  expect((await pay(server.call, FIRST_LANDING_ID)).status).toBe(201);
  // The first browser owns the customer: a later order there is not refused by recognition.
  const sameBrowser = await pay(server.call, `${FIRST_LANDING_ID}YWdhaW4`);
  expect(sameBrowser.json).not.toMatchObject({ reason: 'paid-elsewhere' });
  await mailSettled();
  expect(mail.sent).toHaveLength(0);
});
