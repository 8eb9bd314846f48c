import { expect, test, type Page } from './support/test.ts';
import { heading, newPatient, takeAssessment } from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';

/**
 * Every step's door (issue 37, points 3 and 4): whatever link a patient opens, they stand on a
 * step only once their journey holds what it is due (config/routes.json requires, and what the
 * steps before it produce); else the funnel machine brings them to where the work is, and says
 * why. A cold booking link never offers a consult to a visitor nobody can reach; a cold intake
 * or payment link never skips the assessment or the payment.
 */

test.describe.configure({ timeout: 90_000 });

const NOTICE = 'Let’s start here';

/** The word of arrival above the step: its title and why. */
function notice(page: Page) {
  return page.getByRole('status').filter({ hasText: NOTICE });
}

test('a cold booking link brings a visitor nobody can reach to the assessment, and offers no consult', async ({
  page,
}) => {
  await page.goto(`${MENS_SITE}/mip/calendly/shrt`);
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt`, { timeout: 15_000 });
  await expect(heading(page)).toHaveText('Hormone Assessment');
  await expect(notice(page)).toContainText('we need your name, email and mobile phone, so the clinic can reach you');
  await expect(page.getByRole('button', { name: 'Book my consult' })).toHaveCount(0);
  // The address the patient opened is replaced: Back does not bounce them through it again.
  await expect.poll(() => page.evaluate(() => window.history.length)).toBe(2);
});

test('the women’s cold booking link starts at the women’s assessment, saying why', async ({ page }) => {
  await page.goto(`${WOMENS_SITE}/f/appointment/consult/fha1`);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/hormone-assessment/fha1`, { timeout: 15_000 });
  await expect(notice(page)).toContainText('so the clinic can reach you');
  await expect(page.getByRole('button', { name: 'Book my consult' })).toHaveCount(0);
});

test('a cold intake link skips neither the assessment nor the payment', async ({ page }) => {
  await page.goto(`${WOMENS_SITE}/f/intake/fha1`);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/hormone-assessment/fha1`, { timeout: 15_000 });
  await expect(notice(page)).toContainText('comes after the hormone assessment, and we have no answers from you yet');
  await page.goto(`${MENS_SITE}/mip/form/shrt`);
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt`, { timeout: 15_000 });
  await expect(notice(page)).toBeVisible();
});

test('a cold payment link of an assessment funnel takes no money before the assessment', async ({ page }) => {
  await page.goto(`${MENS_SITE}/payment/shrt`);
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt`, { timeout: 15_000 });
  await expect(heading(page)).toHaveText('Hormone Assessment');
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
});

test('a pay-first funnel’s intake link, cold, is brought to its payment', async ({ page }) => {
  await page.goto(`${MENS_SITE}/mip/form/bhrt`);
  await expect(page).toHaveURL(`${MENS_SITE}/payment/bhrt`, { timeout: 15_000 });
  await expect(notice(page)).toContainText('comes after checkout, and we have no order from you yet');
});

test('a pathOverride link that would book first gets the assessment back, in the link’s own walk', async ({ page }) => {
  await page.goto(`${MENS_SITE}/mip/calendly/shrt?pathOverride=cal`);
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt?pathOverride=cal`, { timeout: 15_000 });
  await expect(notice(page)).toBeVisible();
});

test('a patient who took the assessment and opens the intake link is brought to the payment in between', async ({
  page,
}) => {
  const patient = newPatient('door-intake', { state: 'TX' });
  await page.goto(`${WOMENS_SITE}/f/hormone-assessment/fha1`);
  await takeAssessment(page, patient);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/results/fha1`);
  await page.goto(`${WOMENS_SITE}/f/intake/fha1`);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/payment/fha1`, { timeout: 15_000 });
  await expect(notice(page)).toContainText('comes after checkout, and we have no order from you yet');
  // Their answers are theirs still: the payment knows who they are.
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(patient.email);
});

test('the word of arrival is for the step it was said on: Next moves on without it', async ({ page }) => {
  const patient = newPatient('door-next');
  await page.goto(`${MENS_SITE}/mip/calendly/shrt`);
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt`, { timeout: 15_000 });
  await expect(notice(page)).toBeVisible();
  await takeAssessment(page, patient);
  await expect(page).toHaveURL(`${MENS_SITE}/results/shrt`);
  await expect(notice(page)).toHaveCount(0);
});
