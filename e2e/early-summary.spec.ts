import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { holdTheApp, watchProblems } from './support/early-page.ts';
import { appTookOverTheForm, CARDS, newPatient, takeAssessment } from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 28: a payment page's order summary and its billing form are in the page the server
 * sends, so a patient on a slow line sees what they are buying, and its price, and fills in the
 * form before the app's script has arrived; when the app takes the page over, its own summary
 * and form take their place without a move, with everything the patient typed, and a press of
 * Pay made before it arrived is made by the app, with its checks.
 */

// The pay-first funnels' payments: the campaign link's page, which the app keeps (a cold payment
// link of an assessment funnel is brought to the assessment once the app arrives: issue 37).
const PAGES = [
  { site: MENS_SITE, path: '/payment/bhrt', product: 'Hormone assessment and clinician consultation' },
  { site: WOMENS_SITE, path: '/f/payment/fbhrt', product: "Women's hormone assessment and clinician consultation" },
] as const;

/** The orders the page places (the commerce API's order calls), as they are sent. */
function watchOrders(page: Page): string[] {
  const orders: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/.*order/i.test(request.url())) orders.push(request.url());
  });
  return orders;
}

function orderSummary(page: Page) {
  return page.getByRole('region', { name: 'Your order' });
}

for (const { site, path, product } of PAGES) {
  test(`${path}: the order summary and its total are on the page before any script runs`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site}${path}`);
    const summary = orderSummary(page);
    await expect(summary.getByText(product, { exact: true })).toBeVisible();
    await expect(summary.getByText('Total')).toBeVisible();
    await expect(summary.getByText('$99')).toHaveCount(2);
    // Drawn as the app draws it (Mantine's card, in the page's own styles): bordered, not bare.
    const border = await summary.evaluate((card) => getComputedStyle(card).borderTopStyle);
    expect(border).toBe('solid');
    // The billing form is there to fill in, with the price on Pay, in the page's own styles.
    const form = page.locator('[data-early-form="billing"] form');
    await expect(form.getByRole('textbox', { name: 'Card number' })).toBeEditable();
    await expect(form.getByRole('textbox', { name: 'First name' })).toBeEditable();
    await expect(form.getByRole('combobox', { name: /^State/ })).toBeEnabled();
    await expect(form.getByRole('button', { name: 'Pay $99' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    // With no script at all, Pay sends nothing anywhere: the card stays in its field, out of
    // the address and off the network (paying needs the app).
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.method()} ${request.url()}`));
    await form.getByRole('textbox', { name: 'Card number' }).fill(CARDS.approved);
    await form.getByRole('button', { name: 'Pay $99' }).click();
    await expect(form.getByRole('textbox', { name: 'Card number' })).toHaveValue(CARDS.approved);
    expect(page.url()).toBe(`${site}${path}`);
    expect(sent).toEqual([]);
    await context.close();
  });

  test(`${path}: the app takes the summary over where it stands, and the form comes under it`, async ({ page }) => {
    const problems = watchProblems(page);
    // The app's code held back, as a slow line holds it, until the page has been measured.
    const { release } = await holdTheApp(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${site}${path}`, { waitUntil: 'commit' });
    await expect(orderSummary(page).getByText(product, { exact: true })).toBeVisible();
    const cardNumber = page.getByRole('textbox', { name: 'Card number' });
    await expect(cardNumber).toBeEditable();
    const before = await orderSummary(page).boundingBox();
    const cardBefore = await cardNumber.boundingBox();
    release();

    await appTookOverTheForm(page);
    await expect(page.getByRole('button', { name: /^Pay \$99/ })).toBeVisible();
    expect(await orderSummary(page).boundingBox()).toEqual(before);
    expect(await cardNumber.boundingBox()).toEqual(cardBefore);
    expect(problems).toEqual([]);
  });
}

test('a patient fills in the payment form and presses Pay before the app arrives: the app pays with what they typed, once', async ({
  page,
}) => {
  const problems = watchProblems(page);
  const patient = newPatient('early-pay');
  const orders = watchOrders(page);
  const { release } = await holdTheApp(page);
  // bhrt pays first: its payment is the campaign link's page (a cold payment of an assessment
  // funnel is brought to the assessment: issue 37).
  await page.goto(`${MENS_SITE}/payment/bhrt`, { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Billing details' });
  await form.getByRole('textbox', { name: 'First name' }).fill(patient.firstName);
  await form.getByRole('textbox', { name: 'Last name' }).fill(patient.lastName);
  await form.getByRole('textbox', { name: 'Email' }).fill(patient.email);
  await form.getByRole('textbox', { name: 'Mobile phone' }).fill(patient.phone);
  await form.getByLabel(/^Street address/).fill(patient.address.line1);
  await form.getByRole('textbox', { name: 'City' }).fill(patient.address.city);
  await form.getByRole('combobox', { name: /^State/ }).selectOption(patient.state);
  await form.getByRole('textbox', { name: 'ZIP code' }).fill(patient.address.zip);
  await form.getByRole('textbox', { name: 'Card number' }).fill(CARDS.approved);
  await form.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await form.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await form.getByRole('button', { name: 'Pay $99' }).click();
  // Held until the app can make it: the button says so, and nothing has left the page.
  await expect(form.getByRole('button', { name: 'Processing…' })).toBeVisible();
  expect(page.url()).toBe(`${MENS_SITE}/payment/bhrt`);
  expect(orders).toEqual([]);

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment is complete' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('We charged $99 to the card ending in 4242.')).toBeVisible();
  expect(orders).toHaveLength(1);
  // Nothing the patient typed went into the address.
  expect(page.url()).not.toContain('4242');
  expect(problems).toEqual([]);
});

test('a patient goes on typing the card as the app takes the payment form over, and the app checks what is missing', async ({
  page,
}) => {
  const problems = watchProblems(page);
  const { release } = await holdTheApp(page);
  await page.goto(`${WOMENS_SITE}/f/payment/fbhrt`, { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Billing details' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Quillon');
  const cardNumber = form.getByRole('textbox', { name: 'Card number' });
  await cardNumber.click();
  // Digits only: the page's field shows them as typed; the app's groups them in fours.
  await cardNumber.pressSequentially('42424242');

  // The app arrives while the patient is still typing, on the keyboard.
  release();
  await page.keyboard.type('4242', { delay: 150 });
  await appTookOverTheForm(page);
  await expect(cardNumber).toBeFocused();
  // Grouped by the app, and the caret still at the end: the rest goes where the patient types it.
  await page.keyboard.type('4242');
  await expect(cardNumber).toHaveValue(CARDS.approved);
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Quillon');

  // Pay with the rest left empty: the app's own check names what needs filling in.
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(form.getByText(/fields need fixing before you pay/)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Last name' })).toBeFocused();
  expect(problems).toEqual([]);
});

/**
 * The pages a patient can use before the app has arrived (the assessment's first page, the ED
 * intake's contact details, the payment form) are checked as they are then, app held back: a
 * screen reader or a keyboard meets them in that state on a slow line.
 */
for (const { site, path } of [
  { site: MENS_SITE, path: '/hormone-assessment/shrt' },
  { site: MENS_SITE, path: '/mip/form/dailytada' },
  // A call-centre link's payment comes first: its form is sent (a cold shrt payment's is not: server-doors.spec.ts).
  { site: MENS_SITE, path: '/payment/shrt?callcenter=true' },
  { site: WOMENS_SITE, path: '/f/hormone-assessment/fha1' },
  { site: WOMENS_SITE, path: '/f/payment/fha1?callcenter=true' },
]) {
  test(`${path}: the form sent in the page is accessible before the app arrives`, async ({ page }) => {
    await holdTheApp(page);
    await page.goto(`${site}${path}`, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-early-form] form')).toHaveCount(1);
    await expectAccessible(page, `${path} as sent, before the app`);
  });
}

test('a returning patient who presses Pay before the app has filled in their details is not charged until they see them and press again', async ({
  page,
}) => {
  const patient = newPatient('early-pay-returning');
  await page.goto(`${MENS_SITE}/hormone-assessment/shrt`);
  await takeAssessment(page, patient);
  await expect(page).toHaveURL(/\/results\/shrt$/);

  // The payment page opened afresh (a reload, a bookmark): the form in the page knows nothing of them.
  const orders = watchOrders(page);
  const { release } = await holdTheApp(page);
  await page.goto(`${MENS_SITE}/payment/shrt`, { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Billing details' });
  await form.getByRole('textbox', { name: 'Card number' }).fill(CARDS.approved);
  await form.getByRole('button', { name: 'Pay $99' }).click();
  await expect(form.getByRole('button', { name: 'Processing…' })).toBeVisible();

  release();
  await appTookOverTheForm(page);
  // The app filled in what their journey knows; the press they made on an empty form is not
  // made for them: Pay has the focus, and nothing was ordered.
  await expect(form.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(patient.firstName);
  await expect(form.getByRole('textbox', { name: 'Card number' })).toHaveValue(CARDS.approved);
  await expect(form.getByRole('button', { name: 'Pay $99' })).toBeFocused();
  expect(orders).toEqual([]);
});

test('a reload of the payment page does not bring back a card typed before it', async ({ page }) => {
  const { release } = await holdTheApp(page);
  await page.goto(`${MENS_SITE}/payment/bhrt`, { waitUntil: 'commit' });
  const card = page.getByRole('textbox', { name: 'Card number' });
  await card.fill(CARDS.approved);
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(card).toBeEditable();
  await expect(card).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveValue('');
  release();
  await appTookOverTheForm(page);
  await expect(card).toHaveValue('');
});
