import { expect, test } from './support/test.ts';
import { appointmentsOf, recordsOf, refundRequestsOf } from './support/database.ts';
import { book, continueAfterPaying, heading, newPatient, pay, takeAssessment } from './support/patient.ts';
import { MENS_SITE } from './support/sites.ts';
import { oneOffAgreement } from './support/agreement.ts';

/**
 * Issue 37, points 4 and 5, kept by the server (src/server/step-doors.ts, src/server/pages.ts,
 * src/server/handlers/refunds.ts): the page a cold visitor of an assessment funnel's payment is
 * sent has no billing form to pay with; an order sent by hand before the assessment is a 409 and
 * stores nothing; and microbh's consult, booked before the assessment rules the patient out, is
 * cancelled with the refund, its time free again. Each fails on the server before.
 */

/** The billing form the server renders into a payment page's HTML (its slot holding a form). */
const BILLING_FORM = /<div data-early-form="billing"[^>]*><form/;

test('a cold /payment/shrt is sent without the billing form; a pay-first payment (bhrt) with it', async ({ page }) => {
  // As the browser asks for a page it was sent to by a link of its own (its cookies would come).
  const headers = { 'sec-fetch-site': 'none' };
  const cold = await page.request.get(`${MENS_SITE}/payment/shrt`, { headers });
  expect(cold.status()).toBe(200);
  const html = await cold.text();
  expect(html).toContain('data-early-form="billing"');
  expect(html).not.toMatch(BILLING_FORM);
  expect(await (await page.request.get(`${MENS_SITE}/payment/bhrt`, { headers })).text()).toMatch(BILLING_FORM);
  // The page itself: the app brings the visitor to the assessment, and no Pay was ever shown.
  await page.goto(`${MENS_SITE}/payment/shrt`);
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt`);
});

test('a pay link on shrt (?pathOverride=pay) asks the assessment before any money; on bhrt it pays first', async ({
  page,
}) => {
  // The link's list gets back the assessment shrt asks before money (config/routes.json keptBefore).
  await page.goto(`${MENS_SITE}/payment/shrt?pathOverride=pay`);
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt?pathOverride=pay`, { timeout: 15_000 });
  await expect(heading(page)).toHaveText('Hormone Assessment');
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  // The server agrees: the link's page is sent without a billing form.
  const headers = { 'sec-fetch-site': 'none' };
  const html = await (await page.request.get(`${MENS_SITE}/payment/shrt?pathOverride=pay`, { headers })).text();
  expect(html).not.toMatch(BILLING_FORM);
  // Taken, the assessment leads to the payment, then the finish: nothing else was put in.
  await takeAssessment(page, newPatient('door-pay-link'));
  await expect(page).toHaveURL(`${MENS_SITE}/payment/shrt?pathOverride=pay`);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  // bhrt takes the payment first, so its pay link opens on the billing form.
  await page.goto(`${MENS_SITE}/payment/bhrt?pathOverride=pay`);
  await expect(page).toHaveURL(`${MENS_SITE}/payment/bhrt?pathOverride=pay`);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible({ timeout: 15_000 });
});

test('an order for shrt sent by hand, with a lead and a card and no assessment, is a 409 and stores no order', async ({
  page,
}) => {
  const patient = newPatient('door-by-hand');
  const landingId = Buffer.from(`Hand|${patient.email}|2026-12-02|MIP`).toString('base64url');
  const api = page.request;
  const lead = {
    landing_id: landingId,
    formId: 'MIP',
    pathCode: 'shrt',
    answers: [],
    firstName: patient.firstName,
    lastName: patient.lastName,
    email: patient.email,
    phone: patient.phone,
  };
  expect(
    (
      await api.post(`${MENS_SITE}/api/memoForm/saveLead`, { data: { lead: JSON.stringify(lead), landingId } })
    ).status(),
  ).toBe(200);
  const billing = await api.post(`${MENS_SITE}/api/mipH2/billingInfo/save`, {
    data: {
      landingId,
      customer: JSON.stringify({
        firstName: patient.firstName,
        lastName: patient.lastName,
        address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        paymentToken: 'tok_visa',
      }),
    },
  });
  expect(billing.status(), await billing.text()).toBe(200);
  const { billingToken } = ((await billing.json()) as { data: { billingToken: string } }).data;
  const order = await api.post(`${MENS_SITE}/api/memoForm/createOrder`, {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      order: JSON.stringify({
        productId: '0',
        landingId,
        billingToken,
        contact: {
          firstName: patient.firstName,
          lastName: patient.lastName,
          email: patient.email,
          phone: patient.phone,
        },
        // Agreed on the terms in force, as the Pay page would: the door under test is the step's.
        agreement: await oneOffAgreement(api, MENS_SITE, '$99'),
      }),
    },
  });
  expect(order.status()).toBe(409);
  expect(await order.json()).toMatchObject({
    reason: 'step-not-allowed',
    missing: ['assessment-answered', 'no-contraindication'],
  });
  expect(recordsOf(patient.email).orders).toEqual([]);
});

test('microbh: paid, booked, then ruled out: the stop says the consult is cancelled, and its time is free again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const patient = newPatient('door-microbh');
  await page.goto(`${MENS_SITE}/payment/microbh`);
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/microbh`);
  await book(page);
  await expect(heading(page)).toHaveText('Your consult is booked');
  const [booked] = appointmentsOf(patient.email);
  if (booked?.startTime === undefined || booked.startTime === null) throw new Error('no consult booked');
  const offered = async () =>
    (await (await page.request.get(`${MENS_SITE}/api/calendly/availableDates/hrt-consult`)).text()).includes(
      booked.startTime ?? '',
    );
  expect(await offered()).toBe(false);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/microbh`);
  await takeAssessment(page, patient, { hormoneCancer: 'Yes' });

  const main = page.getByRole('main');
  await expect(main.getByText("We can't offer treatment online yet")).toBeVisible({ timeout: 15_000 });
  const consult = main.getByRole('region', { name: 'Your consult is cancelled' });
  await expect(consult).toContainText(
    /^Your consult is cancelled\s*Your consult on .+ is cancelled, so you do not need to join it\./,
  );
  await expect(main.getByRole('region', { name: 'Your refund' })).toBeVisible();
  expect(appointmentsOf(patient.email)).toEqual([{ ...booked, status: 'cancelled' }]);
  expect(await offered()).toBe(true);
  expect(refundRequestsOf(patient.email)).toHaveLength(1);
  // A reload says it again, and cancels nothing more.
  await page.reload();
  await expect(main.getByRole('region', { name: 'Your consult is cancelled' })).toBeVisible({ timeout: 15_000 });
});
