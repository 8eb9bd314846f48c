import { expect, test } from './support/test.ts';
import { recordsOf } from './support/database.ts';
import { appTookOverTheForm, heading, newPatient, reloadKeepsPlace, takeAssessment } from './support/patient.ts';

test('a men’s patient takes the assessment, sees results, and a reload keeps every answer', async ({ page }) => {
  const patient = newPatient('assess');
  await page.goto('/hormone-assessment/shrt');
  await expect(heading(page)).toHaveText('Hormone Assessment');
  await takeAssessment(page, patient, { reloadCheck: true });
  await expect(page).toHaveURL('/results/shrt');
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  await reloadKeepsPlace(page, async () => {
    await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible();
  });
  const records = recordsOf(patient.email);
  expect(records.leads).toHaveLength(1);
  expect(records.leads[0]?.answers.find((answer) => answer.ref === 'birthdate')?.value).toEqual(['1980-04-27']);
  expect(records.orders).toHaveLength(0);
});

/**
 * Issue 23, point 8: the date of birth as a phone's number pad types it (04271980, no slashes)
 * is taken and shown as 04/27/1980; a date in the right shape that does not exist (02/30/1980)
 * is said not to exist, not called a format error.
 */
test('the date of birth takes digits alone, and an impossible date is said not to exist', async ({ page }) => {
  await page.goto('/hormone-assessment/shrt');
  const birthdate = page.getByLabel('What is your date of birth?');
  await expect(birthdate).toBeVisible({ timeout: 15_000 });
  // The app's own checks: once it has taken over the page's form (e2e/early-form.spec.ts
  // follows a press made before that).
  await appTookOverTheForm(page);

  await birthdate.fill('02/30/1980');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText("That date doesn't exist. Check the month and the day.")).toBeVisible();
  await expect(page.getByText(/as MM\/DD\/YYYY/)).toHaveCount(0);

  await birthdate.clear();
  await birthdate.pressSequentially('04271980');
  await expect(birthdate).toHaveValue('04/27/1980');
  await page.getByLabel('Which state do you live in?').selectOption('TX');
  await page.getByLabel('What is your weight in pounds?').fill('182');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('Your symptoms');
});
