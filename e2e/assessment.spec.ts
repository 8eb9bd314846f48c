import { expect, test } from './support/test.ts';
import { recordsOf } from './support/database.ts';
import { heading, newPatient, reloadKeepsPlace, takeAssessment } from './support/patient.ts';

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
