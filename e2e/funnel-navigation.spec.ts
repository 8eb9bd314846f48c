import { expect, test, type Page } from '@playwright/test';
import { WOMENS_SITE } from './support/sites.ts';

/**
 * The funnel as a patient meets it: which screen they are on, which step of their funnel
 * that is, and Next, Back and the browser's own Back button moving them through it.
 * localhost is the men's brand; femme.localhost is the women's, served by the same server.
 */

function stepBadge(page: Page) {
  return page.getByText(/^(Step \d+ of \d+|Not a step of this funnel)$/);
}

function nextButton(page: Page) {
  return page.getByRole('button', { name: 'Next' });
}

test('a men’s HRT patient walks the short funnel from the assessment to booking and back', async ({ page }) => {
  await page.goto('/hormone-assessment/shrt');
  await expect(page.getByText('This is the hormone-assessment screen')).toBeVisible();
  await expect(stepBadge(page)).toHaveText('Step 1 of 5');

  for (const [path, step] of [
    ['/results/shrt', 'Step 2 of 5'],
    ['/payment/shrt', 'Step 3 of 5'],
    ['/mip/form/shrt', 'Step 4 of 5'],
    ['/mip/calendly/shrt', 'Step 5 of 5'],
  ] as const) {
    await nextButton(page).click();
    await expect(page).toHaveURL(path);
    await expect(stepBadge(page)).toHaveText(step);
  }
  await expect(page.getByText('This is the scheduling screen')).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();

  await page.goBack();
  await expect(page).toHaveURL('/mip/form/shrt');
  await expect(stepBadge(page)).toHaveText('Step 4 of 5');
  await expect(page.getByText('This is the intake screen')).toBeVisible();
});

test('a microbh patient books twice and the browser Back button knows which booking is which', async ({ page }) => {
  await page.goto('/payment/microbh');
  await expect(stepBadge(page)).toHaveText('Step 1 of 5');

  for (const [path, step] of [
    ['/mip/calendly/microbh', 'Step 2 of 5'],
    ['/hormone-assessment/microbh', 'Step 3 of 5'],
    ['/mip/form/microbh', 'Step 4 of 5'],
    ['/mip/calendly/microbh', 'Step 5 of 5'],
  ] as const) {
    await nextButton(page).click();
    await expect(page).toHaveURL(path);
    await expect(stepBadge(page)).toHaveText(step);
  }
  await expect(nextButton(page)).toBeDisabled();

  await page.goBack();
  await expect(page).toHaveURL('/mip/form/microbh');
  await expect(stepBadge(page)).toHaveText('Step 4 of 5');

  await page.goBack();
  await expect(page).toHaveURL('/hormone-assessment/microbh');
  await expect(stepBadge(page)).toHaveText('Step 3 of 5');

  // The same /mip/calendly page again, but this time it is the first booking.
  await page.goBack();
  await expect(page).toHaveURL('/mip/calendly/microbh');
  await expect(stepBadge(page)).toHaveText('Step 2 of 5');
});

test('a call-centre agent on the women’s site is sent from the assessment to payment and finish', async ({ page }) => {
  // The call-centre variant of fha1 is /f/payment then /f/finish: the assessment is not a step of it.
  await page.goto(`${WOMENS_SITE}/f/hormone-assessment/fha1?callcenter=true`);
  await expect(page.getByText('This is the hormone-assessment screen')).toBeVisible();
  await expect(stepBadge(page)).toHaveText('Not a step of this funnel');

  await nextButton(page).click();
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/payment/fha1?callcenter=true`);
  await expect(stepBadge(page)).toHaveText('Step 1 of 2');

  await nextButton(page).click();
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/finish/fha1?callcenter=true`);
  await expect(stepBadge(page)).toHaveText('Step 2 of 2');
  await expect(page.getByText('This is the finish screen')).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();
});

test('an old link with a trailing slash is redirected to the current assessment, query kept', async ({ page }) => {
  await page.goto('/hormone-assessment/hrt/?a=1');
  await expect(page).toHaveURL('/hormone-assessment/shrt?a=1');
  await expect(page.getByText('This is the hormone-assessment screen')).toBeVisible();
  await expect(stepBadge(page)).toHaveText('Step 1 of 5');

  await nextButton(page).click();
  await expect(page).toHaveURL('/results/shrt?a=1');
});

// A redirect replaces the history entry, so Back leaves the redirected page.
test('the browser Back button after a redirect returns to the page before it', async ({ page }) => {
  await page.goto('/payment/shrt');
  await expect(stepBadge(page)).toHaveText('Step 3 of 5');

  await page.goto('/hormone-assessment/hrt/?a=1');
  await expect(page).toHaveURL('/hormone-assessment/shrt?a=1');
  await expect(stepBadge(page)).toHaveText('Step 1 of 5');

  await page.goBack();
  await expect(page).toHaveURL('/payment/shrt');
  await expect(stepBadge(page)).toHaveText('Step 3 of 5');
});

test('a page that does not exist says so', async ({ page }) => {
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByText('Oops... page not found')).toBeVisible();
  await expect(stepBadge(page)).toHaveCount(0);
  await expect(nextButton(page)).toHaveCount(0);
});
