import { expect, test } from '@playwright/test';
import { recordsOf } from './support/database.ts';
import { completeIntake, heading, newPatient, pay, reloadKeepsPlace, takeAssessment } from './support/patient.ts';

/**
 * Whole funnels as patients take them, from the campaign link to the end, through the real
 * local server. After each step the page is reloaded: the patient must stay where they are
 * with nothing lost. At the end the database must hold one lead and exactly one order for a
 * funnel with payment (none for a funnel without).
 */

async function reloadOnStep(page: import('@playwright/test').Page, title: string) {
  await expect(heading(page)).toHaveText(title);
  await reloadKeepsPlace(page, async () => {
    await expect(heading(page)).toHaveText(title);
  });
}

test('dailytada: an ED patient answers the intake, then checks out, and is billed once', async ({ page }) => {
  const patient = newPatient('dailytada');
  await page.goto('/mip/form/dailytada');
  await reloadOnStep(page, 'Intake');
  await completeIntake(page, patient, { reloadCheck: true });

  await expect(page).toHaveURL('/mip/checkout/dailytada');
  await reloadOnStep(page, 'Secure Checkout');
  // The contact details come from the intake.
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(patient.email);
  await pay(page, patient);
  await expect(page.getByText('Your payment is complete')).toBeVisible();
  await reloadKeepsPlace(page, async () => {
    await expect(page.getByText('Your payment is complete')).toBeVisible();
  });

  const records = recordsOf(patient.email);
  expect(records.leads).toHaveLength(1);
  expect(records.orders).toHaveLength(1);
  expect(records.orders[0]?.status).toBe('approved');
});

test('shrt with callcenter=true: payment, then finish, one lead and one order', async ({ page }) => {
  const patient = newPatient('callcenter');
  await page.goto('/payment/shrt?callcenter=true');
  await reloadOnStep(page, 'Secure Checkout');
  await pay(page, patient);
  await expect(page).toHaveURL('/finish/shrt?callcenter=true');
  await reloadOnStep(page, 'All Set');

  const records = recordsOf(patient.email);
  expect(records.leads).toHaveLength(1);
  expect(records.orders).toHaveLength(1);
});

test('a2-renewal: a returning ED patient answers the intake and the renewal form; no order is placed', async ({
  page,
}) => {
  const patient = newPatient('renewal', { state: 'AL' });
  await page.goto('/mip/form/a2-renewal');
  await completeIntake(page, patient);
  await expect(page).toHaveURL('/mip/cont/ced/a2-renewal');
  await reloadOnStep(page, 'Continuing Care');
  await page.getByRole('radio', { name: 'Very well' }).check();
  await page.getByRole('checkbox', { name: 'None of these' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('radiogroup', { name: /same address/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('checkbox', { name: /continue treatment/ }).check();
  await page.getByRole('button', { name: /^(Continue|Send|Submit|Next)/ }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();

  const records = recordsOf(patient.email);
  expect(records.orders).toHaveLength(0);
  expect(records.leads.length).toBeGreaterThanOrEqual(1);
});
