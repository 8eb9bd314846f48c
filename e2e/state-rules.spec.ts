import { expect, test } from './support/test.ts';
import { appointmentsOf, recordsOf } from './support/database.ts';
import {
  book,
  completeIntake,
  continueAfterPaying,
  heading,
  newPatient,
  pay,
  takeAssessment,
} from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';

/**
 * Issue 38 point 1: where the patient lives decides whether the clinic may treat them and how
 * (config/clinic-rules.json). Arkansas asks a live video visit before a clinician prescribes: an
 * ED patient there books the visit before the order; an HRT patient's payment buys the consult
 * booked next, so it goes through. Alaska is not served: the payment stops before the card,
 * nothing is charged, and the patient can ask to be told: on the results, before checkout,
 * and on a payment page opened by its link. Before issue 38 an ED patient in
 * Arkansas got "Your order is in" with no visit, and nobody was told a state was not served.
 */

test('an ED patient in Arkansas books a video visit before the order is placed', async ({ page }) => {
  const patient = newPatient('arkansas-ed', { state: 'AR' });
  await page.goto(`${MENS_SITE}/mip/form/dailytada`);
  await completeIntake(page, patient);

  await expect(page).toHaveURL(/\/mip\/checkout\/dailytada/);
  await expect(heading(page)).toHaveText('Book your video visit first', { timeout: 15_000 });
  await expect(page.getByText('Arkansas asks for a video visit')).toBeVisible();
  // No card is asked before the visit is booked.
  await expect(page.getByRole('form', { name: 'Billing details' })).toHaveCount(0);
  expect(recordsOf(patient.email).orders).toEqual([]);

  await book(page);
  await expect(page.getByText('Your video visit is booked')).toBeVisible({ timeout: 15_000 });
  await pay(page, patient);
  await expect(page.getByText('Your payment is complete')).toBeVisible({ timeout: 15_000 });

  const [visit] = appointmentsOf(patient.email);
  expect(visit?.status).not.toBe('cancelled');
  expect(recordsOf(patient.email).orders.map((order) => order.status)).toEqual(['approved']);
});

test('an ED patient in Texas, where the written review is allowed, orders with no visit first', async ({ page }) => {
  const patient = newPatient('texas-ed', { state: 'TX' });
  await page.goto(`${MENS_SITE}/mip/form/dailytada`);
  await completeIntake(page, patient);
  await expect(page).toHaveURL(/\/mip\/checkout\/dailytada/);
  await pay(page, patient);
  await expect(page.getByText('Your payment is complete')).toBeVisible({ timeout: 15_000 });
  expect(appointmentsOf(patient.email)).toEqual([]);
});

test('an HRT patient in Arkansas pays for the consult and books it next', async ({ page }) => {
  const patient = newPatient('arkansas-hrt', { state: 'AR' });
  await page.goto(`${MENS_SITE}/hormone-assessment/shrt`);
  await takeAssessment(page, patient);
  await page.getByRole('button', { name: /Continue to checkout/ }).click();
  await pay(page, patient);
  await continueAfterPaying(page);
  expect(recordsOf(patient.email).orders.map((order) => order.status)).toEqual(['approved']);
});

for (const { site, code, prefix, brand } of [
  { site: MENS_SITE, code: 'shrt', prefix: '', brand: 'men’s' },
  { site: WOMENS_SITE, code: 'fha1', prefix: '/f', brand: 'women’s' },
]) {
  test(`a ${brand} patient in Alaska, which is not served, is told before checkout and can ask to hear when it is`, async ({
    page,
  }) => {
    const patient = newPatient('alaska', { state: 'AK' });
    await page.goto(`${site}${prefix}/hormone-assessment/${code}`);
    await takeAssessment(page, patient);

    // The results say it, in place of the way to checkout.
    const notice = page.getByTestId('not-served');
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText("We don't treat patients in Alaska yet.");
    await expect(notice).toContainText('Nothing has been charged.');
    await expect(page.getByRole('button', { name: /Continue to checkout/ })).toHaveCount(0);
    const email = notice.getByRole('textbox', { name: 'Email me when you treat patients in Alaska' });
    await expect(email).toHaveValue(patient.email);
    await notice.getByRole('button', { name: 'Tell me when' }).click();
    await expect(notice).toContainText(`We will email ${patient.email} as soon as we treat patients in Alaska.`);

    // The payment opened by its link stops before the card: no card, no Pay, nothing to charge.
    await page.goto(`${site}${prefix}/payment/${code}`);
    const form = page.getByRole('form', { name: 'Billing details' });
    await expect(form.getByTestId('not-served')).toBeVisible({ timeout: 15_000 });
    await expect(form.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
    await expect(form.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    // Another state of the patient's: the card and Pay come back.
    await form.getByRole('combobox', { name: /^State/ }).selectOption('TX');
    await expect(form.getByTestId('not-served')).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: 'Card number' })).toBeVisible();
    expect(recordsOf(patient.email).orders).toEqual([]);
  });
}

/**
 * Issue 38 point 2, as a patient meets it: testosterone needs a live visit before a clinician
 * prescribes, so a pay link on a men's HRT code (which would go from Pay straight to the finish
 * page) books the consult after paying, before the finish.
 */
test('a pay link on bhrt asks the assessment and books the consult testosterone needs before its finish page', async ({
  page,
}) => {
  const patient = newPatient('pay-link-visit');
  await page.goto(`${MENS_SITE}/payment/bhrt?pathOverride=pay`);
  await pay(page, patient);
  await continueAfterPaying(page);
  // The link names the payment only; the code's clearance (its assessment) and the product's
  // live visit are kept (src/engine/product-rules.ts).
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/bhrt?pathOverride=pay`, { timeout: 15_000 });
  await takeAssessment(page, patient);
  await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/bhrt?pathOverride=pay`, { timeout: 15_000 });
  await book(page);
  await expect(page).toHaveURL(`${MENS_SITE}/finish/bhrt?pathOverride=pay`, { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Your consult' })).toBeVisible();
  expect(appointmentsOf(patient.email)).toHaveLength(1);
});
