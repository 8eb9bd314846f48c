import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import PaymentScreen from '../../../src/features/payment/payment-screen.tsx';
import { readServiceSettings } from '../../../src/server/service-settings.ts';
import { LOCAL_SERVICES } from '../../../src/contract/service-settings.ts';
import { loadConfig } from '../../support/config.ts';
import { deployWith, undeploy } from '../../support/page-services.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { saveLead } from '../../../src/shared/api/leads.ts';
import { ASSESSMENT_ANSWERS } from '../../server/test-server.ts';
import {
  countRows,
  pointClientAt,
  startTestServer,
  useClientServer,
  type TestServer,
} from '../../server/test-server.ts';
import { fakeFunnelStep } from '../../support/fake-step.ts';

/**
 * The payment step against the real local server (contract validation, payment simulator,
 * Idempotency-Key store, SQLite): what the screen sends is what the server takes, and the
 * database ends with one lead and one order, whatever the patient does.
 */
const api = useClientServer();

beforeEach(() => {
  // The street address is typed, as with address suggestions off: these tests are about paying.
  deployWith({ flags: { provider: 'local', overrides: { addressAutocomplete: false } } });
});

afterEach(() => {
  undeploy();
});

const route = loadConfig().routes.routes.find((candidate) => candidate.path === '/payment/:pathCode');

function renderPayment(code: string, journeys: ReturnType<typeof memoryJourneyCalls>) {
  if (!route) throw new Error('config/routes.json has no /payment/:pathCode');
  // bhrt's first step: its assessment and intake come later and ask the marketing choice.
  const step = fakeFunnelStep({
    index: 0,
    total: 5,
    laterScreens: ['hormone-assessment', 'intake', 'scheduling', 'finish'],
    canNext: true,
    canBack: false,
  });
  // As the funnel machine does: the move's record written with the step, in one write.
  step.advance.mockImplementation((move) => {
    const now = journeys.saved.get(code);
    if (move?.record !== undefined && now !== undefined) journeys.saved.set(code, move.record(now));
    return Promise.resolve();
  });
  const view = renderWithProviders(
    <PaymentScreen route={route} params={{ pathCode: code }} code={code} step={step} />,
    {
      path: `/payment/${code}`,
      journeyCalls: journeys,
    },
  );
  return { step, unmount: view.unmount };
}

async function fillForm(user: UserEvent, email: string, card: string) {
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Sam');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Okafor');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '(512) 555-0142');
  await user.type(screen.getByRole('textbox', { name: 'Street address' }), '500 Congress Ave');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
  await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '78701');
  await typeCard(user, card);
}

async function typeCard(user: UserEvent, card: string) {
  const group = screen.getByRole('group', { name: 'Card details' });
  const number = within(group).getByRole('textbox', { name: 'Card number' });
  await user.clear(number);
  await user.type(number, card);
  const expiry = within(group).getByRole('textbox', { name: 'Expiry date (MM/YY)' });
  await user.clear(expiry);
  await user.type(expiry, '12/34');
  const cvc = within(group).getByRole('textbox', { name: 'Security code (CVC)' });
  await user.clear(cvc);
  await user.type(cvc, '123');
}

const ordersOf = (landingId: string | undefined) => countRows(api().db, 'orders', 'landing_id = ?', landingId ?? '');

/** After Pay the screen says the payment was received; the patient presses Continue to move on. */
async function continueOnceReceived() {
  await screen.findByRole('heading', { level: 1, name: 'Your payment is complete' }, { timeout: 10_000 });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
}

test('bhrt pays first: one lead, a decline, then one order, and a reload finds the same order', async () => {
  const user = userEvent.setup({ delay: null });
  const journeys = memoryJourneyCalls();
  const first = renderPayment('bhrt', journeys);

  await fillForm(user, 'sam.okafor@example.com', '4000 0000 0000 0002');
  await user.click(await screen.findByRole('button', { name: 'Pay $99' }));
  const card = screen.getByRole('group', { name: 'Card details' });
  expect(await within(card).findByRole('alert')).toHaveTextContent('Your card was declined.');
  const landingId = journeys.saved.get('bhrt')?.landingId;
  expect(landingId).toBeDefined();
  expect(countRows(api().db, 'leads', 'landing_id = ?', landingId)).toBe(1);
  expect(ordersOf(landingId)).toBe(0);

  await typeCard(user, '4242 4242 4242 4242');
  await user.dblClick(screen.getByRole('button', { name: 'Pay $99' }));
  await continueOnceReceived();
  await waitFor(() => {
    expect(first.step.advance).toHaveBeenCalledTimes(1);
  });
  expect(ordersOf(landingId)).toBe(1);
  const saved = journeys.saved.get('bhrt');
  expect(saved?.completed).toEqual(['payment']);
  expect(JSON.stringify(saved)).not.toContain('4242424242424242');

  // A reload that lost the order id (the journey saved before the answer came back): the same
  // key and body are sent again, and the server answers with the first order.
  const state = saved as JourneyState;
  const {
    'payment.orderId': orderId,
    'payment.orderTotal': orderTotal,
    'payment.orderLast4': orderLast4,
    ...beforeAnswer
  } = state.records;
  expect(orderId).toMatch(/^ord_/);
  expect([orderTotal, orderLast4]).toEqual(['$99.00', '4242']);
  first.unmount();
  const reloaded = memoryJourneyCalls({ bhrt: { ...state, completed: [], records: beforeAnswer } });
  renderPayment('bhrt', reloaded);
  expect(await screen.findByRole('heading', { name: 'Your payment is complete' })).toBeInTheDocument();
  expect(screen.getByText('We charged $99 to the card ending in 4242.')).toBeVisible();
  expect(screen.getByText('This was a one-time charge: you will not be charged again.')).toBeVisible();
  // Continue records the order found with the step it moves to.
  await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => {
    expect(reloaded.saved.get('bhrt')?.records['payment.orderId']).toBe(orderId);
  });
  expect(ordersOf(landingId)).toBe(1);
}, 60_000);

test('mhrt after the assessment: the order of 1682 and the complimentary kit 1673, each once', async () => {
  const user = userEvent.setup({ delay: null });
  const landingId = 'T2thZm9yMjAyNS0wMy0wMU1JUA';
  // The assessment saved the lead from this browser, so its session owns it.
  await saveLead({
    landingId,
    lead: {
      landing_id: landingId,
      formId: 'MIP',
      pathCode: 'mhrt',
      // A whole assessment: mhrt's payment comes after it (src/server/step-doors.ts).
      answers: [...ASSESSMENT_ANSWERS],
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'sam.mhrt@example.com',
      phone: '5125550142',
    },
  });
  const journeys = memoryJourneyCalls({
    mhrt: {
      version: 3,
      landedAt: '2025-03-01T12:00:00.000Z',
      landingId,
      answers: { firstName: ['Sam'], lastName: ['Okafor'], email: ['sam.mhrt@example.com'], phone: ['5125550142'] },
      pages: {},
      completed: ['MIP'],
      records: {},
    },
  });
  const { step } = renderPayment('mhrt', journeys);

  await user.type(await screen.findByRole('textbox', { name: 'Street address' }), '500 Congress Ave');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
  await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '78701');
  await typeCard(user, '4242 4242 4242 4242');
  // A monthly plan: its renewal is agreed to with the box next to Pay; the server checks the
  // statement's hash against its own copy and takes the order on today's terms.
  await user.click(screen.getByRole('checkbox', { name: /renews automatically at \$99 every month/ }));
  await user.click(screen.getByRole('button', { name: 'Pay $99' }));
  expect(await screen.findByText(/Your plan renews automatically: \$99 every month on the/)).toBeVisible();
  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(
    countRows(
      api().db,
      'orders',
      "landing_id = ? AND kind = 'order' AND product_id = '1682' AND terms_version = 'terms-2026-12'",
      landingId,
    ),
  ).toBe(1);
  expect(
    countRows(
      api().db,
      'orders',
      "landing_id = ? AND kind = 'follow-on' AND product_id = '1673' AND comp_order = 1 AND total = '$0.00'",
      landingId,
    ),
  ).toBe(1);
}, 60_000);

/** Fills the form on `server` with the page settings `page` and presses Pay; the order rows made. */
async function payOn(server: TestServer, page: typeof LOCAL_SERVICES, email: string) {
  deployWith({ ...page, flags: { provider: 'local', overrides: { addressAutocomplete: false } } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  pointClientAt(server);
  const user = userEvent.setup({ delay: null });
  const journeys = memoryJourneyCalls();
  const { step } = renderPayment('bhrt', journeys);
  await fillForm(user, email, '4242 4242 4242 4242');
  await user.click(await screen.findByRole('button', { name: 'Pay $99' }));
  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  return countRows(server.db, 'orders', 'landing_id = ?', journeys.saved.get('bhrt')?.landingId ?? '');
}

test('a production-like server without a site key writes no bot check into the page, and the patient pays', async () => {
  const services = readServiceSettings({});
  expect(services.page.botCheck).toEqual({ provider: 'off' });
  const production = await startTestServer({ services });
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(await payOn(production, services.page, 'sam.nokey@example.com')).toBe(1);
    expect(errors).not.toHaveBeenCalledWith('Bot check unavailable; the patient goes on', expect.anything());
  } finally {
    errors.mockRestore();
    pointClientAt(api());
    await production.remove();
  }
}, 60_000);

test('a page with the local bot check on a server that refuses its tokens (a setup error, not a bot) lets the patient pay', async () => {
  const strict = await startTestServer({ services: { page: LOCAL_SERVICES, acceptLocalBotTokens: false } });
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(await payOn(strict, LOCAL_SERVICES, 'sam.strict@example.com')).toBe(1);
    expect(errors).toHaveBeenCalledWith('Bot check unavailable; the patient goes on', {
      kind: 'verifyRecaptcha not assessed: local bot-check tokens are not accepted by this server',
      action: 'payment',
    });
    expect(screen.queryByText(/Our security check/)).not.toBeInTheDocument();
  } finally {
    errors.mockRestore();
    pointClientAt(api());
    await strict.remove();
  }
}, 60_000);
