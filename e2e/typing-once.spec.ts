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

test('shrt: the assessment’s state is in billing, and shipping offers the billing address with one tick', async ({
  page,
}) => {
  const patient = newPatient('same-address', { state: 'TX' });
  await page.goto('/hormone-assessment/shrt');
  await takeAssessment(page, patient);
  await page.getByRole('button', { name: 'Continue to treatment options' }).click();

  const billing = page.getByRole('form', { name: 'Billing details' });
  await expect(billing.getByRole('combobox', { name: /^State/ })).toHaveValue('TX');
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL('/mip/form/shrt');

  await completeIntakeTyping(page, patient, USUAL_TYPING, async (title) => {
    if (title !== 'Shipping') return;
    const same = page.getByRole('checkbox', { name: /^Same as my billing address/ });
    await expect(same).not.toBeChecked();
    await expect(
      page.getByText(`${patient.address.line1}, ${patient.address.city}, TX ${patient.address.zip}`),
    ).toBeVisible();
    await same.check();
    // Ticked, the address is not asked for again.
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
