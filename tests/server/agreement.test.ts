import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  ASSESSMENT_ANSWERS,
  STAFF,
  countRows,
  leadJson,
  saveBilling,
  saveLead,
  startTestServer,
  type Reply,
  type TestServer,
} from './test-server.ts';
import { agreementFor } from '../support/agreement.ts';
import { sha256Hex } from '../../src/server/legal.ts';
import { questionShownText } from '../../src/domain/shown-text.ts';
import type { OrderPayload, QuestionPage } from '../../src/contract/api-types.ts';

// Issue 38 points 3 and 4: an order is agreed on today's terms, and the clinic can show what
// the patient saw when they agreed and answered.

const LANDING_ID = 'QWdyZWVhZ3JlZS5tZUBleGFtcGxlLmNvbTIwMjYtMTItMDNNSVA';
/** A patient whose lead is first saved by a page that says what it showed. */
const SHOWN_LANDING_ID = 'U2hvd25zaG93bi5tZUBleGFtcGxlLmNvbTIwMjYtMTItMDNNSVA';
const CONTACT = { firstName: 'Alex', lastName: 'Rivera', email: 'alex.rivera@example.com', phone: '5125550199' };

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await saveLead(server, LANDING_ID);
});
afterEach(async () => {
  await server.remove();
});

async function order(agreement: unknown, productId = '1682', landingId = LANDING_ID): Promise<Reply> {
  const billingToken = await saveBilling(server, landingId, { cardNumber: '4242424242424242' });
  return server.call({
    method: 'POST',
    url: '/api/memoForm/createOrder',
    headers: { 'idempotency-key': `agree-${randomUUID()}` },
    payload: { order: JSON.stringify({ productId, landingId, billingToken, contact: CONTACT, agreement }) },
  });
}

const orders = () => countRows(server.db, 'orders', 'landing_id = ?', LANDING_ID);

test('the legal documents in force are listed with their versions and the hash of each text', async () => {
  const reply = await server.call({ method: 'GET', url: '/api/legal' });
  expect(reply.status).toBe(200);
  const documents = (reply.json as { data: { document: string; version: string; sha256: string }[] }).data;
  expect(documents.map((item) => [item.document, item.version])).toEqual([
    ['terms', 'terms-2026-12'],
    ['privacy', 'privacy-2026-12'],
    ['telehealth-consent', 'telehealth-consent-2026-12'],
  ]);
  const terms = await server.call({ method: 'GET', url: '/api/legal/terms' });
  const text = (terms.json as { data: { markdown: string; sha256: string } }).data;
  expect(sha256Hex(text.markdown)).toBe(text.sha256);
  expect(text.markdown).toContain("Peak Men's Health");
  expect(text.markdown).toContain('until you cancel');
});

test('each brand has its own texts, in its own name', async () => {
  const women = await server.call({ method: 'GET', url: '/api/legal/privacy', headers: { host: 'femme.localhost' } });
  expect((women.json as { data: { markdown: string } }).data.markdown).toContain('Peak Femme');
  expect((women.json as { data: { markdown: string } }).data.markdown).not.toContain("Peak Men's Health");
});

test('an unknown document or version is a 404, a malformed one a 400', async () => {
  expect((await server.call({ method: 'GET', url: '/api/legal/terms?version=terms-2001-01' })).status).toBe(404);
  expect((await server.call({ method: 'GET', url: '/api/legal/cookies' })).status).toBe(400);
});

test('a monthly plan agreed on the current terms is placed, and records the versions with the order', async () => {
  const reply = await order(agreementFor('1682'));
  expect(reply.status).toBe(201);
  const row = server.db
    .prepare('SELECT terms_version, privacy_version, telehealth_consent_version FROM orders WHERE landing_id = ?')
    .get(LANDING_ID);
  expect(row).toEqual({
    terms_version: 'terms-2026-12',
    privacy_version: 'privacy-2026-12',
    telehealth_consent_version: 'telehealth-consent-2026-12',
  });
});

test('a version the server never had is a 400, and nothing is charged', async () => {
  const agreement = agreementFor('1682');
  const reply = await order({
    ...agreement,
    documents: agreement.documents.map((item) =>
      item.document === 'terms' ? { ...item, version: 'terms-1999-01' } : item,
    ),
  });
  expect(reply.status).toBe(400);
  expect(JSON.stringify(reply.json)).toContain('/body/order/agreement/documents/0/version');
  expect(orders()).toBe(0);
});

test('a hash that is not the text of the version named is a 400', async () => {
  const agreement = agreementFor('1682');
  const reply = await order({
    ...agreement,
    documents: agreement.documents.map((item) => ({ ...item, sha256: 'a'.repeat(64) })),
  });
  expect(reply.status).toBe(400);
  expect(orders()).toBe(0);
});

test('terms that changed since the page was shown are a 409 terms-changed, and nothing is charged', async () => {
  // The clinic publishes new terms while the patient is at Pay.
  server.db
    .prepare(
      `INSERT INTO legal_documents (document, site, version, title, effective_at, markdown, sha256)
       VALUES ('terms', 'male', 'terms-2027-01', 'Terms and Conditions', ?, '# New terms', ?)`,
    )
    .run(new Date(Date.now() - 1000).toISOString(), sha256Hex('# New terms'));
  const reply = await order(agreementFor('1682'));
  expect(reply.status).toBe(409);
  expect(reply.json).toMatchObject({ status: 409, reason: 'terms-changed' });
  expect(orders()).toBe(0);
});

test('a statement of another price is a 409 terms-changed: the patient is shown the price charged', async () => {
  const reply = await order(agreementFor('1682', { amount: '$79.00' }));
  expect(reply.status).toBe(409);
  expect(reply.json).toMatchObject({ reason: 'terms-changed' });
  expect(orders()).toBe(0);
});

test('a page left open since the day before yesterday is a 409 terms-changed: its next charge date is wrong', async () => {
  const reply = await order(agreementFor('1682', { day: new Date(Date.now() - 3 * 86_400_000) }));
  expect(reply.status).toBe(409);
  expect(orders()).toBe(0);
});

test('a monthly plan without the renewal agreed to is refused', async () => {
  const reply = await order({ ...agreementFor('1682'), renewalAccepted: false });
  expect(reply.status).toBe(400);
  expect(JSON.stringify(reply.json)).toContain('/body/order/agreement/renewalAccepted');
  expect(orders()).toBe(0);
});

test('an order with no agreement is a 400', async () => {
  const reply = await order(undefined);
  expect(reply.status).toBe(400);
  expect(orders()).toBe(0);
});

/** The men's MIP page 1 as the server serves it: the questions the patient is shown. */
async function firstPage(): Promise<QuestionPage> {
  const reply = await server.call({ method: 'GET', url: '/api/memoForm/pageQuestions?formId=MIP&pageIds=1' });
  return (reply.json as { data: { pages: QuestionPage[] } }).data.pages[0] as QuestionPage;
}

test('staff read what the patient was shown: each answer with the funnel version, the step and the text hash, and the agreement at Pay', async () => {
  const page = await firstPage();
  const shown = {
    funnelVersion: '1a2b3c4d',
    step: '/hormone-assessment/shrt',
    questions: page.questions.map((question) => ({
      questionId: question.id,
      sha256: sha256Hex(questionShownText(question)),
    })),
  };
  const save = await server.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: leadJson(SHOWN_LANDING_ID), landingId: SHOWN_LANDING_ID, shown },
  });
  expect(save.status).toBe(200);
  expect((await order(agreementFor('1682'), '1682', SHOWN_LANDING_ID)).status).toBe(201);

  const reply = await server.call({
    method: 'GET',
    url: `/api/staff/consent-records?id=${SHOWN_LANDING_ID}`,
    headers: STAFF,
  });
  expect(reply.status).toBe(200);
  const record = (reply.json as { data: { orders: unknown[]; records: Record<string, unknown>[] } }).data;
  expect(record.orders).toEqual([expect.objectContaining({ termsVersion: 'terms-2026-12', productId: '1682' })]);
  const pageIds = new Set(page.questions.map((question) => question.id));
  const answers = record.records.filter((item) => item.kind === 'answer');
  expect(answers.length).toBe(ASSESSMENT_ANSWERS.filter((answer) => pageIds.has(answer.questionId)).length);
  for (const answer of answers) {
    expect(answer).toMatchObject({ funnelVersion: '1a2b3c4d', step: '/hormone-assessment/shrt', textMatches: true });
    // The record says what was shown, never what was answered.
    expect(answer).not.toHaveProperty('value');
  }
  const agreement = record.records.find((item) => item.kind === 'agreement');
  expect(agreement).toMatchObject({
    ref: 'pay-agreement',
    step: '/payment/test',
    textMatches: true,
    renewal: { amount: '$99.00', every: 'month' },
  });
});

test('an answer given to a question whose text changed while the page was open is recorded as not matching', async () => {
  const page = await firstPage();
  const question = page.questions[0];
  const shown = {
    step: '/hormone-assessment/shrt',
    questions: [{ questionId: question?.id ?? '', sha256: 'b'.repeat(64) }],
  };
  await server.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: leadJson(SHOWN_LANDING_ID), landingId: SHOWN_LANDING_ID, shown },
  });
  const reply = await server.call({
    method: 'GET',
    url: `/api/staff/consent-records?id=${SHOWN_LANDING_ID}`,
    headers: STAFF,
  });
  const records = (reply.json as { data: { records: Record<string, unknown>[] } }).data.records;
  expect(records).toEqual([expect.objectContaining({ questionId: question?.id, textMatches: false })]);
});

test('the same answers saved again add no record', async () => {
  const page = await firstPage();
  const shown = {
    step: '/hormone-assessment/shrt',
    questions: page.questions.map((question) => ({
      questionId: question.id,
      sha256: sha256Hex(questionShownText(question)),
    })),
  };
  for (let save = 0; save < 2; save += 1) {
    await server.call({
      method: 'POST',
      url: '/api/memoForm/saveLead',
      payload: { lead: leadJson(SHOWN_LANDING_ID), landingId: SHOWN_LANDING_ID, shown },
    });
  }
  expect(countRows(server.db, 'consent_records', 'landing_id = ?', SHOWN_LANDING_ID)).toBe(page.questions.length);
});

test('an attacker: the patient’s own browser, a stranger, or a wrong token cannot read a consent record', async () => {
  // The patient's own session (it saved the lead) is no staff: without the header the contract
  // refuses the call (400), with a guessed one the server does (401); neither answers a record.
  const own = await server.call({ method: 'GET', url: `/api/staff/consent-records?id=${LANDING_ID}` });
  expect(own.status).toBe(400);
  expect(JSON.stringify(own.json)).not.toContain('records');
  const guessed = await server.call({
    method: 'GET',
    url: `/api/staff/consent-records?id=${LANDING_ID}`,
    headers: { 'x-staff-token': 'x'.repeat(27) },
  });
  expect(guessed.status).toBe(401);
  const stranger = server.browser();
  // A customer id instead of a landing id, with a made-up credential.
  const forged = await stranger({
    method: 'GET',
    url: '/api/staff/consent-records?id=100234',
    headers: { 'x-staff-token': 'not-the-staff-token-0000' },
  });
  expect(forged.status).toBe(401);
  expect(JSON.stringify(forged.json)).not.toContain('100234');
});

test('staff find a customer’s records by customer id, and an unknown id is a 404', async () => {
  expect((await order(agreementFor('1682'))).status).toBe(201);
  const customer = server.db.prepare('SELECT kt_customer_id FROM orders WHERE landing_id = ?').get(LANDING_ID) as {
    kt_customer_id: string;
  };
  const reply = await server.call({
    method: 'GET',
    url: `/api/staff/consent-records?id=${customer.kt_customer_id}`,
    headers: STAFF,
  });
  expect(reply.status).toBe(200);
  expect((reply.json as { data: { landingIds: string[] } }).data.landingIds).toContain(LANDING_ID);
  const unknown = await server.call({ method: 'GET', url: '/api/staff/consent-records?id=999999999', headers: STAFF });
  expect(unknown.status).toBe(404);
});

// The type the tests build orders with is the contract's: an agreement is part of every order.
export type { OrderPayload };
