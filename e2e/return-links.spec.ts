import { withReturnLink } from './support/return-link.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 13: a patient who comes back on another device, from the clinic's email or text, proves
 * it is them with the link's signed, expiring token; the page trades it for access and takes it
 * out of the address bar. Without it (or with another patient's), a customer id in the URL opens
 * nothing. Continuing care, restart and the card update walk to the end in e2e/privacy.spec.ts.
 */

test('after a clinic visit, the link opens the visit summary on a new phone and leaves no token in the address', async ({
  page,
}) => {
  await page.goto(withReturnLink(`${MENS_SITE}/post-clinic/100235`, '100235'));
  await expect(page.getByRole('heading', { name: 'Your prescriptions' })).toBeVisible();
  await expect(page).toHaveURL(`${MENS_SITE}/post-clinic/100235`);
  expect(await page.evaluate(() => window.location.href)).not.toContain('access=');
});

test('the same page without the token, or with another patient’s, shows nothing of the patient', async ({ page }) => {
  await page.goto(`${MENS_SITE}/post-clinic/100235`);
  await expect(page.getByRole('alert', { name: 'We could not find your visit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your prescriptions' })).toHaveCount(0);

  // Jane Doe's own link, with John Smith's customer id put in its place.
  await page.goto(withReturnLink(`${MENS_SITE}/post-clinic/100235`, '100234'));
  await expect(page.getByRole('alert', { name: 'We could not find your visit' })).toBeVisible();
});

test('an expired link says so in the banner and opens nothing', async ({ page }) => {
  await page.goto(withReturnLink(`${MENS_SITE}/post-clinic/100235`, '100235', -2));
  await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid or has expired' })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'We could not find your visit' })).toBeVisible();
  await expect(page).toHaveURL(`${MENS_SITE}/post-clinic/100235`);
});

test('a patient confirms a change of contact details from the email link on another device', async ({ page }) => {
  await page.goto(withReturnLink(`${WOMENS_SITE}/comm-verify/email?customerId=100236`, '100236'));
  await expect(page.getByRole('list', { name: 'Your new contact details' })).toContainText('Email: m');
  await page.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you: the change is confirmed' })).toBeVisible();
  await expect(page).toHaveURL(`${WOMENS_SITE}/comm-verify/email?customerId=100236`);
});

test('a stranger with the contact-verification link but no token cannot confirm anything', async ({ page }) => {
  await page.goto(`${WOMENS_SITE}/comm-verify/phone?customerId=100236`);
  await expect(page.getByRole('alert', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm the change' })).toHaveCount(0);
});
