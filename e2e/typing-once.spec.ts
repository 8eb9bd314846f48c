import { expect, test } from './support/test.ts';
import { recordsOf } from './support/database.ts';
import {
  completeIntake,
  completeIntakeTyping,
  continueAfterPaying,
  newPatient,
  pay,
  takeAssessment,
  USUAL_TYPING,
} from './support/patient.ts';

/**
 * Nothing typed twice (issue 12, point 6): what the patient already told us is offered or
 * filled in, never asked for again from scratch.
 */

test.describe.configure({ timeout: 180_000 });

/**
 * Issue 23, point 8: right after paying, the patient has just given their billing address, so
 * the intake's shipping question starts with "Same as my billing address" ticked (before, it
 * started unticked, with empty fields); unticked, it stays so, and the patient types another.
 */
test('shrt: the assessment’s state is in billing, and shipping starts as the billing address just paid with', async ({
  page,
}) => {
  const patient = newPatient('same-address', { state: 'TX' });
  await page.goto('/hormone-assessment/shrt');
  await takeAssessment(page, patient);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  const billing = page.getByRole('form', { name: 'Billing details' });
  await expect(billing.getByRole('combobox', { name: /^State/ })).toHaveValue('TX');
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL('/mip/form/shrt');

  await completeIntakeTyping(page, patient, USUAL_TYPING, async (title) => {
    if (title !== 'Shipping') return;
    const same = page.getByRole('checkbox', { name: /^Same as my billing address/ });
    await expect(same).toBeChecked();
    await expect(
      page.getByText(`${patient.address.line1}, ${patient.address.city}, TX ${patient.address.zip}`),
    ).toBeVisible();
    // Ticked, the address is not asked for again.
    await expect(page.getByRole('textbox', { name: 'Street address', exact: true })).toHaveCount(0);
    // Unticked, it is the patient's choice: a reload keeps it unticked, and ticking it again works.
    await same.uncheck();
    await expect(page.getByRole('textbox', { name: 'Street address', exact: true })).toHaveValue('');
    await page.waitForTimeout(900);
    await page.reload();
    await expect(same).not.toBeChecked();
    await same.check();
    await expect(page.getByRole('textbox', { name: 'Street address', exact: true })).toHaveCount(0);
  });
  await expect(page).toHaveURL('/mip/calendly/shrt');

  const shipped = recordsOf(patient.email).leads[0]?.answers.find((answer) => answer.ref === 'shipping-address');
  expect(shipped?.value).toEqual([patient.address.line1, patient.address.city, 'TX', patient.address.zip]);
});

test('dailytada: the shipping address of the intake is the billing address at checkout, ready to change', async ({
  page,
}) => {
  const patient = newPatient('ship-then-bill', {
    state: 'FL',
    address: { line1: '9 Palm Row', city: 'Tampa', zip: '33602' },
  });
  await page.goto('/mip/form/dailytada');
  await completeIntake(page, patient);
  await expect(page).toHaveURL('/mip/checkout/dailytada');
  const billing = page.getByRole('form', { name: 'Billing details' });
  await expect(billing.getByLabel(/^Street address/)).toHaveValue('9 Palm Row');
  await expect(billing.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Tampa');
  await expect(billing.getByRole('combobox', { name: /^State/ })).toHaveValue('FL');
  await expect(billing.getByRole('textbox', { name: 'ZIP code', exact: true })).toHaveValue('33602');
});
