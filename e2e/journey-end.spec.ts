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
  await expect(heading(page)).toHaveText('Payment received');
  const reference = await page.getByTestId('order-reference').textContent();
  const orderId = recordsOf(patient.email).orders[0]?.id ?? '';
  expect(orderId.replace(/^ord_/, '')).toBe(reference?.replace(/\s/g, ''));
  await continueAfterPaying(page);

  await expect(page).toHaveURL('/finish/dailytada');
  await expect(heading(page)).toHaveText('All Set');
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(page.getByText(`Your payment (order reference ${(reference ?? '').replace(/\s/g, ' ')})`)).toBeVisible();
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
  await expect(heading(page)).toHaveText('Payment received');
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
  const done = page.getByRole('list').filter({ hasText: 'Your hormone assessment' });
  await expect(done).toContainText('Your payment (order reference');
  await expect(done).toContainText('Your intake questionnaire');
  await expect(done).toContainText(/Your consult, booked for/);
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
  await page.getByRole('button', { name: 'Book my consult' }).click();
  await book(page);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/finish/fha1`);
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
});
