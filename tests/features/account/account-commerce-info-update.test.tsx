import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import type { KtCustomer, Lead } from '../../../src/contract/api-types.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import CommerceInfoUpdateScreen from '../../../src/features/account/commerce-info-update-screen.tsx';
import { operationHandler, server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { loadConfig, must } from '../../support/config.ts';
import { customerIs, JANE } from '../../fixtures/customers.ts';

useApiServer();

const route: RouteConfig = must(
  loadConfig().routes.routes.find((candidate) => candidate.screen === 'commerce-info-update'),
);

/** A card expiry four years ahead, so the tests do not age. */
const EXPIRY_YEAR = new Date().getFullYear() + 4;
const EXPIRY = `12/${String(EXPIRY_YEAR % 100).padStart(2, '0')}`;

const LANDING_ID = 'U21pdGh8am9obi5zbWl0aEBleGFtcGxlLmNvbXwyMDI0LTA2LTEwfE1JUA';

const JOHN: KtCustomer = {
  ktCustomerId: '100235',
  firstName: 'John',
  lastName: 'Smith',
  email: 'john.smith@example.com',
  phone: '3105550188',
  landing_id: LANDING_ID,
};

function renderAt(path: string) {
  const journeyCalls = memoryJourneyCalls();
  const view = renderWithProviders(<CommerceInfoUpdateScreen route={route} params={{}} code={null} step={null} />, {
    path,
    journeyCalls,
  });
  return { ...view, journeyCalls };
}

interface SavedCard {
  customerId: string;
  customer: Record<string, unknown>;
}

/** The card update (the app's own call, schemas/app.openapi.json) answering with `respond`, keeping what was sent. */
function cardUpdates(saved: SavedCard[], respond: () => Response = approved) {
  server.use(
    http.post(`${TEST_API_BASE}/mipH2/updateCard/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { customer: string };
      saved.push({ customerId: String(params.id), customer: JSON.parse(body.customer) as Record<string, unknown> });
      return respond();
    }),
  );
}

function approved(): Response {
  return HttpResponse.json({
    data: {
      customerId: '100235',
      last4: '4242',
      cardBrand: 'visa',
      savedAt: '2025-03-05T15:00:00.000Z',
    },
  });
}

async function fillCard(user: UserEvent, card: { number: string; expiry: string; cvc: string }) {
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), card.number);
  await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), card.expiry);
  await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), card.cvc);
}

async function fillAddress(user: UserEvent) {
  const address = screen.getByRole('group', { name: 'Billing address' });
  await user.type(within(address).getByLabelText(/^Street address/), '2 Ocean Ave');
  await user.type(within(address).getByRole('textbox', { name: 'City' }), 'Santa Monica');
  await user.selectOptions(within(address).getByRole('combobox', { name: 'State' }), 'CA');
  await user.type(within(address).getByRole('textbox', { name: 'ZIP code' }), '90401');
}

test('a customer enters a new card and billing address, saves them and is told which card is charged next', async () => {
  const user = userEvent.setup({ delay: null });
  customerIs(JOHN);
  const saved: SavedCard[] = [];
  cardUpdates(saved);
  const { journeyCalls } = renderAt('/commerce-info-update?ktCustomerId=100235');

  // The name on the card starts from the customer's record.
  expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('John');
  expect(screen.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Smith');
  expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('autocomplete', 'cc-number');
  await fillCard(user, { number: '4242 4242 4242 4242', expiry: EXPIRY, cvc: '123' });
  await fillAddress(user);
  await user.click(screen.getByRole('button', { name: 'Save payment details' }));

  expect(await screen.findByText('Your payment details are updated')).toBeVisible();
  expect(screen.getByText('We will charge your Visa card ending in 4242 for your next order.')).toBeVisible();
  expect(saved).toEqual([
    {
      customerId: '100235',
      customer: {
        firstName: 'John',
        lastName: 'Smith',
        address: { line1: '2 Ocean Ave', city: 'Santa Monica', state: 'CA', zip: '90401' },
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: EXPIRY_YEAR,
        cvc: '123',
      },
    },
  ]);
  // The card went to the billing call and nowhere else: not the journey, not storage.
  expect(journeyCalls.saved.size).toBe(0);
  expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toBeVisible();
  // Typing a whole card and address takes seconds in jsdom on a busy machine.
}, 30_000);

test('details that are missing or wrong are marked next to their fields, and nothing is sent', async () => {
  const user = userEvent.setup({ delay: null });
  customerIs(JOHN);
  renderAt('/commerce-info-update?ktCustomerId=100235');
  await screen.findByRole('textbox', { name: 'Card number' });

  await user.click(screen.getByRole('button', { name: 'Save payment details' }));
  expect(screen.getByText('7 fields need fixing before you save them. They are marked below.')).toBeVisible();
  const number = screen.getByRole('textbox', { name: 'Card number' });
  expect(number).toHaveAccessibleDescription('Enter your card number.');
  // The first field to fix, in the form's order (name, address, card), gets the focus.
  const street = screen.getByLabelText(/^Street address/);
  expect(street).toHaveAccessibleDescription('Enter your street address.');
  expect(street).toHaveFocus();

  // A mistyped number, an expired card and an American Express code of 3 digits.
  await fillCard(user, { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '123' });
  await user.click(screen.getByRole('button', { name: 'Save payment details' }));
  expect(number).toHaveAccessibleDescription('This card number is not valid. Check the digits on your card.');
  expect(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toHaveAccessibleDescription(
    /This card has expired\. Check the date or use another card\./,
  );
  await user.clear(number);
  await user.type(number, '3782 822463 10005');
  await user.click(screen.getByRole('button', { name: 'Save payment details' }));
  expect(screen.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveAccessibleDescription(
    /Enter the 4-digit security code from the front of your card\./,
  );
  // No card update handler: a request would have failed the test.
  // Typing a whole card and address takes seconds in jsdom on a busy machine.
}, 30_000);

test('a declined card is shown next to the card number, everything typed stays, and another card goes through', async () => {
  const user = userEvent.setup({ delay: null });
  customerIs(JOHN);
  const saved: SavedCard[] = [];
  let declines = true;
  cardUpdates(saved, () =>
    declines
      ? HttpResponse.json(
          { status: 422, message: 'Payment declined', details: 'Your card was declined.' },
          { status: 422 },
        )
      : approved(),
  );
  renderAt('/commerce-info-update?ktCustomerId=100235');
  await screen.findByRole('textbox', { name: 'Card number' });
  await fillCard(user, { number: '4000 0000 0000 0002', expiry: EXPIRY, cvc: '123' });
  await fillAddress(user);

  await user.click(screen.getByRole('button', { name: 'Save payment details' }));

  const number = screen.getByRole('textbox', { name: 'Card number' });
  await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
  expect(number).toHaveAccessibleDescription('Your card was declined. Try another card, or call your bank.');
  expect(number).toHaveFocus();
  expect(number).toHaveValue('4000 0000 0000 0002');
  expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Santa Monica');

  declines = false;
  await user.clear(number);
  expect(number).not.toHaveAccessibleDescription(/declined/);
  await user.type(number, '4242424242424242');
  await user.click(screen.getByRole('button', { name: 'Save payment details' }));
  expect(await screen.findByText('Your payment details are updated')).toBeVisible();
  expect(saved).toHaveLength(2);
  // Typing a whole card and address takes seconds in jsdom on a busy machine.
}, 30_000);

test('a server failure goes to the snackbar and the form stays as typed', async () => {
  const user = userEvent.setup({ delay: null });
  customerIs(JOHN);
  cardUpdates([], () => HttpResponse.json({ status: 500, message: 'Internal server error' }, { status: 500 }));
  renderAt('/commerce-info-update?ktCustomerId=100235');
  await screen.findByRole('textbox', { name: 'Card number' });
  await fillCard(user, { number: '4242424242424242', expiry: EXPIRY, cvc: '123' });
  await fillAddress(user);

  await user.click(screen.getByRole('button', { name: 'Save payment details' }));

  expect(await screen.findByRole('status')).toHaveTextContent('/updateCard: 500: Internal server error');
  expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  expect(screen.getByRole('button', { name: 'Save payment details' })).toBeEnabled();
  // Typing a whole card and address takes seconds in jsdom on a busy machine.
}, 30_000);

test('a link with a landing id finds the customer of that lead and updates their card', async () => {
  const user = userEvent.setup({ delay: null });
  const lead: Lead = {
    landing_id: LANDING_ID,
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '2025550143',
    answers: [],
    savedAt: '2025-03-05T15:00:00.000Z',
  };
  server.use(
    operationHandler('getLead', () => HttpResponse.json({ data: lead })),
    operationHandler('getOrder', () => HttpResponse.json({ data: { customerId: '100234', orders: [] } })),
  );
  customerIs({ ...JANE, landing_id: LANDING_ID });
  const saved: SavedCard[] = [];
  cardUpdates(saved);
  renderAt(`/commerce-info-update?landing_id=${LANDING_ID}`);

  expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Jane');
  await fillCard(user, { number: '4242424242424242', expiry: EXPIRY, cvc: '123' });
  await fillAddress(user);
  await user.click(screen.getByRole('button', { name: 'Save payment details' }));
  expect(await screen.findByText('Your payment details are updated')).toBeVisible();
  expect(saved[0]?.customerId).toBe('100234');
  // Typing a whole card and address takes seconds in jsdom on a busy machine.
}, 30_000);

test('no id, an unknown customer, or a customer without a lead each say what to do instead', async () => {
  const first = renderAt('/commerce-info-update');
  expect(screen.getByText('This link is not complete')).toBeVisible();
  first.unmount();

  server.use(
    operationHandler('getKtCustomer', () =>
      HttpResponse.json({ status: 404, message: 'Not found', details: 'No customer with this id.' }, { status: 404 }),
    ),
  );
  const second = renderAt('/commerce-info-update?ktCustomerId=999999');
  expect(await screen.findByText('We could not find your account')).toBeVisible();
  second.unmount();

  customerIs({
    ktCustomerId: JOHN.ktCustomerId,
    firstName: JOHN.firstName,
    lastName: JOHN.lastName,
    email: JOHN.email,
    phone: JOHN.phone,
  });
  renderAt('/commerce-info-update?ktCustomerId=100235');
  expect(await screen.findByText('Please call us to update your payment details')).toBeVisible();
  expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
});
