import { execFileSync } from 'node:child_process';
import { RETURN_LINK_PARAM } from '../src/contract/return-link.ts';
import { expectAccessible } from './support/axe.ts';
import { newestNewLinkTo, returnLinkToken, withoutToken, withReturnLink } from './support/return-link.ts';
import { E2E_DATA_DIR, E2E_LINK_SECRET, E2E_PORT, MENS_SITE, WOMENS_SITE } from './support/sites.ts';
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

/** Jane Doe's token with its payload changed to name John Smith: the signature no longer fits. */
function tamperedLink(url: string): string {
  const [, signature] = returnLinkToken('100234').split('.');
  const [payload] = returnLinkToken('100235').split('.');
  return `${url}?${RETURN_LINK_PARAM}=${payload ?? ''}.${signature ?? ''}`;
}

test('an expired or tampered link gets one explanation and a way on, and opens nothing', async ({ page }) => {
  for (const link of [
    withReturnLink(`${MENS_SITE}/post-clinic/100235`, '100235', -2),
    tamperedLink(`${MENS_SITE}/post-clinic/100235`),
  ]) {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    await expect(page.getByText('For your privacy, the links in our emails and texts stop working')).toBeVisible();
    // One explanation: no banner over it and no "could not find" of the page under it.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/could not find/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your prescriptions' })).toHaveCount(0);
    // A way on: the member portal, or the care team, who send a new link.
    await expect(page.getByRole('link', { name: 'Sign in to your account' })).toHaveAttribute(
      'href',
      'https://portal.peakmens.example',
    );
    await expect(page.getByRole('main').getByRole('link', { name: '(888) 555-0142' })).toBeVisible();
    await expect(page).toHaveURL(`${MENS_SITE}/post-clinic/100235`);
  }
  await expectAccessible(page, 'the page of a link that has expired');
});

test('a women’s customer’s link opened on the men’s site moves to the women’s site and shows her brand', async ({
  page,
}) => {
  await page.goto(withReturnLink(`${MENS_SITE}/post-clinic/100234`, '100234'));
  await expect(page).toHaveURL(`${WOMENS_SITE}/post-clinic/100234`);
  await expect(page.getByText('Estradiol patch')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Peak Femme' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '(888) 555-0187' }).first()).toBeVisible();
  await expect(page.getByText("Peak Men's Health")).toHaveCount(0);
  await expect(page.getByText('(888) 555-0142')).toHaveCount(0);
  // Her records opened on her brand's site, and the token left the address there too.
  expect(await page.evaluate(() => window.location.href)).not.toContain('access=');
});

test('the links the clinic sends a women’s customer are on the women’s site', async ({ page }) => {
  const printed = execFileSync('npx', ['tsx', 'scripts/return-link.ts', '100234'], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LINK_SECRET: E2E_LINK_SECRET, PORT: String(E2E_PORT) },
  });
  const links = printed.split('\n').flatMap((line) => /https?:\/\/\S+/.exec(line) ?? []);
  expect(links.length).toBeGreaterThanOrEqual(5);
  for (const link of links) expect(new URL(link).origin, withoutToken(link)).toBe(WOMENS_SITE);

  const afterVisit = links.find((link) => link.includes('/post-clinic/100234')) ?? '';
  await page.goto(afterVisit);
  await expect(page.getByText('Estradiol patch')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Peak Femme' })).toBeVisible();
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

test('a link opens the details in one browser only: another is told so, and has a new link emailed that opens there', async ({
  page,
  browser,
}) => {
  // Issue 39 point 4. Maria opens the clinic's link on her phone...
  const link = withReturnLink(`${WOMENS_SITE}/commerce-info-update?ktCustomerId=100236`, '100236');
  await page.goto(link);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Maria');

  // ...and someone else opens the same link (a forwarded email): it opens nothing there.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(
    second.getByRole('heading', { level: 1, name: 'This link was opened in another browser' }),
  ).toBeVisible();
  await expect(
    second.getByText('each link in our emails and texts opens your details in one browser only'),
  ).toBeVisible();
  await expect(second.getByRole('textbox', { name: 'First name' })).toHaveCount(0);
  await expect(second.getByText('Maria')).toHaveCount(0);
  await expect(second).toHaveURL(`${WOMENS_SITE}/commerce-info-update?ktCustomerId=100236`);
  await expectAccessible(second, 'the page of a link opened in another browser');

  // "Email me a new link", pressed offline: it says so, and the button stays for another try.
  await other.setOffline(true);
  await second.getByRole('button', { name: 'Email me a new link' }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'We could not reach our servers' })).toBeVisible();
  await other.setOffline(false);
  // Online: it goes to the email on her record (never typed here), for this page.
  await second.getByRole('button', { name: 'Email me a new link' }).click();
  await expect(second.getByRole('status').filter({ hasText: 'We have emailed you a new link' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Email me a new link' })).toHaveCount(0);
  await expect
    .poll(() => newestNewLinkTo('maria.garcia@example.com'), { message: 'the new link in the outbox' })
    .not.toBeNull();
  const fresh = new URL(newestNewLinkTo('maria.garcia@example.com') ?? '');
  expect(fresh.origin).toBe(WOMENS_SITE);
  expect(fresh.pathname).toBe('/commerce-info-update');
  // The new link opens her details in the browser that asked for it, if it is hers to open.
  await second.goto(fresh.href);
  await expect(second.getByRole('textbox', { name: 'First name' })).toHaveValue('Maria');
  await other.close();
});
