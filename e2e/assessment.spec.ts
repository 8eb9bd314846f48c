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

/**
 * Issue 38, point 5: a birth date from 18 to 110 years ago. 04/27/1900 (someone of 126) is a
 * slip of the year: the patient is told the limit and cannot go on until it is corrected.
 */
test('a date of birth more than 110 years ago is refused with its limit; corrected, the patient goes on', async ({
  page,
}) => {
  await page.goto('/hormone-assessment/shrt');
  const birthdate = page.getByLabel('What is your date of birth?');
  await expect(birthdate).toBeVisible({ timeout: 15_000 });
  await appTookOverTheForm(page);

  await birthdate.fill('04/27/1900');
  await page.getByLabel('Which state do you live in?').selectOption('TX');
  await page.getByLabel('What is your weight in pounds?').fill('182');
  await page.getByRole('button', { name: 'Next' }).click();
  const message = page.getByText(
    /^Check the year: a date of birth more than 110 years ago \(before \d{2}\/\d{2}\/\d{4}\) is not possible\.$/,
  );
  await expect(message).toBeVisible();
  // The limit is today 110 years back, in the patient's own calendar.
  const limit = await page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${String(now.getFullYear() - 110)}`;
  });
  await expect(message).toContainText(`(before ${limit})`);
  await expect(birthdate).toHaveAttribute('aria-invalid', 'true');
  // Pressing again changes nothing: the patient stays on About you.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('About you');

  await birthdate.fill('04/27/1980');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText('Your symptoms');
  await expect(message).toHaveCount(0);
});
