import { expectAccessible } from './support/axe.ts';
import { recordsOf } from './support/database.ts';
import { expectDesigned } from './support/design-contract.ts';
import { completeIntake, heading, newPatient, type Patient } from './support/patient.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Issue 23, point 5: a2-renewal is for patients renewing an ED prescription. Its intake asks
 * about the medicine they take now (no "never taken ED medicine" answer), and tells anyone who
 * is not a patient yet where a first visit starts.
 */

// Each test walks a whole intake and checks the first page's design at three widths.
test.describe.configure({ timeout: 90_000 });

/** The intake's first page for a patient with no lead yet: contact details, then Next. */
async function giveContactDetails(page: Page, patient: Patient) {
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(patient.firstName);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(patient.lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(patient.email);
  await page.getByLabel('Mobile phone').fill(patient.phone);
  await page.getByRole('button', { name: 'Next' }).click();
}

test('a2-renewal: the renewal intake asks which ED medicine the patient takes now, never "No, never"', async ({
  page,
}) => {
  const patient = newPatient('renewal-intake', { state: 'AL' });
  await page.goto('/mip/form/a2-renewal');
  await expect(heading(page)).toHaveText('Intake');
  await expect(page.getByText(/Renewal is for patients who already have an ED prescription from us/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a first visit' })).toHaveAttribute('href', '/mip/form/dailytada');
  await expectAccessible(page, 'the renewal intake’s first page');
  await expectDesigned(page, 'the renewal intake’s first page');

  await giveContactDetails(page, patient);

  await expect(page.getByRole('heading', { level: 2, name: 'Your ED treatment and health' })).toBeVisible();
  const medicine = page.getByRole('radiogroup', { name: 'Which ED medicine do you take now?' });
  await expect(medicine.getByRole('radio')).toHaveCount(3);
  await expect(medicine.getByRole('radio', { name: 'Tadalafil (Cialis)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /never/i })).toHaveCount(0);
  await expect(page.getByText(/Have you taken ED medicine before/)).toHaveCount(0);

  await completeIntake(page, patient);
  await expect(page).toHaveURL('/mip/cont/ced/a2-renewal');
  const lead = recordsOf(patient.email).leads[0];
  expect(lead?.answers.find((answer) => answer.ref === 'ed-medicine-current')?.value).toEqual(['tadalafil']);
  expect(lead?.answers.some((answer) => answer.ref === 'ed-medicine-before')).toBe(false);
});

test('someone who is not a patient yet goes from the renewal to a first visit, which asks the new-patient questions', async ({
  page,
}) => {
  await page.goto('/mip/form/a2-renewal');
  await page.getByRole('link', { name: 'Start a first visit' }).click();
  await expect(page).toHaveURL('/mip/form/dailytada');
  await expect(heading(page)).toHaveText('Intake');
  await expect(page.getByText(/Renewal is for patients/)).toHaveCount(0);
  const patient = newPatient('first-visit');
  await giveContactDetails(page, patient);
  await expect(
    page
      .getByRole('radiogroup', { name: 'Have you taken ED medicine before?' })
      .getByRole('radio', { name: 'No, never' }),
  ).toBeVisible();
});
