import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { expectAccessible, waitForScreen } from './support/axe.ts';
import {
  book,
  CARDS,
  completeIntakeTyping,
  heading,
  newPatient,
  pay,
  takeAssessment,
  takeAssessmentWith,
} from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';

/**
 * axe (serious and critical impacts) on every screen of both brands, through the real local
 * server with its demo data: every route of config/routes.json on its own brand with
 * realistic parameters, the shared routes on both brands (each has its own colours), the
 * fallback page of the other brand's routes, and the states a patient meets on the way:
 * validation errors, results after the assessment, a declined card, every intake page, a
 * booked consult, and a phone's width.
 */

interface RouteEntry {
  path: string;
  site: 'male' | 'female' | 'shared';
}
const ROUTES = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'config', 'routes.json'), 'utf8')) as {
    routes: RouteEntry[];
  }
).routes;

const SITES = { male: MENS_SITE, female: WOMENS_SITE } as const;
type Site = keyof typeof SITES;

interface ScreenVisit {
  /** The route of config/routes.json the URL opens ('fallback' for another brand's route). */
  route: string;
  site: Site;
  url: string;
}

/** Demo data of src/server/seed.ts: customers by brand, and one appointment of each brand. */
const MALE_CUSTOMER = '100235';
const FEMALE_CUSTOMER = '100234';

const VISITS: readonly ScreenVisit[] = [
  // The women's site.
  { route: '/f/hormone-assessment/:pathCode', site: 'female', url: '/f/hormone-assessment/fha1' },
  { route: '/f/results/:pathCode', site: 'female', url: '/f/results/fha1' },
  { route: '/f/payment/:pathCode', site: 'female', url: '/f/payment/fha1' },
  { route: '/f/intake/:pathCode', site: 'female', url: '/f/intake/fha1' },
  { route: '/f/about-consult/:pathCode', site: 'female', url: '/f/about-consult/fha1' },
  { route: '/f/consult-upcoming/:pathCode', site: 'female', url: '/f/consult-upcoming/fha1' },
  { route: '/f/appointment/:appointmentType/:pathCode/:pageId?', site: 'female', url: '/f/appointment/consult/fha1' },
  { route: '/f/cont/:pathCode', site: 'female', url: `/f/cont/fha1?ktCustomerId=${FEMALE_CUSTOMER}` },
  { route: '/f/conf/:pathCode/:finishType', site: 'female', url: '/f/conf/fha1/refill' },
  { route: '/f/finish/:pathCode', site: 'female', url: '/f/finish/fha1' },
  { route: '/f/restart-hrt/:pathCode?', site: 'female', url: `/f/restart-hrt?ktCustomerId=${FEMALE_CUSTOMER}` },
  // The men's site, and the shared routes of its funnels.
  { route: '/hormone-assessment/:pathCode', site: 'male', url: '/hormone-assessment/shrt' },
  { route: '/hormone-assessment/ghrt', site: 'male', url: '/hormone-assessment/ghrt' },
  { route: '/hormone-assessment/mhrt', site: 'male', url: '/hormone-assessment/mhrt' },
  { route: '/hormone-assessment/rhrt', site: 'male', url: '/hormone-assessment/rhrt' },
  { route: '/quiz/:pathCode?', site: 'male', url: '/quiz' },
  { route: '/results/:pathCode', site: 'male', url: '/results/shrt' },
  { route: '/payment/:pathCode', site: 'male', url: '/payment/shrt' },
  { route: '/mip/form/:pathCode', site: 'male', url: '/mip/form/dailytada' },
  { route: '/mip/checkout/:pathCode', site: 'male', url: '/mip/checkout/dailytada' },
  { route: '/mip/cont/ced/:pathCode', site: 'male', url: `/mip/cont/ced/a2-renewal?ktCustomerId=${MALE_CUSTOMER}` },
  { route: '/mip/calendly/:pathCode', site: 'male', url: '/mip/calendly/shrt' },
  { route: '/mip/hrt/finish/:pathCode', site: 'male', url: '/mip/hrt/finish/microclinic' },
  { route: '/finish/:pathCode', site: 'male', url: '/finish/shrt' },
  // Shared pages outside the funnels, on both brands.
  ...(['male', 'female'] as const).flatMap((site): ScreenVisit[] => {
    const code = site === 'male' ? 'shrt' : 'fha1';
    const customer = site === 'male' ? MALE_CUSTOMER : FEMALE_CUSTOMER;
    return [
      { route: '/mip/cont/chrt/:pathCode?', site, url: `/mip/cont/chrt?ktCustomerId=${customer}` },
      { route: '/thank-you/:pathCode', site, url: `/thank-you/${code}` },
      { route: '/commerce-info-update', site, url: `/commerce-info-update?ktCustomerId=${customer}` },
      { route: '/upload/:uploadComp?', site, url: `/upload?ktCustomerId=${customer}` },
      // The dailytada2 wrapper layout.
      { route: '/upload/:uploadComp?', site, url: `/upload/dailytada2?ktCustomerId=${customer}` },
      {
        route: '/memo/appointment',
        site,
        url: `/memo/appointment?appointmentId=${site === 'male' ? 'apt_9XkP2v' : 'apt_demo_flow'}`,
      },
      { route: '/comm-verify/:pathCode', site, url: `/comm-verify/email?customerId=${customer}` },
      { route: '/comm-verify/:pathCode', site, url: `/comm-verify/phone?customerId=${customer}` },
      { route: '/s/:pathCode', site, url: site === 'male' ? '/s/demo-results' : '/s/demo-femme' },
      // A short link that does not exist: the short-link page's error.
      { route: '/s/:pathCode', site, url: '/s/no-such-hash' },
      { route: '/post-clinic/:postClinicId', site, url: `/post-clinic/${customer}` },
      { route: '/error/:code?/:pathCode?', site, url: `/error/404/${code}` },
      // An unknown campaign code goes to /error with the reason.
      { route: '/error/:code?/:pathCode?', site, url: '/hormone-assessment/nosuch' },
      { route: '/restart-hrt/:pathCode?', site, url: `/restart-hrt?ktCustomerId=${customer}` },
      { route: '*', site, url: '/no/such/page' },
      // Links that are incomplete: the pages say so.
      { route: '/mip/cont/chrt/:pathCode?', site, url: '/mip/cont/chrt' },
      { route: '/upload/:uploadComp?', site, url: '/upload' },
      { route: '/memo/appointment', site, url: '/memo/appointment' },
    ];
  }),
  // Another brand's route: the fallback page.
  { route: 'fallback', site: 'female', url: '/hormone-assessment/mhrt' },
  { route: 'fallback', site: 'female', url: '/quiz' },
  { route: 'fallback', site: 'male', url: '/f/results/fha1' },
];

test('every route of config/routes.json is checked on its own brand', () => {
  const missing = ROUTES.filter(
    (route) =>
      !VISITS.some((visit) => visit.route === route.path && (route.site === 'shared' || route.site === visit.site)),
  ).map((route) => `${route.site} ${route.path}`);
  expect(missing, 'routes with no accessibility check: add a visit for each').toEqual([]);
});

for (const visit of VISITS) {
  test(`${visit.site} brand: ${visit.url} (${visit.route})`, async ({ page }) => {
    await page.goto(`${SITES[visit.site]}${visit.url}`);
    await waitForScreen(page);
    await expectAccessible(page, `${visit.site} ${visit.url}`);
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

  test(`${site} brand: the assessment with its validation errors shown`, async ({ page }) => {
    await open(page, `${SITES[site]}${prefix}/hormone-assessment/${code}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /need fixing|needs fixing/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'What is your date of birth?' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessible(page, `${site} assessment with errors`);
  });

  test(`${site} brand: every assessment page, then the results`, async ({ page }) => {
    test.setTimeout(90_000);
    await open(page, `${SITES[site]}${prefix}/hormone-assessment/${code}`);
    await takeAssessmentWith(page, newPatient(`a11y-${site}`), async (title) => {
      await waitForScreen(page);
      await expectAccessible(page, `${site} assessment page "${title}"`);
    });
    await expect(page).toHaveURL(`${SITES[site]}${prefix}/results/${code}`);
    await waitForScreen(page);
    await expect(page.getByText(/^Thank you, /)).toBeVisible();
    await expectAccessible(page, `${site} results after the assessment`);
  });

  test(`${site} brand: the payment form with its errors, then a declined card`, async ({ page }) => {
    await open(page, `${SITES[site]}${prefix}/payment/${code}`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert').filter({ hasText: /fields? needs? fixing/ })).toBeVisible();
    await expectAccessible(page, `${site} payment form with errors`);

    await pay(page, newPatient(`a11y-declined-${site}`), CARDS.declined);
    await expect(page.getByRole('alert').filter({ hasText: 'Your payment did not go through' })).toBeVisible();
    await expectAccessible(page, `${site} payment with a declined card`);
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
  await completeIntakeTyping(
    page,
    patient,
    { allergies: 'none', addressLine2: '', idNumber: 'D1234567', ssn: '123456789' },
    async (title) => {
      await waitForScreen(page);
      await expectAccessible(page, `intake page "${title}"`);
    },
  );
  await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/cchrt`);
  await waitForScreen(page);
  await book(page);
  await expect(page.getByText(/Your consult is booked for/)).toBeVisible();
  await expectAccessible(page, 'a booked consult');
});

test('women’s brand: the consult booking, booked', async ({ page }) => {
  await open(page, `${WOMENS_SITE}/f/appointment/consult/fha1`);
  await book(page);
  await expect(page.getByText(/Your consult is booked for/)).toBeVisible();
  await expectAccessible(page, 'a booked consult (women)');
});

test('at a phone’s width: the header’s call link and progress bar, and the funnel pages', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const urls = [
    `${MENS_SITE}/hormone-assessment/shrt`,
    `${MENS_SITE}/quiz`,
    `${MENS_SITE}/results/shrt`,
    `${MENS_SITE}/payment/shrt`,
    `${MENS_SITE}/mip/form/dailytada`,
    `${MENS_SITE}/mip/calendly/shrt`,
    `${MENS_SITE}/upload/dailytada2?ktCustomerId=${MALE_CUSTOMER}`,
    `${WOMENS_SITE}/f/hormone-assessment/fha1`,
    `${WOMENS_SITE}/f/results/fha1`,
    `${WOMENS_SITE}/f/about-consult/fha1`,
    `${WOMENS_SITE}/f/appointment/consult/fha1`,
  ];
  for (const url of urls) {
    await open(page, url);
    await expect(heading(page)).toBeVisible();
    await expectAccessible(page, `${url} at 375 px`);
  }
});
