import { expect, test, type Page } from './support/test.ts';
import { newPatient, takeAssessment } from './support/patient.ts';
import { WOMENS_SITE } from './support/sites.ts';

/**
 * The funnel as a patient meets it: which screen they are on, which step of their funnel
 * that is, and Next, Back and the browser's own Back button moving them through it.
 * localhost is the men's brand; femme.localhost is the women's, served by the same server.
 */

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test('the browser Back button from results returns to the assessment with every answer kept', async ({ page }) => {
  const patient = newPatient('back');
  await page.goto('/hormone-assessment/shrt');
  await takeAssessment(page, patient);
  await expect(page).toHaveURL('/results/shrt');
  await expect(heading(page)).toHaveText('Your Results');

  // Back is the assessment's last page (each page is a history entry), with its answers.
  await page.goBack();
  await expect(page).toHaveURL('/hormone-assessment/shrt?page=4');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(patient.email);
  await page.goForward();
  await expect(page).toHaveURL('/results/shrt');
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
});

test('a call-centre agent on the women’s site starts at payment: the assessment is not a step of that variant', async ({
  page,
}) => {
  await page.goto(`${WOMENS_SITE}/f/payment/fha1?callcenter=true`);
  await expect(heading(page)).toHaveText('Complete Your Order');
  // Back leads nowhere: payment is the variant's first step.
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
});

test('an old link with a trailing slash is redirected to the current assessment, query kept', async ({ page }) => {
  await page.goto('/hormone-assessment/hrt/?a=1');
  await expect(page).toHaveURL('/hormone-assessment/shrt?a=1');
  await expect(heading(page)).toHaveText('Hormone Assessment');
});

// A redirect replaces the history entry, so Back leaves the redirected page.
test('the browser Back button after a redirect returns to the page before it', async ({ page }) => {
  // A page a cold visitor stays on (bhrt pays first; issue 37 brings a cold payment of shrt to its assessment).
  await page.goto('/payment/bhrt');
  await expect(heading(page)).toHaveText('Complete Your Order');

  await page.goto('/hormone-assessment/hrt/?a=1');
  await expect(page).toHaveURL('/hormone-assessment/shrt?a=1');

  await page.goBack();
  await expect(page).toHaveURL('/payment/bhrt');
  await expect(heading(page)).toHaveText('Complete Your Order');
});

test('a page that does not exist says so', async ({ page }) => {
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByText('Oops... page not found')).toBeVisible();
});
