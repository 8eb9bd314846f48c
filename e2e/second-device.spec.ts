/**
 * Issue 37 point 4: a patient who paid and starts again in a fresh browser (another device) with
 * the same name, email and date of birth is not charged a second time. The payment screen says
 * so in words, the outbox (the local server's mail, DATA_DIR/outbox) holds a mail to them with
 * a return link, and the link brings that browser to the journey they paid in. Before the fix
 * the second browser paid a second $99.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { recordsOf } from './support/database.ts';
import { newPatient, pay, type Patient } from './support/patient.ts';
import { E2E_DATA_DIR, MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { walkTo } from './support/walk.ts';
import { loadEngine } from '../tests/support/config.ts';

const engine = loadEngine();

/** The text of a mail as written (quoted-printable undone), found in the outbox by its recipient. */
function mailTo(email: string): string | null {
  const folder = path.resolve(E2E_DATA_DIR, 'outbox');
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const name of names) {
    const raw = readFileSync(path.join(folder, name), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    return raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return null;
}

/** Walks a code's funnel as the patient up to `screen` (the payment step: `payment`), `after` steps past it. */
async function walkToScreen(page: Page, code: string, site: 'male' | 'female', patient: Patient, after = 0) {
  const planned = engine.planVisit({ code, brand: site, query: '' });
  if (!planned.ok) throw new Error(planned.problem.message);
  const payment = planned.plan.pages.findIndex((step) => step.route.screen === 'payment');
  await walkTo(page, {
    origin: site === 'male' ? MENS_SITE : WOMENS_SITE,
    plan: planned.plan,
    index: payment + after,
    patient,
  });
}

async function secondDevice(browser: Browser, code: string, site: 'male' | 'female', patient: Patient) {
  // Device A: the whole way through payment, and on to the next step.
  const first = await browser.newContext();
  const pageA = await first.newPage();
  await walkToScreen(pageA, code, site, patient, 1);
  await first.close();
  expect(recordsOf(patient.email).orders.filter((order) => order.status === 'approved')).toHaveLength(1);

  // Device B: a fresh browser, the same name, email and date of birth, walks again and presses Pay.
  const second = await browser.newContext();
  const pageB = await second.newPage();
  await walkToScreen(pageB, code, site, patient);
  await pay(pageB, patient);
  await expect(pageB.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible({ timeout: 15_000 });
  await expect(pageB.getByText('You have not been charged.')).toBeVisible();
  await expect(pageB.getByText(patient.email)).toBeVisible();
  // Charged once: the second browser's press made no order.
  expect(recordsOf(patient.email).orders.filter((order) => order.status === 'approved')).toHaveLength(1);

  // The mail, with a link to the payment step on the brand's own host.
  await expect.poll(() => mailTo(patient.email), { timeout: 10_000 }).not.toBeNull();
  const mail = mailTo(patient.email) ?? '';
  expect(mail).not.toContain(patient.medications);
  expect(mail).not.toContain('1980');
  const origin = site === 'male' ? MENS_SITE : WOMENS_SITE;
  const link = new RegExp(`${origin.replace(/[.]/g, '\\.')}/[\\w/-]*payment/${code}\\?access=[\\w.-]+`).exec(mail)?.[0];
  expect(link).toBeDefined();

  // Opened in B: the journey paid in A, its receipt, and no second payment offered.
  await pageB.goto(link ?? '');
  await expect(pageB.getByRole('heading', { level: 1, name: 'Your payment is complete' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(pageB.getByRole('form', { name: 'Billing details' })).toHaveCount(0);
  await second.close();
  expect(recordsOf(patient.email).orders.filter((order) => order.status === 'approved')).toHaveLength(1);
}

test('shrt: a second device with the same name, email and birth date is not charged again, and the emailed link brings back the paid journey', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await secondDevice(browser, 'shrt', 'male', newPatient('second-device'));
});

test('fha1: the same on the women’s brand', async ({ browser }) => {
  test.setTimeout(240_000);
  await secondDevice(browser, 'fha1', 'female', newPatient('second-device-f'));
});
