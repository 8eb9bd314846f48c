import { withoutToken } from './support/return-link.ts';
import { expect, test as base, type Page } from '@playwright/test';
import { waitForScreen } from './support/axe.ts';
import { buildGallery, Gallery, pathOf } from './support/gallery.ts';
import {
  book,
  CARDS,
  chooseEarliestTime,
  completeIntakeTyping,
  newPatient,
  pay,
  takeAssessment,
  takeAssessmentWith,
  type IntakeTyping,
  type Patient,
  continueAfterPaying,
} from './support/patient.ts';
import { SITES, VISITS, type Site } from './support/screens.ts';
import { MENS_SITE } from './support/sites.ts';

/**
 * `npm run screenshots`: the whole product on one page, screenshots/index.html. Every screen
 * of e2e/support/screens.ts as it opens, and the states a patient reaches with data on the
 * way through the funnels (each assessment and intake page, errors, a declined card, booked),
 * on both brands at 375 and 1280 px. Not a check: what cannot be reached is a red note in the
 * gallery, and the test fails only at its end, once everything it could show is shown.
 * Playwright's project `screenshots` runs it (never in `npm test`), and its teardown project
 * the last test here, which writes the page.
 */

const test = base.extend<{ gallery: (brand: Site, order: number) => Gallery }>({
  gallery: async ({ page }, use, testInfo) => {
    const made: Gallery[] = [];
    await use((brand, order) => {
      const gallery = new Gallery(page, testInfo, brand, order);
      made.push(gallery);
      return gallery;
    });
    // A test that runs out of time says so in the gallery, after what it did show.
    if (testInfo.status === 'timedOut') {
      for (const gallery of made)
        gallery.fail('the rest of this test', `Ran out of time after ${String(testInfo.timeout)} ms.`);
    }
  },
});

/** What the walked patients type beyond their own details (a second address line shows in the shots). */
const TYPING: IntakeTyping = { allergies: 'none', addressLine2: 'Apt 4B', idNumber: 'D1234567', ssn: '123456789' };

/** The gallery's order: the screens as they open first (VISITS' order), then the walks. */
const WALK_ORDER = { male: 1000, female: 2000, ed: 3000 } as const;

function endWith(gallery: Gallery) {
  expect(gallery.failures, 'states the gallery could not show (red in screenshots/index.html)').toEqual([]);
}

/** Every page of the intake, photographed as it is shown, before it is answered. */
async function intakePages(gallery: Gallery, page: Page, patient: Patient, code: string) {
  await waitForScreen(page);
  let count = 0;
  await completeIntakeTyping(page, patient, TYPING, async (title) => {
    count += 1;
    await gallery.shoot(`${code}: intake page ${String(count)} “${title}”`, { note: await gallery.ready() });
  });
}

/** The HRT funnel of a brand from the assessment to paying, then on to its intake. */
async function assessmentToIntake(gallery: Gallery, page: Page, site: Site, patient: Patient) {
  const prefix = site === 'male' ? '' : '/f';
  const code = site === 'male' ? 'shrt' : 'fha1';
  await gallery.step(
    `${code}: the assessment`,
    async () => {
      await page.goto(`${SITES[site]}${prefix}/hormone-assessment/${code}`);
      await waitForScreen(page);
      let count = 0;
      await takeAssessmentWith(page, patient, async (title) => {
        count += 1;
        await gallery.shoot(`${code}: assessment page ${String(count)} “${title}”`, { note: await gallery.ready() });
        if (count === 1) {
          // Its validation errors: Next on the empty page (the helper then answers it).
          await gallery.extra(`${code}: assessment page 1 with its errors`, async () => {
            await page.getByRole('button', { name: 'Next' }).click();
            await expect(page.getByRole('alert').filter({ hasText: /needs? fixing/ })).toBeVisible();
          });
        }
      });
    },
    { shoot: false },
  );
  await gallery.step(`${code}: results after the assessment`, async () => {
    await expect(page).toHaveURL(`${SITES[site]}${prefix}/results/${code}`);
    await expect(page.getByText(/^Thank you, /)).toBeVisible();
  });
  await gallery.step(`${code}: payment form, filled from the assessment`, async () => {
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(`${SITES[site]}${prefix}/payment/${code}`);
    await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible();
  });
  await gallery.step(`${code}: payment with errors`, async () => {
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert').filter({ hasText: /fields? needs? fixing/ })).toBeVisible();
  });
  await gallery.step(`${code}: payment declined`, async () => {
    await pay(page, patient, CARDS.declined);
    await expect(page.getByRole('alert').filter({ hasText: 'Your payment did not go through' })).toBeVisible();
  });
  await gallery.step(
    `${code}: intake after paying`,
    async () => {
      await pay(page, patient);
      await continueAfterPaying(page);
      await expect(page).toHaveURL(`${SITES[site]}${site === 'male' ? `/mip/form/${code}` : `/f/intake/${code}`}`);
      await intakePages(gallery, page, patient, code);
    },
    { shoot: false },
  );
}

// The walks first: the longest tests, so the two workers end together.

test('men’s brand: shrt from the assessment to a booked consult', async ({ page, gallery }) => {
  test.setTimeout(240_000);
  const shots = gallery('male', WALK_ORDER.male);
  // A KY patient: the identity step asks for an ID and the SSN.
  const patient = newPatient('gallery-shrt', { state: 'KY' });
  await page.setViewportSize({ width: 375, height: 800 });
  await shots.walk(async () => {
    await assessmentToIntake(shots, page, 'male', patient);
    await shots.step('shrt: booking', async () => {
      await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/shrt`);
    });
    await shots.step('shrt: booked, the finish page', async () => {
      await book(page);
      await expect(page).toHaveURL(`${MENS_SITE}/finish/shrt`);
      await expect(page.getByRole('region', { name: 'Your consult' })).toBeVisible();
    });
  });
  endWith(shots);
});

test('women’s brand: fha1 from the assessment to a booked consult', async ({ page, gallery }) => {
  test.setTimeout(240_000);
  const shots = gallery('female', WALK_ORDER.female);
  const patient = newPatient('gallery-fha1', { firstName: 'Quillonette', state: 'KY' });
  const site = SITES.female;
  await page.setViewportSize({ width: 375, height: 800 });
  await shots.walk(async () => {
    await assessmentToIntake(shots, page, 'female', patient);
    await shots.step('fha1: about the consult, after the intake', async () => {
      await expect(page).toHaveURL(`${site}/f/about-consult/fha1`);
    });
    await shots.step('fha1: booking', async () => {
      await page.getByRole('button', { name: 'Choose my consult time' }).click();
      await expect(page).toHaveURL(`${site}/f/appointment/consult/fha1`);
    });
    await shots.step('fha1: booked, the finish page', async () => {
      await book(page);
      await expect(page).toHaveURL(`${site}/f/finish/fha1`);
      await expect(page.getByRole('region', { name: 'Your consult' })).toBeVisible();
    });
  });
  endWith(shots);
});

test('men’s ED funnel: dailytada’s intake, checkout and payment complete', async ({ page, gallery }) => {
  test.setTimeout(180_000);
  const shots = gallery('male', WALK_ORDER.ed);
  const patient = newPatient('gallery-dailytada');
  await page.setViewportSize({ width: 375, height: 800 });
  await shots.walk(async () => {
    await shots.step(
      'dailytada: the intake',
      async () => {
        await page.goto(`${MENS_SITE}/mip/form/dailytada`);
        await intakePages(shots, page, patient, 'dailytada');
      },
      { shoot: false },
    );
    await shots.step('dailytada: checkout after the intake', async () => {
      await expect(page).toHaveURL(`${MENS_SITE}/mip/checkout/dailytada`);
      await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible();
    });
    await shots.step('dailytada: checkout, paid', async () => {
      await pay(page, patient);
      await expect(page.getByText('Your payment is complete')).toBeVisible();
    });
  });
  endWith(shots);
});

test('men’s ED funnel in Arkansas: the video visit before the order', async ({ page, gallery }) => {
  test.setTimeout(180_000);
  const shots = gallery('male', WALK_ORDER.ed + 100);
  const patient = newPatient('gallery-arkansas', { state: 'AR' });
  await page.setViewportSize({ width: 375, height: 800 });
  await shots.walk(async () => {
    await shots.step(
      'dailytada in Arkansas: the intake',
      async () => {
        await page.goto(`${MENS_SITE}/mip/form/dailytada`);
        await completeIntakeTyping(page, patient, TYPING);
      },
      { shoot: false },
    );
    await shots.step('dailytada in Arkansas: the video visit, booked before the order', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Book your video visit first' })).toBeVisible({
        timeout: 15_000,
      });
      await chooseEarliestTime(page);
    });
    await shots.step('dailytada in Arkansas: the visit booked, then the order', async () => {
      await book(page);
      await expect(page.getByText('Your video visit is booked')).toBeVisible({ timeout: 15_000 });
    });
  });
  endWith(shots);
});

for (const site of ['male', 'female'] as const) {
  test(`${site === 'male' ? 'men’s' : 'women’s'} brand: a patient in Alaska, which is not served`, async ({
    page,
    gallery,
  }) => {
    test.setTimeout(120_000);
    const shots = gallery(site, WALK_ORDER[site] + 500);
    const patient = newPatient('gallery-alaska', { state: 'AK' });
    const code = site === 'male' ? 'shrt' : 'fha1';
    await page.setViewportSize({ width: 375, height: 800 });
    await shots.walk(async () => {
      await shots.step(
        `${code} in Alaska: the assessment`,
        async () => {
          await page.goto(`${SITES[site]}${site === 'male' ? '' : '/f'}/hormone-assessment/${code}`);
          await takeAssessment(page, patient);
        },
        { shoot: false },
      );
      await shots.step(`${code} in Alaska: the results, in place of checkout`, async () => {
        await expect(page.getByTestId('not-served')).toBeVisible({ timeout: 15_000 });
      });
      await shots.step(`${code} in Alaska: asked to be told`, async () => {
        await page.getByRole('button', { name: 'Tell me when' }).click();
        await expect(page.getByText(/We will email/)).toBeVisible();
      });
      await shots.step(`${code} in Alaska: the payment by its link stops before the card`, async () => {
        await page.goto(`${SITES[site]}${site === 'male' ? '' : '/f'}/payment/${code}`);
        await expect(page.getByTestId('not-served')).toBeVisible({ timeout: 15_000 });
      });
    });
    endWith(shots);
  });
}

/** The payment step of a pay-first code, paid once in a browser of its own (the first device). */
async function paidOnAnotherDevice(page: Page, site: Site, code: string, patient: Patient) {
  const first = await page.context().browser()?.newContext();
  if (first === undefined) throw new Error('no browser for the first device');
  const other = await first.newPage();
  await other.goto(`${SITES[site]}${site === 'male' ? '' : '/f'}/payment/${code}`);
  await pay(other, patient);
  await expect(other.getByText('Your payment is complete')).toBeVisible({ timeout: 15_000 });
  await first.close();
}

// What a patient who paid is told on a second device at Pay, and a pay-first patient ruled out
// after paying (issue 37, points 4 and 5): states no visit of a screen reaches.
for (const site of ['male', 'female'] as const) {
  const code = site === 'male' ? 'bhrt' : 'fbhrt';
  const prefix = site === 'male' ? '' : '/f';
  test(`${site === 'male' ? 'men’s' : 'women’s'} brand: ${code} paid elsewhere, and ruled out after paying`, async ({
    page,
    gallery,
  }) => {
    test.setTimeout(180_000);
    const shots = gallery(site, WALK_ORDER[site] + 500);
    await page.setViewportSize({ width: 375, height: 800 });
    await shots.walk(async () => {
      const patient = newPatient(`gallery-second-${code}`);
      await shots.step(`${code}: Pay on a second device after paying on the first: check your email`, async () => {
        await paidOnAnotherDevice(page, site, code, patient);
        await page.goto(`${SITES[site]}${prefix}/payment/${code}`);
        await pay(page, patient);
        await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible({
          timeout: 15_000,
        });
      });
      const ruledOut = newPatient(`gallery-stop-${code}`);
      await shots.step(`${code}: a contraindication after paying: stopped, with the refund`, async () => {
        await page.context().clearCookies();
        await page.goto(`${SITES[site]}${prefix}/payment/${code}`);
        await pay(page, ruledOut);
        await continueAfterPaying(page);
        await expect(page).toHaveURL(`${SITES[site]}${prefix}/hormone-assessment/${code}`);
        await takeAssessment(page, ruledOut, { hormoneCancer: 'Yes' });
        await expect(page.getByRole('region', { name: 'Your refund' })).toBeVisible({ timeout: 15_000 });
      });
      if (site === 'male') {
        const booked = newPatient('gallery-stop-microbh');
        await shots.step('microbh: booked, then ruled out: the consult is cancelled, with the refund', async () => {
          await page.context().clearCookies();
          await page.goto(`${MENS_SITE}/payment/microbh`);
          await pay(page, booked);
          await continueAfterPaying(page);
          await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/microbh`);
          await book(page);
          await page.getByRole('button', { name: 'Continue', exact: true }).click();
          await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/microbh`);
          await takeAssessment(page, booked, { hormoneCancer: 'Yes' });
          await expect(page.getByRole('region', { name: 'Your consult is cancelled' })).toBeVisible({
            timeout: 15_000,
          });
        });
      }
    });
    endWith(shots);
  });
}

VISITS.forEach((visit, index) => {
  test(`${visit.site} brand: ${withoutToken(visit.url)} (${visit.route})`, async ({ page, gallery }) => {
    const shots = gallery(visit.site, index);
    const url = `${SITES[visit.site]}${visit.url}`;
    const opened = `opened ${pathOf(url)}`;
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await page.goto(url);
    } catch (error) {
      shots.fail(opened, error, visit.route);
      endWith(shots);
      return;
    }
    const note = await shots.ready();
    // Where it ended up, when it redirects (an unknown code goes to the error page).
    const reached = pathOf(page.url());
    await shots.shoot(reached === pathOf(url) ? opened : `${opened} → ${reached}`, { route: visit.route, note });
    endWith(shots);
  });
});

// The teardown project `screenshots-index` runs this one alone, after every shot above.
test('screenshots/index.html from every test’s manifest', { tag: '@gallery-index' }, () => {
  const { shots, failures, file } = buildGallery(test.info().project.outputDir);
  console.log(`The gallery: ${file} (${String(shots)} screenshots, ${String(failures)} not shown as they should be)`);
  expect(shots, 'screenshots in the gallery').toBeGreaterThan(0);
});
