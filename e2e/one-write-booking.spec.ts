import { ARRIVAL_MS, newCustomer } from './support/customer.ts';
import {
  book,
  chooseEarliestTime,
  completeIntake,
  continueAfterPaying,
  fillRefill,
  heading,
  newPatient,
  pay,
  takeAssessment,
} from './support/patient.ts';
import { withReturnLink } from './support/return-link.ts';
import { SAVE_DELAY_MS } from '../src/shared/journey/journey-store.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { reachBooking } from './support/reach.ts';
import { expect, test, type Page, type Request } from './support/test.ts';

/**
 * Issue 25, point 1, for the booking, microclinic and continuing-care screens: a press of a
 * screen's main action writes the journey at most once. Each press is watched in Chromium
 * against the real server, from the click until the next screen has drawn (and TRAILING_MS
 * more, for a write that trails it), counting every API write (POST, PUT, PATCH, DELETE to
 * /api/). Fails on bd31683, where "Book my consult" wrote the journey 3 times, the microclinic
 * Continue 2, a refill send 6 and the ED renewal's send 4.
 */

// microbh walks payment, two bookings, the assessment and the intake: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JOURNEY_WRITE = 'PUT /api/journey';
/**
 * After the next screen has drawn, how long a write the press set off may still take to be
 * sent. Shorter than the journey store's typing delay (SAVE_DELAY_MS, 600 ms): what the next
 * screen saves on its own a moment after it draws (the intake filling in the contact details
 * the payment took) is that screen's, not the press's.
 */
const TRAILING_MS = 300;

/**
 * The API writes of one press: `press` clicks, `drawn` waits for the screen the press leads
 * to; writes sent in between (and TRAILING_MS after) are the press's.
 */
async function writesOf(page: Page, press: () => Promise<void>, drawn: () => Promise<void>): Promise<string[]> {
  const writes: string[] = [];
  const listener = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (WRITE_METHODS.has(request.method()) && pathname.startsWith('/api/')) {
      writes.push(`${request.method()} ${pathname}`);
    }
  };
  page.on('request', listener);
  try {
    await press();
    await drawn();
    await page.waitForTimeout(TRAILING_MS);
  } finally {
    page.off('request', listener);
  }
  return writes;
}

/**
 * Lets the journey store's save of what was just typed go first (it waits SAVE_DELAY_MS after
 * the last change): typing saves between presses are not the press's (the issue's own count).
 */
async function typingSaved(page: Page) {
  await page.waitForTimeout(SAVE_DELAY_MS + 500);
}

/** At most one journey write in a press's writes; the message lists them all. */
function expectOneJourneyWrite(what: string, writes: readonly string[]) {
  expect
    .soft(
      writes.filter((write) => write === JOURNEY_WRITE).length,
      `${what}: at most one ${JOURNEY_WRITE}, of ${String(writes.length)} writes (${writes.join(', ')})`,
    )
    .toBeLessThanOrEqual(1);
}

/** The heading a booking press leads to: the booked page's, or the finish page's (it confirms too). */
const BOOKED_OR_FINISHED = /^(Your consults? (is|are) booked|All Set)$/;

test('fha1: "Book my consult" writes the journey once', async ({ page }) => {
  // A patient the clinic can reach (a booking needs one: issue 37), on a link that books.
  await reachBooking(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1' });
  await expect(page.getByRole('button', { name: 'Book my consult' })).toBeVisible({ timeout: ARRIVAL_MS });
  const writes = await writesOf(
    page,
    () => book(page),
    () => expect(heading(page)).toHaveText(BOOKED_OR_FINISHED, { timeout: 15_000 }),
  );
  expect(writes, 'the booking is sent').toContain('PUT /api/calendly/appointmentMadeFromFlow');
  expectOneJourneyWrite('fha1 "Book my consult"', writes);
});

test('microbh: each of its two bookings, and the Continue between, writes the journey once', async ({ page }) => {
  const patient = newPatient('one-write-microbh');
  await page.goto(`${MENS_SITE}/payment/microbh`);
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/microbh`);

  const first = await writesOf(
    page,
    () => book(page),
    () => expect(heading(page)).toHaveText('Your consult is booked', { timeout: 15_000 }),
  );
  expectOneJourneyWrite('microbh "Book my consult"', first);
  const onward = await writesOf(
    page,
    () => page.getByRole('button', { name: 'Continue', exact: true }).click(),
    () => expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/microbh`),
  );
  expectOneJourneyWrite('microbh Continue after the first booking', onward);

  await takeAssessment(page, patient);
  await expect(page).toHaveURL(`${MENS_SITE}/mip/form/microbh`);
  await completeIntake(page, patient);
  await expect(page).toHaveURL(`${MENS_SITE}/mip/calendly/microbh`);
  await expect(page.getByRole('button', { name: 'Book my follow-up' })).toBeVisible({ timeout: 15_000 });
  const followUp = await writesOf(
    page,
    () => book(page),
    () => expect(heading(page)).toHaveText(BOOKED_OR_FINISHED, { timeout: 15_000 }),
  );
  expect(followUp, 'the follow-up is sent').toContain('PUT /api/calendly/appointmentMadeFromFlow');
  expectOneJourneyWrite('microbh "Book my follow-up"', followUp);
});

test('microclinic: the choice of microclinic and Continue write the journey once', async ({ page }) => {
  const patient = newPatient('one-write-microclinic');
  await page.goto(`${MENS_SITE}/payment/microclinic`);
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL(`${MENS_SITE}/mip/hrt/finish/microclinic`);
  await page.getByRole('button', { name: 'Enter my city or ZIP code' }).click();
  await page.getByRole('textbox', { name: 'City or ZIP code' }).fill('78701');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('radio', { name: 'Austin Downtown Microclinic' }).check();
  const writes = await writesOf(
    page,
    () => page.getByRole('button', { name: 'Continue', exact: true }).click(),
    async () => {
      await expect(page).toHaveURL(`${MENS_SITE}/mip/form/microclinic`);
      await expect(heading(page)).toHaveText('Intake');
    },
  );
  expectOneJourneyWrite('microclinic Continue', writes);
});

test('continuing care: the refill send and "Change my answers" each write the journey once', async ({
  page,
  browser,
}) => {
  const patient = newPatient('one-write-refill');
  const customerId = await newCustomer(browser, MENS_SITE, patient);
  await page.goto(withReturnLink(`${MENS_SITE}/mip/cont/chrt?ktCustomerId=${customerId}`, customerId));
  await expect(page.getByRole('radio', { name: 'Very well' })).toBeVisible({ timeout: ARRIVAL_MS });
  await fillRefill(page, { effectiveness: 'Very well' });
  await typingSaved(page);
  const sent = await writesOf(
    page,
    () => page.getByRole('button', { name: 'Send my answers' }).click(),
    () =>
      expect(page.getByRole('heading', { level: 2, name: 'Your refill request is in' })).toBeVisible({
        timeout: 15_000,
      }),
  );
  expect(sent, 'the refill is sent').toContain('POST /api/memoForm/updateCHRTStatus');
  expectOneJourneyWrite('refill "Send my answers"', sent);

  const change = await writesOf(
    page,
    () => page.getByRole('button', { name: 'Change my answers' }).click(),
    () => expect(page.getByRole('radio', { name: 'Very well' })).toBeChecked(),
  );
  expectOneJourneyWrite('"Change my answers"', change);
});

test('the ED renewal: the refill send, a funnel step, writes the journey once as it moves on', async ({ page }) => {
  const patient = newPatient('one-write-renewal', { state: 'AL' });
  await page.goto('/mip/form/a2-renewal');
  await completeIntake(page, patient);
  await expect(page).toHaveURL('/mip/cont/ced/a2-renewal');
  await expect(page.getByRole('radio', { name: 'Very well' })).toBeVisible({ timeout: ARRIVAL_MS });
  await fillRefill(page, { effectiveness: 'Very well' });
  await typingSaved(page);
  const sent = await writesOf(
    page,
    () => page.getByRole('button', { name: 'Send my answers' }).click(),
    () => expect(heading(page)).toHaveText('All Set', { timeout: 15_000 }),
  );
  expectOneJourneyWrite('ED renewal "Send my answers"', sent);
});

test('a booking pressed offline keeps the patient on the step with their time, says what to do, and books once back online', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await reachBooking(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1' });
  await chooseEarliestTime(page);
  const chosen = page.getByRole('radiogroup', { name: /^Choose a time on/ }).getByRole('radio', { checked: true });
  const time = await chosen.getAttribute('value');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Book my consult' }).click();
  const problem = page.getByRole('alert').filter({ hasText: 'Your consult is not booked yet' });
  await expect(problem).toBeVisible({ timeout: 20_000 });
  await expect(problem).toContainText('You are offline');
  await expect(problem).toBeInViewport();
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/appointment/consult/fha1?pathOverride=cal`);
  await expect(chosen).toHaveAttribute('value', time ?? '');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Book my consult' }).click();
  await expect(heading(page)).toHaveText(BOOKED_OR_FINISHED, { timeout: 20_000 });
  await expect(page.getByText(/Your consult is booked/).first()).toBeVisible();
});
