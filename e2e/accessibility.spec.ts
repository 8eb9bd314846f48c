import { withoutToken, withReturnLink } from './support/return-link.ts';
import { expect, test, type Page } from './support/test.ts';
import { expectAccessible, waitForScreen } from './support/axe.ts';
import { expectDesigned } from './support/design-contract.ts';
import {
  book,
  CARDS,
  completeIntakeTyping,
  heading,
  newPatient,
  type Patient,
  pay,
  takeAssessment,
  takeAssessmentWith,
} from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { MALE_CUSTOMER, ROUTES, SITES, VISITS } from './support/screens.ts';
import { reachBooking } from './support/reach.ts';

/**
 * axe (serious and critical impacts) and the design contract (docs/design.md: visible
 * buttons, one primary action, tap targets, no overflow or clipped text, visible focus, at
 * 320, 375 and 1280 px) on every screen of both brands, through the real local server with
 * its demo data: every route of config/routes.json on its own brand with realistic
 * parameters, the shared routes on both brands (each has its own colours), the fallback page
 * of the other brand's routes, and the states a patient meets on the way: validation errors,
 * every assessment page, results after the assessment, a declined card, every intake page, a
 * booked consult, and a phone's width. Each page is loaded once for both.
 */

/** Both checks on the page as it is now. */
async function expectAccessibleAndDesigned(page: Page, what: string) {
  await expectAccessible(page, what);
  await expectDesigned(page, what);
}

test('every route of config/routes.json is checked on its own brand', () => {
  const missing = ROUTES.filter(
    (route) =>
      !VISITS.some((visit) => visit.route === route.path && (route.site === 'shared' || route.site === visit.site)),
  ).map((route) => `${route.site} ${route.path}`);
  expect(missing, 'routes with no accessibility and design check: add a visit for each').toEqual([]);
});

for (const visit of VISITS) {
  test(`${visit.site} brand: ${withoutToken(visit.url)} (${visit.route})`, async ({ page }) => {
    await page.goto(`${SITES[visit.site]}${visit.url}`);
    await waitForScreen(page);
    await expectAccessibleAndDesigned(page, `${visit.site} ${withoutToken(visit.url)}`);
  });
}

/** Opens a page and waits for its screen. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForScreen(page);
}

for (const site of ['male', 'female'] as const) {
  const prefix = site === 'male' ? '' : '/f';
  const code = site === 'male' ? 'shrt' : 'fha1';
  // A funnel that pays first: its payment is the campaign link's page, due nothing (issue 37).
  const payFirst = site === 'male' ? 'bhrt' : 'fbhrt';

  test(`${site} brand: the assessment with its validation errors shown`, async ({ page }) => {
    await open(page, `${SITES[site]}${prefix}/hormone-assessment/${code}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /need fixing|needs fixing/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'What is your date of birth?' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessibleAndDesigned(page, `${site} assessment with errors`);
  });

  test(`${site} brand: every assessment page, then the results`, async ({ page }) => {
    test.setTimeout(90_000);
    await open(page, `${SITES[site]}${prefix}/hormone-assessment/${code}`);
    await takeAssessmentWith(page, newPatient(`a11y-${site}`), async (title) => {
      await waitForScreen(page);
      await expectAccessibleAndDesigned(page, `${site} assessment page "${title}"`);
    });
    await expect(page).toHaveURL(`${SITES[site]}${prefix}/results/${code}`);
    await waitForScreen(page);
    await expect(page.getByText(/^Thank you, /)).toBeVisible();
    await expectAccessibleAndDesigned(page, `${site} results after the assessment`);
  });

  test(`${site} brand: the payment form with its errors, then a declined card`, async ({ page }) => {
    await open(page, `${SITES[site]}${prefix}/payment/${payFirst}`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert').filter({ hasText: /fields? needs? fixing/ })).toBeVisible();
    await expectAccessibleAndDesigned(page, `${site} payment form with errors`);

    await pay(page, newPatient(`a11y-declined-${site}`), CARDS.declined);
    await expect(page.getByRole('alert').filter({ hasText: 'Your payment did not go through' })).toBeVisible();
    await expectAccessibleAndDesigned(page, `${site} payment with a declined card`);
  });
}

/** Answers the intake as `patient`, checking each page as it is shown; `what` names the intake in messages. */
async function checkEveryIntakePage(page: Page, patient: Patient, what: string) {
  const typing = { allergies: 'none', addressLine2: '', idNumber: 'D1234567', ssn: '123456789' };
  await completeIntakeTyping(page, patient, typing, async (title) => {
    await waitForScreen(page);
    await expectAccessibleAndDesigned(page, `${what} "${title}"`);
  });
}

test('men’s brand: every intake page, with the identity step of a KY patient (ID and SSN), then a booked consult', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const patient = newPatient('a11y-intake', { state: 'KY' });
  await open(page, `${MENS_SITE}/hormone-assessment/cchrt`);
  await takeAssessment(page, patient);
  await expect(page).toHaveURL(`${MENS_SITE}/mip/form/cchrt`);
  await waitForScreen(page);
  await checkEveryIntakePage(page, patient, 'intake page');
  await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/cchrt`);
  await waitForScreen(page);
  await book(page);
  await expectBookedPages(page, `${MENS_SITE}/finish/cchrt`, 'a booked consult');
});

/**
 * After the funnel's last booking: its finish page (the consult time and Add to calendar),
 * then the booking page again, which shows the consult booked.
 */
async function expectBookedPages(page: Page, finishUrl: string, what: string) {
  await expect(page).toHaveURL(finishUrl);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await expectAccessibleAndDesigned(page, `the finish page after ${what}`);
  await page.goBack();
  await expect(page.getByText(/Your consult is booked for/)).toBeVisible();
  await expectAccessibleAndDesigned(page, what);
}

test('men’s ED funnel: every intake page, the checkout, and the payment complete', async ({ page }) => {
  test.setTimeout(120_000);
  const patient = newPatient('design-dailytada');
  await open(page, `${MENS_SITE}/mip/form/dailytada`);
  await checkEveryIntakePage(page, patient, 'ED intake page');
  await expect(page).toHaveURL(`${MENS_SITE}/mip/checkout/dailytada`);
  await waitForScreen(page);
  await expectAccessibleAndDesigned(page, 'the ED checkout');
  await pay(page, patient);
  await expect(page.getByText('Your payment is complete')).toBeVisible();
  await expectAccessibleAndDesigned(page, 'the ED checkout, paid');
});

test('women’s brand: every intake page after the assessment, then the consult video page', async ({ page }) => {
  test.setTimeout(120_000);
  const patient = newPatient('design-fcch', { firstName: 'Quillonette' });
  await open(page, `${WOMENS_SITE}/f/hormone-assessment/fcch`);
  await takeAssessment(page, patient);
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/intake/fcch`);
  await waitForScreen(page);
  await checkEveryIntakePage(page, patient, 'women’s intake page');
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/about-consult/fcch`);
  await waitForScreen(page);
  await expectAccessibleAndDesigned(page, 'the consult video page after the intake');
});

test('women’s brand: the consult booking, booked', async ({ page }) => {
  test.setTimeout(90_000);
  // A link that books, after the assessment it gets back (a booking needs the patient's contact: issue 37).
  await reachBooking(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1' });
  await waitForScreen(page);
  await book(page);
  await expectBookedPages(page, `${WOMENS_SITE}/f/finish/fha1?pathOverride=cal`, 'a booked consult (women)');
});

test('at a phone’s width: the header’s call link and progress bar, and the funnel pages', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const urls = [
    `${MENS_SITE}/hormone-assessment/shrt`,
    `${MENS_SITE}/quiz`,
    `${MENS_SITE}/results/shrt`,
    // bhrt pays first: its payment opens cold (shrt's is brought to the assessment: issue 37).
    `${MENS_SITE}/payment/bhrt`,
    `${MENS_SITE}/mip/form/dailytada`,
    // A cold booking link: the assessment, with the word of why (issue 37).
    `${MENS_SITE}/mip/calendly/shrt`,
    withReturnLink(`${MENS_SITE}/upload/dailytada2?ktCustomerId=${MALE_CUSTOMER}`, MALE_CUSTOMER),
    `${WOMENS_SITE}/f/hormone-assessment/fha1`,
    `${WOMENS_SITE}/f/results/fha1`,
    `${WOMENS_SITE}/f/about-consult/fha1?pathOverride=precal`,
    `${WOMENS_SITE}/f/appointment/consult/fha1`,
  ];
  for (const url of urls) {
    await open(page, url);
    await expect(heading(page)).toBeVisible();
    await expectAccessible(page, `${url} at 375 px`);
  }
});
