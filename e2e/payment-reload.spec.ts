import { expect, test, type Page } from './support/test.ts';
import { recordsOf } from './support/database.ts';
import { CARDS, continueAfterPaying, heading, newPatient, pay } from './support/patient.ts';

/**
 * The payment machine (src/features/payment/payment-machine.ts) against the real server: a
 * reload, Back or a lost answer at any state of the payment lands the patient where they were
 * and never charges them twice. shrt's call-centre variant starts at payment, so each test is
 * the payment alone.
 */

test.describe.configure({ timeout: 90_000 });

const PAYMENT = '/payment/shrt?callcenter=true';
const receipt = (page: Page) => page.getByRole('heading', { level: 1, name: 'Your payment is complete' });

test('a reload on the receipt, before Continue, shows the same order and charges nothing more', async ({ page }) => {
  const patient = newPatient('receipt-reload');
  await page.goto(PAYMENT);
  await pay(page, patient);
  await expect(receipt(page)).toBeVisible({ timeout: 15_000 });
  const reference = await page.getByTestId('order-reference').textContent();

  await page.reload();
  await expect(receipt(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('order-reference')).toHaveText(reference ?? '');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await continueAfterPaying(page);
  await expect(page).toHaveURL('/finish/shrt?callcenter=true');
  expect(recordsOf(patient.email).orders).toHaveLength(1);
});

test('Back after paying and moving on shows the receipt, not the form, and Forward goes on', async ({ page }) => {
  const patient = newPatient('back-after-paying');
  await page.goto(PAYMENT);
  await pay(page, patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL('/finish/shrt?callcenter=true');

  await page.goBack();
  await expect(receipt(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await page.reload();
  await expect(receipt(page)).toBeVisible({ timeout: 15_000 });
  await page.goForward();
  await expect(heading(page)).toHaveText('All Set');
  expect(recordsOf(patient.email).orders).toHaveLength(1);
});

test('a reload while the order is on its way sends the same order again: one charge', async ({ page }) => {
  const patient = newPatient('reload-mid-order');
  await page.goto(PAYMENT);
  // The order call is held back on its way to the server, and the patient reloads meanwhile.
  let held = 0;
  await page.route('**/api/memoForm/createOrder', async (route) => {
    held += 1;
    if (held === 1) {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => undefined);
    } else await route.continue();
  });
  const ordering = page.waitForRequest('**/api/memoForm/createOrder');
  await pay(page, patient);
  await ordering;
  await page.reload();

  await expect(receipt(page)).toBeVisible({ timeout: 20_000 });
  await continueAfterPaying(page);
  await expect(page).toHaveURL('/finish/shrt?callcenter=true');
  expect(recordsOf(patient.email).orders).toHaveLength(1);
});

test('an order the server placed whose answer was lost: Pay again shows that order, one charge', async ({ page }) => {
  const patient = newPatient('answer-lost');
  await page.goto(PAYMENT);
  // The first order reaches the server, which charges the card; its answer, and the answers of
  // the client's own retries, never reach the page.
  let answersLost = true;
  let reachedServer = false;
  await page.route('**/api/memoForm/createOrder', async (route) => {
    if (!answersLost) {
      await route.continue();
      return;
    }
    if (!reachedServer) {
      reachedServer = true;
      await route.fetch();
    }
    await route.abort('connectionreset');
  });
  await pay(page, patient);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveText(/^Pay \$/);
  expect(recordsOf(patient.email).orders).toHaveLength(1);

  answersLost = false;
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(receipt(page)).toBeVisible({ timeout: 15_000 });
  expect(recordsOf(patient.email).orders).toHaveLength(1);
});

test('a declined card, reloaded: the decline is shown again, and a new card pays once', async ({ page }) => {
  const patient = newPatient('declined-reload');
  await page.goto(PAYMENT);
  await pay(page, patient, CARDS.declined);
  const card = page.getByRole('group', { name: 'Card details' });
  await expect(card.getByRole('alert')).toHaveText(/declined/i, { timeout: 15_000 });

  await page.reload();
  await expect(page.getByRole('group', { name: 'Card details' }).getByRole('alert')).toHaveText(/declined/i, {
    timeout: 15_000,
  });
  await pay(page, patient, CARDS.approved);
  await continueAfterPaying(page);
  await expect(page).toHaveURL('/finish/shrt?callcenter=true');
  const { orders } = recordsOf(patient.email);
  expect(orders.filter((order) => order.status !== 'declined')).toHaveLength(1);
});
