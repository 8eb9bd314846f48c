import { expect, test, type Page } from './support/test.ts';
import {
  book,
  completeIntakeTyping,
  continueAfterPaying,
  heading,
  newPatient,
  pay,
  pressMain,
  takeAssessment,
  USUAL_TYPING,
  type Patient,
} from './support/patient.ts';
import { WOMENS_SITE } from './support/sites.ts';
import { JOURNEY_WRITE, WriteCount } from './support/write-count.ts';

/**
 * Issue 25, point 1: at most one journey write per press, on every screen of every funnel.
 * A patient walks shrt, fha1 (the women's brand), microbh and dailytada from the campaign link
 * to the end, through the real server; every API write (POST, PUT, PATCH, DELETE to /api/)
 * from a press of a screen's main action until the next screen has drawn is counted
 * (the saves of typing between presses are not). The table of each walk is printed; a press
 * that writes the journey more than once fails the test (each write resends the whole journey).
 */

// A whole funnel, with a settling pause after every press, is a few minutes on a busy two-core machine.
test.describe.configure({ timeout: 240_000 });

/** Walks with `walk`, prints the table, and fails on any press with more than one journey write. */
async function countWalk(
  page: Page,
  funnel: string,
  walk: (count: WriteCount) => Promise<void>,
  testInfo: Parameters<Parameters<typeof test>[2]>[1],
) {
  const count = new WriteCount(page);
  try {
    await walk(count);
  } finally {
    await count.report(funnel, testInfo);
  }
  expect(count.presses.length, 'presses counted').toBeGreaterThan(3);
  for (const { press, writes } of count.presses) {
    expect
      .soft(
        writes.filter((write) => write === JOURNEY_WRITE).length,
        `journey writes of ${press}: ${writes.join(', ')}`,
      )
      .toBeLessThanOrEqual(1);
  }
}

/** The results page's Continue to checkout. */
async function continueToCheckout(page: Page) {
  await pressMain(page, 'Continue to checkout', () =>
    page.getByRole('button', { name: 'Continue to checkout' }).click(),
  );
}

/** The intake, each page's drawing closing the count of the press before it. */
async function intake(page: Page, patient: Patient, count: WriteCount) {
  await completeIntakeTyping(page, patient, USUAL_TYPING, () => count.drawn());
}

test('shrt: every press of the men’s HRT funnel writes the journey at most once', async ({ page }, testInfo) => {
  const patient = newPatient('one-write-shrt');
  await countWalk(
    page,
    'shrt',
    async (count) => {
      await page.goto('/hormone-assessment/shrt');
      await takeAssessment(page, patient, { onPage: () => count.drawn() });
      await expect(page).toHaveURL('/results/shrt');
      await expect(heading(page)).toHaveText('Your Results');
      await count.drawn();
      await continueToCheckout(page);
      await expect(page).toHaveURL('/payment/shrt');
      await count.drawn();
      await pay(page, patient);
      await continueAfterPaying(page);
      await expect(page).toHaveURL('/mip/form/shrt');
      await intake(page, patient, count);
      await expect(page).toHaveURL('/mip/calendly/shrt');
      await count.drawn();
      await book(page);
      await expect(page.getByRole('region', { name: 'Your consult' })).toBeVisible();
      await count.drawn();
    },
    testInfo,
  );
});

test('fha1: every press of the women’s funnel, with an identity documents page, writes the journey at most once', async ({
  page,
}, testInfo) => {
  // Alabama asks for a photo ID: the intake's form and its documents page are two presses.
  const patient = newPatient('one-write-fha1', { firstName: 'Quillonette', state: 'AL' });
  await countWalk(
    page,
    'fha1',
    async (count) => {
      await page.goto(`${WOMENS_SITE}/f/hormone-assessment/fha1`);
      await takeAssessment(page, patient, { onPage: () => count.drawn() });
      await expect(page).toHaveURL(`${WOMENS_SITE}/f/results/fha1`);
      await expect(heading(page)).toHaveText('Your Results');
      await count.drawn();
      await continueToCheckout(page);
      await expect(page).toHaveURL(`${WOMENS_SITE}/f/payment/fha1`);
      await count.drawn();
      await pay(page, patient);
      await continueAfterPaying(page);
      await expect(page).toHaveURL(`${WOMENS_SITE}/f/intake/fha1`);
      await intake(page, patient, count);
      await expect(page).toHaveURL(`${WOMENS_SITE}/f/about-consult/fha1`);
      await expect(heading(page)).toHaveText('About Your Consult');
      await count.drawn();
      await pressMain(page, 'Choose my consult time', () =>
        page.getByRole('button', { name: 'Choose my consult time' }).click(),
      );
      await expect(page).toHaveURL(`${WOMENS_SITE}/f/appointment/consult/fha1`);
      await count.drawn();
      await book(page);
      await expect(page.getByRole('region', { name: 'Your consult' })).toBeVisible();
      await count.drawn();
    },
    testInfo,
  );
});

test('microbh: every press, paying and booking first, writes the journey at most once', async ({ page }, testInfo) => {
  const patient = newPatient('one-write-microbh');
  await countWalk(
    page,
    'microbh',
    async (count) => {
      await page.goto('/payment/microbh');
      await pay(page, patient);
      await continueAfterPaying(page);
      await expect(page).toHaveURL('/mip/calendly/microbh');
      await count.drawn();
      await book(page);
      await expect(heading(page)).toHaveText('Your consult is booked');
      await count.drawn();
      await pressMain(page, 'Continue (booked)', () =>
        page.getByRole('button', { name: 'Continue', exact: true }).click(),
      );
      await expect(page).toHaveURL('/hormone-assessment/microbh');
      await takeAssessment(page, patient, { onPage: () => count.drawn() });
      await expect(page).toHaveURL('/mip/form/microbh');
      await intake(page, patient, count);
      await expect(page).toHaveURL('/mip/calendly/microbh');
      await expect(page.getByRole('button', { name: 'Book my follow-up' })).toBeVisible();
      await count.drawn();
      await book(page);
      await expect(page.getByRole('region', { name: 'Your consults' })).toBeVisible();
      await count.drawn();
    },
    testInfo,
  );
});

test('dailytada: every press of the ED funnel, intake first, writes the journey at most once', async ({
  page,
}, testInfo) => {
  // Kentucky asks for a photo ID and the SSN on the documents page.
  const patient = newPatient('one-write-dailytada', { state: 'KY' });
  await countWalk(
    page,
    'dailytada',
    async (count) => {
      await page.goto('/mip/form/dailytada');
      await intake(page, patient, count);
      await expect(page).toHaveURL('/mip/checkout/dailytada');
      await expect(heading(page)).toHaveText('Complete Your Order');
      await count.drawn();
      await pay(page, patient);
      await expect(page.getByText('Your payment is complete')).toBeVisible({ timeout: 15_000 });
      await count.drawn();
    },
    testInfo,
  );
});
