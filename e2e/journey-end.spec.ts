import { expect, test } from './support/test.ts';
import { recordsOf } from './support/database.ts';
import {
  book,
  completeIntake,
  continueAfterPaying,
  heading,
  newPatient,
  pay,
  takeAssessment,
  answerRefill,
} from './support/patient.ts';
import { WOMENS_SITE } from './support/sites.ts';

/**
 * How a journey ends, as the patient lives it (issue 12, points 1 and 4): money taken is
 * acknowledged with an order reference before anything else is asked, and every funnel ends on
 * a page that says what was done and what happens next, never on a button that goes nowhere.
 */

test.describe.configure({ timeout: 180_000 });

test('dailytada: after paying at checkout, Continue leads to a finish page, not nowhere', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const patient = newPatient('ed-finish');
  await page.goto('/mip/form/dailytada');
  await completeIntake(page, patient);
  await expect(page).toHaveURL('/mip/checkout/dailytada');
  await pay(page, patient);

  // Paid: said at the top of the page, with the reference the patient can quote.
  await expect(heading(page)).toHaveText('Your payment is complete');
  const reference = await page.getByTestId('order-reference').textContent();
  const orderId = recordsOf(patient.email).orders[0]?.id ?? '';
  expect(orderId.replace(/^ord_/, '')).toBe(reference?.replace(/\s/g, ''));
  await continueAfterPaying(page);

  await expect(page).toHaveURL('/finish/dailytada');
  await expect(heading(page)).toHaveText('All Set');
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  // The order reference, to quote on the phone, in the confirmation panel.
  await expect(page.getByText(`Order reference ${(reference ?? '').replace(/\s/g, ' ')}`)).toBeVisible();
  await expect(page.getByText('Your order is in.', { exact: true })).toBeVisible();
  // No booking in this funnel: a clinician reviews the answers; no consult card is offered.
  await expect(page.getByText(/A licensed clinician reviews your answers/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  // The end: nothing on the page pretends there is another step.
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
});

test('shrt: payment received before the intake, and the booked consult ends on a summary', async ({ page }) => {
  const patient = newPatient('shrt-finish');
  await page.goto('/hormone-assessment/shrt');
  await takeAssessment(page, patient);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL('/payment/shrt');
  await pay(page, patient);

  // Not straight on to the intake: first the patient is told the money was taken.
  await expect(heading(page)).toHaveText('Your payment is complete');
  await expect(page).toHaveURL('/payment/shrt');
  await expect(page.getByText(/We charged \$99 to the card ending in 4242/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your payment is complete' })).toBeFocused();
  await continueAfterPaying(page);

  await expect(page).toHaveURL('/mip/form/shrt');
  await completeIntake(page, patient);
  await expect(page).toHaveURL('/mip/calendly/shrt');
  // Booked, the funnel goes on by itself: to its finish page.
  await book(page);

  await expect(page).toHaveURL('/finish/shrt');
  await expect(heading(page)).toHaveText('All Set');
  const done = page.getByRole('region', { name: 'What you have done' });
  await expect(done).toContainText('Your hormone assessment');
  await expect(done).toContainText('Your payment');
  await expect(done).toContainText('Your intake questionnaire');
  await expect(page.getByText('Your consult is booked.', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your consult' })).toContainText(
    'Video consult with a licensed clinician',
  );
  await expect(page.getByText(/^Order reference /)).toBeVisible();
  expect(recordsOf(patient.email).orders).toHaveLength(1);
});

test('fha1: the women’s funnel ends on its finish page after the consult is booked', async ({ page }) => {
  const patient = newPatient('fha1-finish', { firstName: 'Quillonette' });
  await page.goto(`${WOMENS_SITE}/f/hormone-assessment/fha1`);
  await takeAssessment(page, patient);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/intake/fha1`);
  await completeIntake(page, patient);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/about-consult/fha1`);
  await page.getByRole('button', { name: 'Choose my consult time' }).click();
  await book(page);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/finish/fha1`);
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
});

test('a2-renewal: the refill ends on a finish page about the refill, promising no consult', async ({ page }) => {
  const patient = newPatient('renewal-finish', { state: 'AL' });
  await page.goto('/mip/form/a2-renewal');
  await completeIntake(page, patient);
  await expect(page).toHaveURL('/mip/cont/ced/a2-renewal');
  await answerRefill(page, { effectiveness: 'Very well', send: /^(Continue|Send|Submit|Next)/ });
  // The form may confirm the refill first, with a Continue to the finish.
  const onward = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(page.getByRole('heading', { level: 1, name: 'All Set' }).or(onward)).toBeVisible({ timeout: 15_000 });
  if (await onward.isVisible()) await onward.click();

  await expect(page).toHaveURL('/finish/a2-renewal');
  await expect(heading(page)).toHaveText('All Set');
  const main = page.getByRole('main');
  await expect(main.getByText('Your refill request is in.', { exact: true })).toBeVisible();
  await expect(main.getByText(/Your clinician reviews your refill request/)).toBeVisible();
  // A refill needs no consult: none is promised, and there is no consult card or calendar file.
  await expect(main.getByText(/video consult|book your consult|Join your/i)).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
});

test('microclinic: Continue needs a chosen microclinic and says so, with the way to find one focused', async ({
  page,
}) => {
  const patient = newPatient('microclinic-choice');
  await page.goto('/payment/microclinic');
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL('/mip/hrt/finish/microclinic');
  await expect(heading(page)).toHaveText('Your Microclinic Visit');

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a microclinic to continue.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeFocused();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL('/mip/hrt/finish/microclinic');

  await page.getByRole('button', { name: 'Enter my city or ZIP code' }).click();
  await page.getByRole('textbox', { name: 'City or ZIP code' }).fill('78701');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('radio', { name: 'Austin Downtown Microclinic' }).check();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a microclinic to continue.' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL('/mip/form/microclinic');
});
