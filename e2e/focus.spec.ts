import { book, newPatient } from './support/patient.ts';
import { WOMENS_SITE } from './support/sites.ts';
import { reachBooking } from './support/reach.ts';
import { expect, test } from './support/test.ts';

/**
 * Where the patient is after a change, as a keyboard or screen-reader user meets it: focus on
 * the new page's heading (announced, and where Tab goes on from), not dropped on the body;
 * a confirmation brought into view.
 */

test('after Next, focus is on the next question page’s title, not on the page body', async ({ page }) => {
  const patient = newPatient('focus-next');
  await page.goto('/hormone-assessment/shrt');
  await page.getByLabel('What is your date of birth?').fill(patient.birthdate);
  await page.getByLabel('Which state do you live in?').selectOption(patient.state);
  await page.getByLabel('What is your weight in pounds?').fill(patient.weight);
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Your symptoms' })).toBeFocused();

  // Back moves it to the previous page's title the same way.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeFocused();
});

test('moving to another screen focuses its heading', async ({ page }) => {
  await page.goto('/results/shrt');
  await page
    .getByRole('button', { name: 'Take the assessment' })
    .or(page.getByRole('link', { name: 'Take the assessment' }))
    .click();
  await expect(page).toHaveURL('/hormone-assessment/shrt');
  await expect(page.getByRole('heading', { level: 1, name: 'Hormone Assessment' })).toBeFocused();
});

test('after booking on a phone, the finish page’s heading has focus and the booked consult is in view, not the footer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  // A patient the clinic can reach: a booking needs one (issue 37); the link books, then finishes.
  await reachBooking(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1' });
  await book(page);
  // The funnel ends on its finish page, which confirms the booking.
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/finish/fha1?pathOverride=cal`);
  await expect(page.getByRole('heading', { level: 1, name: 'All Set' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Your consult' })).toBeInViewport();
});
