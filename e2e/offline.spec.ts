import { expect, test, type Page } from './support/test.ts';
import { appTookOverTheForm, newPatient, takeAssessment } from './support/patient.ts';

/**
 * Next pressed with no connection (issue 23, point 7): the patient stays on the page with every
 * answer, is told where they are looking (the message is in view, focused and announced), can
 * try again from the message, and hears when the connection is back. Nothing moves until the
 * press has been saved.
 */

/** The message of a press that could not be saved. */
function notSaved(page: Page) {
  return page
    .getByRole('main')
    .getByRole('alert')
    .filter({ has: page.getByRole('button', { name: 'Try again' }) });
}

/** The message is where the patient is looking: on screen, focused, with the answers still there. */
async function expectToldInPlace(page: Page) {
  const message = notSaved(page);
  await expect(message).toBeVisible({ timeout: 20_000 });
  await expect(message).toContainText(/offline/i);
  await expect(message).toBeInViewport();
  await expect(message).toBeFocused();
}

test('Next pressed offline between pages keeps the page and its answers, says so where the patient looks, and Try again goes on once online', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/hormone-assessment/shrt');
  await page.getByLabel('What is your date of birth?').fill('04/27/1980');
  await page.getByLabel('Which state do you live in?').selectOption('TX');
  await page.getByLabel('What is your weight in pounds?').fill('182');
  // Offline between pages of the running app (before it arrives is e2e/early-form.spec.ts's).
  await appTookOverTheForm(page);

  await context.setOffline(true);
  const next = page.getByRole('button', { name: 'Next' });
  await next.scrollIntoViewIfNeeded();
  await next.click();

  await expectToldInPlace(page);
  // The press moved nothing and lost nothing.
  await expect(page).toHaveURL(/\/hormone-assessment\/shrt(\?page=1)?$/);
  await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
  await expect(page.getByLabel('What is your date of birth?')).toHaveValue('04/27/1980');
  await expect(page.getByLabel('What is your weight in pounds?')).toHaveValue('182');

  // Back online: the message says so (it no longer claims the patient is offline).
  await context.setOffline(false);
  await expect(notSaved(page)).toContainText(/back online/i);
  await expect(notSaved(page)).not.toContainText(/you are offline/i);

  await notSaved(page).getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your symptoms' })).toBeVisible();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(notSaved(page)).toHaveCount(0);
});

test('the last page pressed offline keeps the patient there, and Try again sends the same move through once online', async ({
  page,
  context,
}) => {
  const patient = newPatient('offline-finish');
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/hormone-assessment/shrt');
  await takeAssessment(page, patient, {
    onPage: async (title) => {
      if (title === 'Where should we send your results?') {
        // takeAssessment fills the page and presses Finish with the connection gone.
        await context.setOffline(true);
      }
    },
  });

  await expectToldInPlace(page);
  await expect(page).toHaveURL(/\/hormone-assessment\/shrt/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(patient.email);

  await context.setOffline(false);
  await expect(notSaved(page)).toContainText(/back online/i);
  await notSaved(page).getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL('/results/shrt');
  await expect(page.getByText(`Thank you, ${patient.firstName}.`)).toBeVisible({ timeout: 15_000 });
});

test('a Continue pressed offline is told under the screen, follows the connection, and Try again makes the same move', async ({
  page,
  context,
}) => {
  const patient = newPatient('offline-continue');
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/hormone-assessment/shrt');
  await takeAssessment(page, patient);
  await expect(page).toHaveURL('/results/shrt');
  const goOn = page.getByRole('button', { name: 'Continue to checkout' });
  await expect(goOn).toBeEnabled({ timeout: 15_000 });

  await context.setOffline(true);
  await goOn.click();
  await expectToldInPlace(page);
  await expect(page).toHaveURL('/results/shrt');

  await context.setOffline(false);
  await expect(notSaved(page)).toContainText(/back online/i);
  await notSaved(page).getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL('/payment/shrt');
  await expect(notSaved(page)).toHaveCount(0);
});
