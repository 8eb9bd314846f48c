import { expect, test, type Page } from './support/test.ts';
import { completeIntake, newPatient, takeAssessment } from './support/patient.ts';

/**
 * The browser's Back and Forward inside a multi-page form (issue 12, point 2): every page a
 * patient can go back to is a history entry, numbered in the query (?page=3, never an answer),
 * so Back and Forward move one page and a reload stays on the page.
 */

test.describe.configure({ timeout: 150_000 });

function formPage(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 2 }).first();
}

test('assessment: Back and Forward move one page, a reload stays, and the answers stay', async ({ page }) => {
  const patient = newPatient('history');
  await page.goto('/hormone-assessment/shrt?utm_source=mail');
  await expect(formPage(page)).toHaveText('About you', { timeout: 15_000 });
  // The step's own address: page 1 needs no number until the patient moves on.
  await expect(page).toHaveURL('/hormone-assessment/shrt?utm_source=mail');
  await page.getByLabel('What is your date of birth?').fill(patient.birthdate);
  await page.getByLabel('Which state do you live in?').selectOption(patient.state);
  await page.getByLabel('What is your weight in pounds?').fill(patient.weight);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(formPage(page)).toHaveText('Your symptoms');
  await expect(page).toHaveURL('/hormone-assessment/shrt?utm_source=mail&page=2');
  await page.getByRole('radio', { name: 'Low' }).check();
  await page.getByRole('checkbox', { name: 'Poor sleep' }).check();
  await page.getByRole('radio', { name: 'More than a year' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(formPage(page)).toHaveText('Your health');
  await expect(page).toHaveURL(/[?&]page=3$/);

  // Back from page 3 is page 2, not the page before the site.
  await page.goBack();
  await expect(formPage(page)).toHaveText('Your symptoms');
  await expect(page).toHaveURL('/hormone-assessment/shrt?utm_source=mail&page=2');
  await expect(page.getByRole('radio', { name: 'Low' })).toBeChecked();
  await page.goBack();
  await expect(formPage(page)).toHaveText('About you');
  await expect(page).toHaveURL('/hormone-assessment/shrt?utm_source=mail&page=1');
  await expect(page.getByLabel('What is your weight in pounds?')).toHaveValue(patient.weight);

  await page.goForward();
  await expect(formPage(page)).toHaveText('Your symptoms');
  await page.reload();
  await expect(formPage(page)).toHaveText('Your symptoms');
  await expect(page.getByText('Page 2 of 4')).toBeVisible();

  // The page number stays inside the step: the next step's address does not carry it.
  await takeAssessment(page, patient);
  await expect(page).toHaveURL('/results/shrt?utm_source=mail');
});

test('a typed page number cannot skip unanswered questions', async ({ page }) => {
  await page.goto('/hormone-assessment/cchrt?page=4');
  await expect(formPage(page)).toHaveText('About you', { timeout: 15_000 });
  await expect(page).toHaveURL('/hormone-assessment/cchrt?page=1');
  await page.goto('/hormone-assessment/cchrt?page=banana');
  await expect(formPage(page)).toHaveText('About you', { timeout: 15_000 });
  await expect(page).toHaveURL('/hormone-assessment/cchrt?page=1');
});

test('intake: Back from page 2 is page 1, and Forward returns to page 2', async ({ page }) => {
  const patient = newPatient('history-intake');
  await page.goto('/mip/form/dailytada');
  await expect(formPage(page)).toHaveText('Your contact details', { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(patient.firstName);
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(patient.lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(patient.email);
  await page.getByLabel('Mobile phone').fill(patient.phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(formPage(page)).not.toHaveText('Your contact details');
  const second = await formPage(page).textContent();
  await expect(page).toHaveURL('/mip/form/dailytada?page=2');

  await page.goBack();
  await expect(formPage(page)).toHaveText('Your contact details');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(patient.email);
  await page.goForward();
  await expect(formPage(page)).toHaveText(second ?? '');
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
});

/**
 * Issue 23, point 8: from the ED checkout, one press of Back (the browser's or the page's) is
 * the intake's last page, with its answers; the next Back is the page before it. Before, the
 * intake's pages were numbered again once the lead was saved (the contact page dropped out),
 * so the last page's entry was renamed to the one before it: two entries of the same page,
 * each showing "Your intake is complete". The page's Back also made a new entry, so the
 * browser's Back after it went forward to the checkout.
 */
test('ED checkout: Back, the browser’s or the page’s, is one press to the intake’s last page', async ({ page }) => {
  const patient = newPatient('history-checkout');
  await page.goto('/mip/form/groupc');
  await completeIntake(page, patient);
  await expect(page).toHaveURL('/mip/checkout/groupc');
  await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible();

  // The browser's Back: the intake's last page, as the patient left it.
  await page.goBack();
  await expect(page).toHaveURL('/mip/form/groupc?page=5');
  await expect(formPage(page)).toHaveText('About you');
  await expect(page.getByLabel('What is your date of birth?')).toHaveValue(patient.birthdate);
  await page.goBack();
  await expect(page).toHaveURL('/mip/form/groupc?page=4');
  await expect(formPage(page)).toHaveText('Consent');
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL('/mip/checkout/groupc');

  // The page's Back is the same press, and the browser's Back then goes on back, not forward.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL('/mip/form/groupc?page=5');
  await expect(formPage(page)).toHaveText('About you');
  await page.goBack();
  await expect(page).toHaveURL('/mip/form/groupc?page=4');
  await expect(formPage(page)).toHaveText('Consent');
  // The form's own Back moves back through its pages the same way.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(formPage(page)).toHaveText('Shipping');
  await page.goForward();
  await expect(formPage(page)).toHaveText('Consent');
});

test('a patient who reloads a later step and presses Back at once stays where Back took them when their journey comes', async ({
  page,
}) => {
  const patient = newPatient('back-race');
  await page.goto('/hormone-assessment/shrt');
  await takeAssessment(page, patient);
  await expect(page).toHaveURL(/\/results\/shrt$/);

  // Their journey comes late, as on a slow line: after the reload and the Back.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/journey(\?|$)/, async (route) => {
    if (route.request().method() === 'GET') await gate;
    await route.continue();
  });
  // Back once the reloaded page is parsed (its journey still held): a Back sent the moment the
  // reload's response committed was at times dropped by Chromium, the page left on the results.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/hormone-assessment\/shrt\?page=4$/);
  release();

  // The journey is heard (the page shows what they answered there): they stay where Back took
  // them, not sent on to the step the journey had saved.
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(patient.firstName, {
    timeout: 20_000,
  });
  await expect(formPage(page)).toHaveText('Where should we send your results?');
  await expect(page).toHaveURL(/\/hormone-assessment\/shrt\?page=4$/);
});
