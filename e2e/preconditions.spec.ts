import { expect, test, type Page } from './support/test.ts';
import { appointmentOf, recordsOf } from './support/database.ts';
import { chooseEarliestTime, heading, newPatient, pay } from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { walkTo } from './support/walk.ts';
import { loadEngine } from '../tests/support/config.ts';

const engine = loadEngine();

/**
 * Issue 37, kept by the server too: whatever the browser does, a journey is charged once per
 * product and no consult is booked for someone the clinic cannot reach. Each test fails before
 * issue 37: the stale tab charged a second $99, and a cold booking link took a real slot.
 */

// Two payments, or a booking screen on a cold page, are a few seconds each on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The receipt's order reference, as the patient reads it out. */
function orderReference(page: Page) {
  return page.getByTestId('order-reference');
}

test('two tabs of one browser on /payment/bhrt: Pay in the first, then in the stale second, charges once and the second shows the first receipt', async ({
  page,
  context,
}) => {
  const patient = newPatient('two-tabs');
  // The first tab starts the journey (its first save gives the browser its session), then the
  // second opens the same page in the same browser: both show the form, neither has paid.
  await page.goto('/payment/bhrt');
  await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible({ timeout: 30_000 });
  const second = await context.newPage();
  await second.goto('/payment/bhrt');
  await expect(second.getByRole('form', { name: 'Billing details' })).toBeVisible({ timeout: 30_000 });

  await pay(page, patient);
  await expect(heading(page)).toHaveText('Your payment is complete', { timeout: 15_000 });
  const firstReference = await orderReference(page).textContent();
  expect(firstReference).toMatch(/\S/);

  // The stale tab still offers Pay; the patient pays there too.
  await pay(second, patient);
  await expect(heading(second)).toHaveText('Your payment is complete', { timeout: 15_000 });
  await expect(
    second.getByText('You have already paid for this order in another window, so nothing more was charged now.'),
  ).toBeVisible();
  await expect(orderReference(second)).toHaveText(firstReference ?? '');
  await expect(second.getByText('We charged $99 to the card ending in 4242.')).toBeVisible();

  // One approved order in the clinic's records, whatever the two tabs did.
  const approved = recordsOf(patient.email).orders.filter((order) => order.status === 'approved');
  expect(approved).toHaveLength(1);
  expect(approved[0]?.total).toBe('$99.00');

  // The second tab goes on with the funnel, its journey holding that order.
  await second.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(second).toHaveURL('/hormone-assessment/bhrt', { timeout: 15_000 });
  expect(recordsOf(patient.email).orders.filter((order) => order.status === 'approved')).toHaveLength(1);
});

/** Presses "Book my consult" on the earliest time and returns the booking id the page sent, and the answer's status. */
async function pressBook(page: Page): Promise<{ appointmentId: string; status: number }> {
  await chooseEarliestTime(page);
  // The id is read where the request leaves the page: Playwright's request event does not
  // always carry the body of a fetch.
  let appointmentId = '';
  await page.route('**/api/calendly/appointmentMadeFromFlow', async (route) => {
    appointmentId = (JSON.parse(route.request().postData() ?? '{}') as { appointmentId?: string }).appointmentId ?? '';
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/calendly/appointmentMadeFromFlow'));
  await page.getByRole('button', { name: 'Book my consult' }).click();
  const status = (await answered).status();
  expect(appointmentId, 'the booking id the page sent').toMatch(/^bk_/);
  return { appointmentId, status };
}

/** The booking screen's word when the server would not book: why, that nothing was booked, and the one way on. */
async function expectContactNeeded(page: Page, start: string) {
  const message = page.getByRole('alert').filter({ hasText: 'We need your contact details first' });
  await expect(message).toBeVisible();
  await expect(message).toContainText(
    'Before we can book your consult, the clinic needs your name, email and phone number',
  );
  await expect(message).toContainText('Nothing was booked.');
  // No promise of a link to join, and no calendar to press again.
  await expect(page.getByText(/link to join by email and text message/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book my consult' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Start from the beginning' }).click();
  // The start of the funnel (a journey the page still holds may open it at its page: `?page=1`).
  await expect.poll(() => page.url().split('?', 1)[0], { timeout: 15_000 }).toBe(start);
}

/**
 * A booking link opened cold (this test's own browser, no cookies): the patient may press
 * "Book my consult" where the page offers it, and nothing is booked; where the page sends a
 * visitor with no contact details to the funnel's start first (issue 37's entry rules), it
 * offers no booking at all. Either way no appointment is stored and the page says the clinic
 * needs the patient's contact details.
 */
async function openCold(page: Page, url: string, start: string) {
  await page.goto(url);
  const book = page.getByRole('button', { name: 'Book my consult' });
  const sentToStart = page.getByText(/we need your name, email and mobile phone/i);
  await expect(book.or(sentToStart).first()).toBeVisible({ timeout: 30_000 });
  if (await sentToStart.isVisible()) {
    await expect(page).toHaveURL(start);
    return;
  }
  const { appointmentId, status } = await pressBook(page);
  expect(status).toBe(409);
  expect(appointmentOf(appointmentId)).toBeNull();
  await expectContactNeeded(page, start);
}

test('a cold /mip/calendly/shrt books nothing: the clinic needs contact details first', async ({ page }) => {
  await openCold(page, `${MENS_SITE}/mip/calendly/shrt`, `${MENS_SITE}/hormone-assessment/shrt`);
});

test('a cold women’s /f/appointment/consult/fha1 books nothing: the clinic needs contact details first', async ({
  page,
}) => {
  await openCold(page, `${WOMENS_SITE}/f/appointment/consult/fha1`, `${WOMENS_SITE}/f/hormone-assessment/fha1`);
});

/**
 * The server's own door, whatever the page shows: a patient walked to shrt's booking step (a
 * real lead, order and intake) whose browser then loses its session (site data cleared in
 * another tab, or the cookie expired while the page stayed open) presses "Book my consult": the
 * request reaches the server from a session that holds nobody, so nothing is booked (409), and
 * the page says the clinic needs the contact details.
 */
test('a booking sent from a browser that holds no session any more books nothing and says why', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const planned = engine.planVisit({ code: 'shrt', brand: 'male', query: '' });
  if (!planned.ok) throw new Error(planned.problem.message);
  const booking = planned.plan.pages.findIndex((step) => step.route.screen === 'scheduling');
  await walkTo(page, { origin: MENS_SITE, plan: planned.plan, index: booking, patient: newPatient('lost-session') });
  await expect(page.getByRole('button', { name: 'Book my consult' })).toBeVisible({ timeout: 30_000 });
  await context.clearCookies();
  const { appointmentId, status } = await pressBook(page);
  expect(status).toBe(409);
  expect(appointmentOf(appointmentId)).toBeNull();
  await expectContactNeeded(page, `${MENS_SITE}/hormone-assessment/shrt`);
});
