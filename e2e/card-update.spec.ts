import { cardsOf } from './support/database.ts';
import { withReturnLink } from './support/return-link.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Issue 23, point 1: a returning customer replaces the card the clinic charges, from the link
 * in the clinic's email. A card the payment processor declines is refused there and then, the
 * customer is told what to do, keeps what they typed, and the card on file stays as it was;
 * nothing of the declined card is stored. The demo customer is Maria Garcia (100236, women's
 * brand), whom no other test gives a card.
 */

const MARIA = '100236';

async function fillCard(page: Page, card: { number: string; expiry: string; cvc: string }) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(card.number);
  await page.getByRole('textbox', { name: 'Expiry date' }).fill(card.expiry);
  await page.getByRole('textbox', { name: 'Security code' }).fill(card.cvc);
}

async function fillAddress(page: Page) {
  const address = page.getByRole('group', { name: 'Billing address' });
  // The street field suggests addresses as it is typed (the payment's billing form); a typed address is taken as it is.
  const street = address.getByLabel(/^Street address/);
  await street.fill('40 Bayfront Dr');
  await street.press('Escape');
  await address.getByRole('textbox', { name: 'City', exact: true }).fill('Miami');
  await address.getByRole('combobox', { name: /^State/ }).selectOption('FL');
  await address.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('33131');
}

test('a declined card is refused and stored nowhere; the patient keeps what they typed, and a good card then works', async ({
  page,
}) => {
  const before = cardsOf(MARIA);
  await page.goto(withReturnLink(`${WOMENS_SITE}/commerce-info-update?ktCustomerId=${MARIA}`, MARIA));
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Maria');
  await fillCard(page, { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' });
  await fillAddress(page);

  const number = page.getByRole('textbox', { name: 'Card number' });
  // Every time: a second press with the same card is refused too.
  for (const attempt of [1, 2]) {
    await page.getByRole('button', { name: 'Save payment details' }).click();
    await expect(number, `attempt ${String(attempt)}`).toHaveAccessibleDescription(
      'Your card was declined. Try another card, or call your bank.',
    );
    await expect(number).toBeFocused();
    await expect(page.getByText('Your payment details are updated')).toHaveCount(0);
  }
  // What the patient typed stays, the card included, for them to correct.
  await expect(number).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByRole('textbox', { name: 'Expiry date' })).toHaveValue('12/34');
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Miami');
  // The card on file is the one it was: the declined card is nowhere in the clinic's records.
  expect(cardsOf(MARIA)).toEqual(before);

  await number.fill('5555 5555 5555 4444');
  await expect(number).not.toHaveAccessibleDescription(/declined/);
  await page.getByRole('button', { name: 'Save payment details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your payment details are updated' })).toContainText(
    'We will charge your Mastercard ending in 4444 for your next order.',
  );
  expect(cardsOf(MARIA)).toEqual([...before, { last4: '4444', cardBrand: 'mastercard', declineReason: null }]);
});

test('a stranger who guesses a customer id gets no card form and can save no card for them', async ({ page }) => {
  await page.goto(`${MENS_SITE}/commerce-info-update?ktCustomerId=100235`);
  await expect(page.getByRole('alert', { name: 'We could not find your account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);

  // The same browser, calling the API as the page would, with the page's own client token.
  const token = await page.evaluate(() => document.documentElement.dataset.apiToken ?? '');
  const customer = {
    firstName: 'Eve',
    lastName: 'Guesser',
    address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    // A card no other test uses, so other tests' cards for this customer do not matter.
    cardNumber: '378282246310005',
    expMonth: 12,
    expYear: 2034,
    cvc: '1234',
  };
  const response = await page.request.post(`${MENS_SITE}/api/mipH2/updateCard/100235`, {
    headers: { authorization: `Bearer ${token}` },
    data: { customer: JSON.stringify(customer) },
  });
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ status: 404, details: 'No customer with this id.' });
  expect(cardsOf('100235').filter((card) => card.last4 === '0005')).toEqual([]);
});
