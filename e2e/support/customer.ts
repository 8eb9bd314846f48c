import type { Browser } from '@playwright/test';
import { customerOf } from './database.ts';
import { pay, type Patient } from './patient.ts';
import { WOMENS_SITE } from './sites.ts';
import { expect } from './test.ts';

/** How long a page opened by a link may take to show its screen on a busy two-core machine. */
export const ARRIVAL_MS = 30_000;

/**
 * A clinic customer of the test's own: pays on the brand's pay-first funnel (a customer is
 * made by the first order), in a browser of its own; the customer id is read from the
 * database, as the clinic's mailer would have it.
 */
export async function newCustomer(browser: Browser, site: string, patient: Patient): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(site === WOMENS_SITE ? `${site}/f/payment/fbhrt` : `${site}/payment/bhrt`);
    await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible({ timeout: ARRIVAL_MS });
    await pay(page, patient);
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment is complete' })).toBeVisible({
      timeout: 15_000,
    });
    const customer = customerOf(patient.email);
    if (customer === undefined) throw new Error('The payment made no customer');
    return customer.ktCustomerId;
  } finally {
    await context.close();
  }
}
