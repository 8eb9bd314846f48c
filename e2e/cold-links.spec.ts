import { expect, test } from './support/test.ts';
import { heading } from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';

/**
 * Cold links (issue 23, point 4): a page reached without the journey it needs says so and sends
 * the patient to where their journey is, instead of claiming work they did not do. Each page
 * declares what it needs in config/routes.json (`needs`), and the funnel machine checks it.
 */

const NOT_FINISHED = 'You have not finished your assessment yet';
const NOT_PART = 'This page is not part of your visit';

test('a finish link with no journey claims nothing, and starts the assessment', async ({ page }) => {
  await page.goto(`${MENS_SITE}/finish/shrt`);
  await expect(heading(page)).toHaveText(NOT_FINISHED, { timeout: 15_000 });
  await expect(
    page.getByText(/All Set|Our care team will (contact|call) you|What you have done|What happens next/),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Start your assessment' }).click();
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt`);
  await expect(heading(page)).toHaveText('Hormone Assessment');
});

test('a thank-you link with no journey does not say "We have what we need"', async ({ page }) => {
  await page.goto(`${MENS_SITE}/thank-you/shrt`);
  await expect(heading(page)).toHaveText(NOT_FINISHED, { timeout: 15_000 });
  await expect(page.getByText(/We have what we need|What happens next/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Start your assessment' }).click();
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt`);
});

test('the women’s finish link with no journey starts the women’s assessment', async ({ page }) => {
  await page.goto(`${WOMENS_SITE}/f/finish/fha1`);
  await expect(heading(page)).toHaveText(NOT_FINISHED, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Start your assessment' }).click();
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/hormone-assessment/fha1`);
});

test('a patient part of the way is sent back to where they are, not to the start', async ({ page }) => {
  // The results page records where the patient is in their journey (on the server).
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/journey') && response.request().method() === 'PUT',
  );
  await page.goto(`${MENS_SITE}/results/shrt`);
  await expect(heading(page)).toHaveText('Your Results');
  await saved;
  await page.goto(`${MENS_SITE}/finish/shrt`);
  await expect(heading(page)).toHaveText(NOT_FINISHED, { timeout: 15_000 });
  await expect(page.getByText('Your answers so far are saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue where you left off' }).click();
  await expect(page).toHaveURL(`${MENS_SITE}/results/shrt`);
  await expect(heading(page)).toHaveText('Your Results');
});

test('a booking link of a funnel with no booking offers no times and books nothing', async ({ page }) => {
  await page.goto(`${MENS_SITE}/mip/calendly/groupc`);
  await expect(heading(page)).toHaveText(NOT_PART, { timeout: 15_000 });
  await expect(page.getByText('Nothing has been booked, charged or sent.')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Choose a day' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book my consult' })).toHaveCount(0);
  // groupc starts at its intake: that is where a new patient begins.
  await page.getByRole('button', { name: 'Start your assessment' }).click();
  await expect(page).toHaveURL(`${MENS_SITE}/mip/form/groupc`);
  await expect(heading(page)).toHaveText('Intake');
});

test('the microclinic page of a funnel without one is not offered', async ({ page }) => {
  await page.goto(`${MENS_SITE}/mip/hrt/finish/shrt`);
  await expect(heading(page)).toHaveText(NOT_PART, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Use my location' })).toHaveCount(0);
});

test('a finish reached through the funnel shows, after a reload and after Back and Forward too', async ({ page }) => {
  // pathOverride=precal: about the consult, then the finish.
  await page.goto(`${WOMENS_SITE}/f/about-consult/fha1?pathOverride=precal`);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/finish/fha1?pathOverride=precal`);
  await expect(heading(page)).toHaveText('All Set');
  await page.reload();
  await expect(heading(page)).toHaveText('All Set');
  await page.goBack();
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/about-consult/fha1?pathOverride=precal`);
  await page.goForward();
  await expect(heading(page)).toHaveText('All Set');
});
