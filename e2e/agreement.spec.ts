import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from './support/test.ts';
import { CARDS, continueAfterPaying, heading, newPatient, type Patient } from './support/patient.ts';
import { reachPayment } from './support/reach.ts';
import { E2E_DATA_DIR, E2E_PORT, MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { longDate, localDay, nextChargeDate, ordinal } from '../src/domain/agreement.ts';

/**
 * Issue 38 points 3 and 4: agreement before money. At Pay the patient reads the Terms, the
 * Privacy Policy and the telehealth consent (links that open in a new tab), what paying means,
 * and for a monthly plan the amount, the interval, the next charge and how to cancel, with a box
 * agreeing to the renewal; the receipt says the same; the server records the versions agreed
 * to with the order, and staff can print what the patient saw. Before issue 38 the payment page
 * had no such link and the receipt of a monthly plan said "You will not be charged again".
 */

const today = localDay(new Date());
const nextCharge = longDate(nextChargeDate(today, 'month'));
const onTheDay =
  today.day > 28 ? `on the ${ordinal(today.day)} (or the last day of a shorter month)` : `on the ${ordinal(today.day)}`;

/** The agreement next to Pay. */
const agreementOf = (page: Page) => page.getByTestId('pay-agreement');

/** Fills the card form as the patient does, without pressing Pay. */
async function fillCard(page: Page, patient: Patient) {
  const form = page.getByRole('form', { name: 'Billing details' });
  const street = form.getByLabel(/^Street address/);
  if ((await street.inputValue()) === '') {
    await street.fill(patient.address.line1);
    await street.press('Escape');
  }
  const city = form.getByRole('textbox', { name: 'City' });
  if ((await city.inputValue()) === '') await city.fill(patient.address.city);
  await form.getByRole('combobox', { name: /^State/ }).selectOption(patient.state);
  const zip = form.getByRole('textbox', { name: 'ZIP code' });
  if ((await zip.inputValue()) === '') await zip.fill(patient.address.zip);
  await form.getByRole('textbox', { name: 'Card number' }).fill(CARDS.approved);
  await form.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await form.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
}

/** The versions the server stored with the patient's payment-step order. */
function agreedVersions(email: string): Record<string, string | null>[] {
  const db = new Database(path.resolve(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[string], Record<string, string | null>>(
        `SELECT o.product_id, o.terms_version, o.privacy_version, o.telehealth_consent_version
           FROM orders o JOIN leads l ON l.landing_id = o.landing_id
          WHERE json_extract(l.lead_json, '$.email') = ? COLLATE NOCASE AND o.kind = 'order'`,
      )
      .all(email);
  } finally {
    db.close();
  }
}

function landingIdOf(email: string): string {
  const db = new Database(path.resolve(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare<[string], { landing_id: string }>(
        "SELECT landing_id FROM leads WHERE json_extract(lead_json, '$.email') = ? COLLATE NOCASE",
      )
      .get(email);
    return row?.landing_id ?? '';
  } finally {
    db.close();
  }
}

/** What `npm run --silent consent-record -- <id>` prints against the e2e server, with its staff credential. */
function consentRecord(id: string): string {
  return execFileSync('npx', ['tsx', 'scripts/consent-record.ts', id], {
    encoding: 'utf8',
    // The credential the e2e server wrote in its DATA_DIR, as `npm start`'s own is found.
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), STAFF_TOKEN: '' },
  });
}

test('mhrt: a monthly plan says what renews, when, and how to cancel, asks the renewal to be agreed, and the receipt says the same', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const patient = await reachPayment(page, { origin: MENS_SITE, brand: 'male', code: 'mhrt' });
  const agreement = agreementOf(page);
  await expect(agreement).toBeVisible({ timeout: 15_000 });
  await expect(agreement).toContainText('By paying you agree to the Terms, Privacy Policy and Telehealth consent.');
  await expect(agreement).toContainText(`$99 charged today, then $99 every month ${onTheDay} until you cancel.`);
  await expect(agreement).toContainText(`Your next charge is on ${nextCharge}.`);
  await expect(agreement).toContainText(
    'Cancel anytime before your next charge in your account at https://portal.peakmens.example, by email at care@peakmens.example or by phone at (888) 555-0142.',
  );
  // Each document opens in a new tab, so the card form keeps what was typed.
  for (const [name, href] of [
    ['Terms', '/legal/terms'],
    ['Privacy Policy', '/legal/privacy'],
    ['Telehealth consent', '/legal/telehealth-consent'],
  ] as const) {
    const link = agreement.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  await fillCard(page, patient);
  const opened = context.waitForEvent('page');
  await agreement.getByRole('link', { name: 'Terms', exact: true }).click();
  const terms = await opened;
  await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions', { timeout: 15_000 });
  await expect(terms.getByText(/renews automatically/)).toBeVisible();
  await expect(terms.getByText(/Version terms-2026-12/)).toBeVisible();
  await terms.close();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue(CARDS.approved);

  // The renewal box starts unticked, and Pay does not charge until it is ticked.
  const box = agreement.getByRole('checkbox', {
    name: 'I agree that my plan renews automatically at $99 every month until I cancel.',
  });
  await expect(box).not.toBeChecked();
  await page.getByRole('button', { name: 'Pay $99' }).click();
  await expect(agreement.getByText('Tick the box to agree to the renewal before you pay.')).toBeVisible();
  await expect(box).toBeFocused();
  expect(agreedVersions(patient.email)).toEqual([]);

  await box.check();
  await page.getByRole('button', { name: 'Pay $99' }).click();
  await expect(heading(page)).toHaveText('Your payment is complete', { timeout: 15_000 });
  await expect(
    page.getByText(
      `Your plan renews automatically: $99 every month ${onTheDay} until you cancel. Your next charge is on ${nextCharge}.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Cancel anytime before your next charge in your account/)).toBeVisible();
  await expect(page.getByText('You will not be charged again')).toHaveCount(0);
  expect(agreedVersions(patient.email)).toEqual([
    {
      product_id: '1682',
      terms_version: 'terms-2026-12',
      privacy_version: 'privacy-2026-12',
      telehealth_consent_version: 'telehealth-consent-2026-12',
    },
  ]);

  // Staff print what the patient saw: the agreement with its versions and renewal, and the answers' texts.
  const printed = consentRecord(landingIdOf(patient.email));
  expect(printed).toContain('terms: terms-2026-12');
  expect(printed).toContain('renews: $99.00 every month until cancelled');
  expect(printed).toMatch(/agreement +pay-agreement/);
  expect(printed).toMatch(/answer +birthdate \[q-birthdate\]\n +on \/hormone-assessment\/mhrt/);
  expect(printed).toContain('matches the server’s text');
  // A record of what was shown, never of what was answered.
  expect(printed).not.toContain(patient.birthdate);
  await continueAfterPaying(page);
});

test('fmhrt: the women’s monthly plan, in the women’s brand, its documents on its own pages', async ({ page }) => {
  test.setTimeout(120_000);
  const patient = await reachPayment(page, { origin: WOMENS_SITE, brand: 'female', code: 'fmhrt' });
  const agreement = agreementOf(page);
  await expect(agreement).toContainText(`$89 charged today, then $89 every month ${onTheDay} until you cancel.`, {
    timeout: 15_000,
  });
  await expect(agreement).toContainText(`Your next charge is on ${nextCharge}.`);
  await expect(agreement).toContainText('care@peakfemme.example');
  await expect(agreement).toContainText('(888) 555-0187');
  await expect(agreement.getByRole('link', { name: 'Telehealth consent', exact: true })).toHaveAttribute(
    'href',
    '/f/legal/telehealth-consent',
  );
  await fillCard(page, patient);
  await agreement.getByRole('checkbox', { name: /renews automatically at \$89 every month/ }).check();
  await page.getByRole('button', { name: 'Pay $89' }).click();
  await expect(heading(page)).toHaveText('Your payment is complete', { timeout: 15_000 });
  await expect(
    page.getByText(`Your plan renews automatically: $89 every month ${onTheDay} until you cancel.`, { exact: false }),
  ).toBeVisible();
  expect(agreedVersions(patient.email)).toEqual([
    expect.objectContaining({ product_id: '1664', terms_version: 'terms-2026-12' }),
  ]);

  const consent = await page.context().newPage();
  await consent.goto(`${WOMENS_SITE}/f/legal/telehealth-consent`);
  await expect(consent.getByRole('heading', { level: 1 })).toHaveText('Telehealth Consent', { timeout: 15_000 });
  await expect(consent.getByText(/Peak Femme/).first()).toBeVisible();
  await expect(consent.getByText(/Peak Men/)).toHaveCount(0);
});

test('bhrt: the $99 consult is a one-time charge, with no renewal box, and the receipt says so', async ({ page }) => {
  test.setTimeout(90_000);
  const patient = newPatient('agreement-once');
  await page.goto(`${MENS_SITE}/payment/bhrt`);
  const agreement = agreementOf(page);
  await expect(agreement).toContainText('By paying you agree to the Terms, Privacy Policy and Telehealth consent.', {
    timeout: 15_000,
  });
  await expect(agreement).toContainText('$99 is charged today, once. This is not a subscription.');
  await expect(agreement.getByRole('checkbox')).toHaveCount(0);
  await expect(agreement).not.toContainText('every month');
  const form = page.getByRole('form', { name: 'Billing details' });
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill(patient.firstName);
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill(patient.lastName);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(patient.email);
  await form.getByRole('textbox', { name: 'Mobile phone', exact: true }).fill(patient.phone);
  await fillCard(page, patient);
  await page.getByRole('button', { name: 'Pay $99' }).click();
  await expect(heading(page)).toHaveText('Your payment is complete', { timeout: 15_000 });
  await expect(page.getByText('This was a one-time charge: you will not be charged again.')).toBeVisible();
  await expect(page.getByText(/renews/)).toHaveCount(0);
  expect(agreedVersions(patient.email)).toEqual([
    expect.objectContaining({ product_id: '0', terms_version: 'terms-2026-12' }),
  ]);
});

test('a Pay page left open since the weekend: nothing is charged, the page shows today’s terms and asks again, keeping the card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The page was opened three days ago: its next charge date is three days old.
  await page.clock.install({ time: new Date(Date.now() - 3 * 86_400_000) });
  const patient = await reachPayment(page, { origin: MENS_SITE, brand: 'male', code: 'mhrt' });
  const agreement = agreementOf(page);
  await expect(agreement).toBeVisible({ timeout: 15_000 });
  await fillCard(page, patient);
  await agreement.getByRole('checkbox', { name: /renews automatically/ }).check();
  // Today, the patient comes back to the tab and presses Pay.
  await page.clock.setSystemTime(new Date());
  await page.getByRole('button', { name: 'Pay $99' }).click();
  await expect(agreement.getByRole('alert')).toContainText('Our terms have changed', { timeout: 15_000 });
  await expect(agreement.getByRole('alert')).toContainText('Nothing was charged.');
  expect(agreedVersions(patient.email)).toEqual([]);
  // What was typed is kept; the renewal is asked again, on today's date.
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue(CARDS.approved);
  await expect(agreement).toContainText(`Your next charge is on ${nextCharge}.`);
  const box = agreement.getByRole('checkbox', { name: /renews automatically/ });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Pay $99' }).click();
  await expect(heading(page)).toHaveText('Your payment is complete', { timeout: 15_000 });
  expect(agreedVersions(patient.email)).toHaveLength(1);
});
