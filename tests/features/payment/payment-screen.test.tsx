import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { ScreenName, Site } from '../../../src/engine/config-types.ts';
import CheckoutScreen from '../../../src/features/payment/checkout-screen.tsx';
import PaymentScreen from '../../../src/features/payment/payment-screen.tsx';
import { analyticsSettled } from '../../../src/shared/services/analytics.ts';
import { setRuntimeConfig } from '../../../src/shared/api/http.ts';
import { server, TEST_API_BASE, TEST_API_TOKEN, useApiServer } from '../../api/msw.ts';
import { loadConfig } from '../../support/config.ts';
import { deployWith, undeploy } from '../../support/page-services.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep } from '../../support/fake-step.ts';
import { journeyState } from '../../support/journey.ts';

useApiServer();

beforeEach(async () => {
  // Events of an earlier test still on their way to the data layer land before it is emptied.
  await analyticsSettled();
  Reflect.deleteProperty(window, 'dataLayer');
  // These tests are about paying: the street address is typed, as a patient does when address
  // suggestions are off (their own tests cover them), so no places call is made here.
  deployWith({ flags: { provider: 'local', overrides: { addressAutocomplete: false } } });
});

afterEach(() => {
  undeploy();
  vi.restoreAllMocks();
});

/** The analytics events of one kind the page pushed, by outcome. */
async function tracked(event: string): Promise<unknown[]> {
  await analyticsSettled();
  const layer = (window as unknown as { dataLayer?: { event?: unknown; outcome?: unknown }[] }).dataLayer ?? [];
  return layer.filter((entry) => entry.event === event).map((entry) => entry.outcome);
}

const ROUTES = loadConfig().routes.routes;

function routeOf(path: string) {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`config/routes.json has no ${path}`);
  return route;
}

const APPROVED = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

interface ProductFixture {
  externalId: string;
  category: 'hrt' | 'fhrt';
  type: 'product' | 'mpid';
  name: string;
  price: string;
  salePrice: string;
  total: string;
  shipping?: string;
  externalCampaignId?: string;
  packageIncludes?: string[];
  description?: string;
}

/** What the product fetch answers, by id (as the local server's demo products). */
const PRODUCTS: Readonly<Record<string, ProductFixture>> = {
  '1664': {
    externalId: '1664',
    category: 'fhrt',
    type: 'mpid',
    name: 'Hormone therapy for women, monthly',
    description: 'Estradiol therapy prescribed and monitored by a clinician.',
    packageIncludes: ['Medication', 'Clinician consultation'],
    price: '$129.00',
    salePrice: '$89.00',
    shipping: '$0.00',
    total: '$89.00',
  },
  '1684': {
    externalId: '1684',
    category: 'fhrt',
    type: 'mpid',
    name: 'Hormone therapy for women with progesterone, monthly',
    price: '$159.00',
    salePrice: '$119.00',
    shipping: '$0.00',
    total: '$119.00',
  },
  '1682': {
    externalId: '1682',
    category: 'hrt',
    type: 'mpid',
    externalCampaignId: '116',
    name: 'Testosterone replacement, monthly',
    price: '$149.00',
    salePrice: '$99.00',
    shipping: '$0.00',
    total: '$99.00',
  },
  '1690': {
    externalId: '1690',
    category: 'hrt',
    type: 'product',
    name: 'Daily tadalafil for erectile dysfunction (ED), 5 mg',
    packageIncludes: ['ED medication', 'Clinician review'],
    price: '$99.00',
    salePrice: '',
    shipping: '$0.00',
    total: '$99.00',
  },
  // Each brand's consultation, what a code that names no product sells (config/products.json bySite).
  '0': {
    externalId: '0',
    category: 'hrt',
    type: 'product',
    name: 'Hormone assessment and clinician consultation',
    packageIncludes: ['Clinician consultation', 'Treatment plan'],
    price: '$99',
    salePrice: '',
    shipping: '$0.00',
    total: '$99',
  },
};

const DECLINES: Readonly<Record<string, string>> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Insufficient funds.',
};

interface Sent {
  operation: string;
  url: URL;
  body: Record<string, unknown>;
  key: string | null;
}

/**
 * The API at the network boundary, keeping what the local server keeps: leads, billing tokens
 * (with the simulator's verdict) and orders answered once per Idempotency-Key.
 */
function fakeApi(
  options: {
    orderDelayMs?: number;
    productStatus?: number;
    /** What the bot check's verification says: a person (default), a bot, or nothing (the service is down). */
    botCheck?: 'person' | 'bot' | 'down';
    /**
     * The journey's order paid already by another window: createOrder answers as the local
     * server does a second payment (409, reason `already-paid`, this order in `existingOrder`).
     */
    paidElsewhere?: { orderId: string; total: string; last4: string };
    /**
     * The details are a patient's who paid in another browser: createOrder answers as the local
     * server does (409, reason `paid-elsewhere`, nothing charged, a link emailed).
     */
    recognised?: boolean;
  } = {},
) {
  const sent: Sent[] = [];
  const tokens = new Map<string, { last4: string; decline: string | undefined }>();
  const byKey = new Map<string, { body: string; status: number; json: JsonBodyType }>();
  const leads: { landing_id: string }[] = [];
  let orders = 0;
  const record = async (operation: string, request: Request) => {
    const text = request.method === 'GET' ? '' : await request.text();
    const entry: Sent = {
      operation,
      url: new URL(request.url),
      body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      key: request.headers.get('idempotency-key'),
    };
    sent.push(entry);
    return { entry, text };
  };
  const once = (key: string | null, text: string, run: () => { status: number; json: JsonBodyType }) => {
    if (key === null) return HttpResponse.json({ status: 400, message: 'no key' }, { status: 400 });
    const stored = byKey.get(key);
    if (stored) {
      if (stored.body !== text) {
        return HttpResponse.json({ status: 409, message: 'Idempotency-Key reused' }, { status: 409 });
      }
      return HttpResponse.json(stored.json, { status: stored.status });
    }
    const result = run();
    if (result.status < 300) byKey.set(key, { body: text, ...result });
    return HttpResponse.json(result.json, { status: result.status });
  };
  server.use(
    // The legal documents in force (issue 38): what the agreement next to Pay names.
    http.get(`${TEST_API_BASE}/legal`, () => HttpResponse.json({ data: LEGAL_DOCUMENTS_IN_FORCE })),
    http.get(`${TEST_API_BASE}/memoForm/getProductInfo`, async ({ request }) => {
      const { entry } = await record('getProductInfo', request);
      const product = PRODUCTS[entry.url.searchParams.get('id') ?? ''];
      if (options.productStatus !== undefined) {
        return HttpResponse.json(
          { status: options.productStatus, message: 'Service unavailable' },
          { status: options.productStatus },
        );
      }
      if (!product) return HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
      return HttpResponse.json({ data: { quantity: 1, ...product } });
    }),
    http.post(`${TEST_API_BASE}/memoForm/verifyRecaptcha`, async ({ request }) => {
      const { entry } = await record('verifyRecaptcha', request);
      if (options.botCheck === 'down') {
        return HttpResponse.json({ status: 503, message: 'Service unavailable' }, { status: 503 });
      }
      const success = options.botCheck !== 'bot';
      return HttpResponse.json({ data: { success, score: success ? 0.9 : 0.1, action: entry.body.action } });
    }),
    http.post(`${TEST_API_BASE}/memoForm/saveLead`, async ({ request }) => {
      const { entry } = await record('saveLead', request);
      const lead = JSON.parse(String(entry.body.lead)) as { landing_id: string };
      leads.push(lead);
      return HttpResponse.json({ data: { landing_id: lead.landing_id, savedAt: new Date().toISOString() } });
    }),
    // The journey's own lead (the server knows it from the cookie): the last one saved.
    http.get(`${TEST_API_BASE}/journey/lead`, async ({ request }) => {
      await record('getJourneyLead', request);
      const lead = leads.at(-1);
      if (lead === undefined) return HttpResponse.json({ status: 404, message: 'No lead yet' }, { status: 404 });
      return HttpResponse.json({ data: { ...lead, savedAt: new Date().toISOString() } });
    }),
    http.post(`${TEST_API_BASE}/mipH2/billingInfo/save`, async ({ request }) => {
      const { entry } = await record('saveBillingInfo', request);
      const customer = JSON.parse(String(entry.body.customer)) as { cardNumber: string };
      const token = `bill_test${String(tokens.size + 1).padStart(4, '0')}`;
      tokens.set(token, { last4: customer.cardNumber.slice(-4), decline: DECLINES[customer.cardNumber] });
      return HttpResponse.json({
        data: {
          landingId: entry.body.landingId,
          billingToken: token,
          last4: customer.cardNumber.slice(-4),
          savedAt: new Date().toISOString(),
        },
      });
    }),
    http.post(`${TEST_API_BASE}/memoForm/createOrder`, async ({ request }) => {
      const { entry, text } = await record('createOrder', request);
      if (options.orderDelayMs !== undefined) await delay(options.orderDelayMs);
      const order = JSON.parse(String(entry.body.order)) as { billingToken: string; productId: string };
      if (options.recognised === true) {
        return HttpResponse.json(
          {
            status: 409,
            message: 'This payment was not taken',
            details:
              'Nothing was charged. If you already have a treatment plan with us, we have emailed a link to it to the address on file.',
            reason: 'paid-elsewhere',
          },
          { status: 409 },
        );
      }
      const first = options.paidElsewhere;
      if (first !== undefined) {
        return HttpResponse.json(
          {
            status: 409,
            message: 'This order is already paid',
            details: 'An order for this product is already paid in this journey, so nothing was charged.',
            reason: 'already-paid',
            existingOrder: { ...first, status: 'approved', createdAt: '2025-03-01T12:05:00.000Z' },
          },
          { status: 409 },
        );
      }
      return once(entry.key, text, () => {
        const billing = tokens.get(order.billingToken) ?? { last4: '4242', decline: undefined };
        if (billing.decline !== undefined) {
          return { status: 422, json: { status: 422, message: 'Payment declined', details: billing.decline } };
        }
        orders += 1;
        return {
          status: 201,
          json: {
            data: {
              orderId: `ord_${orders}`,
              status: 'approved',
              total: '$99.00',
              createdAt: new Date().toISOString(),
              last4: billing.last4,
            },
          },
        };
      });
    }),
    http.post(`${TEST_API_BASE}/memoForm/createFollowOnProductOrder`, async ({ request }) => {
      const { entry, text } = await record('createFollowOnProductOrder', request);
      return once(entry.key, text, () => ({
        status: 201,
        json: { data: { orderId: 'ord_kit', status: 'approved', total: '$0.00', createdAt: new Date().toISOString() } },
      }));
    }),
  );
  return {
    sent,
    of: (operation: string) => sent.filter((entry) => entry.operation === operation),
    orderCount: () => orders,
  };
}

const CONTACT = {
  firstName: ['Avery'],
  lastName: ['Quinn'],
  email: ['avery.quinn@example.com'],
  phone: ['2125550123'],
};

const journeyWith = (partial: Partial<JourneyState> = {}) => journeyState(partial, '2025-03-01T12:00:00.000Z');

/** A journey after the assessment: a lead and the patient's contact answers. */
const AFTER_ASSESSMENT = journeyWith({ landingId: 'UXVpbm4yMDI1LTAzLTAxTUlQ', answers: CONTACT, completed: ['MIP'] });

/** The steps after payment in ghrt (and, with the assessment first, bhrt): forms that ask the marketing choice. */
const INTAKE_LATER: readonly ScreenName[] = ['intake', 'scheduling', 'finish'];

function fakeStep(laterScreens: readonly ScreenName[]): FakeStep {
  return fakeFunnelStep({
    index: 2,
    total: 5,
    laterScreens,
    canNext: true,
    canBack: true,
  });
}

interface Setup {
  path: string;
  code: string;
  brand?: Site;
  journey?: JourneyState;
  checkout?: boolean;
  /** The screens of the funnel's steps after payment. @default INTAKE_LATER */
  laterScreens?: readonly ScreenName[];
}

function renderPayment({ path, code, brand = 'male', journey, checkout = false, laterScreens = INTAKE_LATER }: Setup) {
  const calls = memoryJourneyCalls(journey ? { [code]: journey } : {});
  const step = fakeStep(laterScreens);
  const route = routeOf(
    checkout ? '/mip/checkout/:pathCode' : brand === 'female' ? '/f/payment/:pathCode' : '/payment/:pathCode',
  );
  const Screen = checkout ? CheckoutScreen : PaymentScreen;
  renderWithProviders(<Screen route={route} params={{ pathCode: code }} code={code} step={step} />, {
    path,
    brand,
    journeyCalls: calls,
  });
  return { calls, step };
}

const savedText = (calls: ReturnType<typeof memoryJourneyCalls>) => JSON.stringify([...calls.saved.values()]);

/**
 * The journey as the funnel machine writes it when Continue moves on: the saved journey with
 * the record the payment handed to `advance` (the machine writes both in one write).
 */
function journeyAfterMove(calls: ReturnType<typeof memoryJourneyCalls>, code: string, step: FakeStep): JourneyState {
  const saved = calls.saved.get(code);
  const record = step.advance.mock.calls.at(-1)?.[0]?.record;
  if (saved === undefined || record === undefined) throw new Error('Continue has not moved on with a record');
  return record(saved);
}

async function fillAddress(user: UserEvent) {
  const address = screen.getByRole('group', { name: 'Billing address' });
  await user.type(within(address).getByRole('textbox', { name: 'Street address' }), '1 Main St');
  await user.type(within(address).getByRole('textbox', { name: 'City' }), 'Austin');
  await user.selectOptions(within(address).getByRole('combobox', { name: 'State' }), 'TX');
  await user.type(within(address).getByRole('textbox', { name: 'ZIP code' }), '78701');
}

async function fillCard(user: UserEvent, number = APPROVED, expiry = '12/34', cvc = '123') {
  const card = screen.getByRole('group', { name: 'Card details' });
  await user.clear(within(card).getByRole('textbox', { name: 'Card number' }));
  await user.type(within(card).getByRole('textbox', { name: 'Card number' }), number);
  await user.clear(within(card).getByRole('textbox', { name: 'Expiry date (MM/YY)' }));
  await user.type(within(card).getByRole('textbox', { name: 'Expiry date (MM/YY)' }), expiry);
  await user.clear(within(card).getByRole('textbox', { name: 'Security code (CVC)' }));
  await user.type(within(card).getByRole('textbox', { name: 'Security code (CVC)' }), cvc);
}

/** Once the form is shown: types the billing address and an approved card, and presses Pay. */
async function fillAndPay(user: UserEvent) {
  await payButton();
  await fillAddress(user);
  await fillCard(user);
  await agreeToRenewal(user);
  await user.click(await payButton());
}

/** A plan that renews asks its renewal to be agreed to with a box next to Pay: the patient ticks it. */
async function agreeToRenewal(user: UserEvent) {
  const box = screen.queryByRole('checkbox', { name: /renews automatically/ });
  if (box !== null && !(box as HTMLInputElement).checked) await user.click(box);
}

const LEGAL_DOCUMENTS_IN_FORCE = [
  { document: 'terms', version: 'terms-2026-12', title: 'Terms and Conditions', sha256: 'a'.repeat(64) },
  { document: 'privacy', version: 'privacy-2026-12', title: 'Privacy Policy', sha256: 'b'.repeat(64) },
  {
    document: 'telehealth-consent',
    version: 'telehealth-consent-2026-12',
    title: 'Telehealth consent',
    sha256: 'c'.repeat(64),
  },
].map((item) => ({ ...item, effectiveAt: '2026-12-01T00:00:00.000Z' }));

async function fillContact(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Avery');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Quinn');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'avery.quinn@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '(212) 555-0123');
}

const payButton = () => screen.findByRole('button', { name: /^Pay / });

/** After Pay the screen's heading says the payment is complete; the patient presses Continue to move on. */
async function continueOnceReceived() {
  await screen.findByRole('heading', { level: 1, name: 'Your payment is complete' }, { timeout: 10_000 });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
}

test('shrt names no product: the fetch asks for the men’s consultation by id, never "undefined", and the page shows $99', async () => {
  const api = fakeApi();
  renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Order' })).toBeInTheDocument();
  expect(await payButton()).toHaveAccessibleName('Pay $99');
  const query = api.of('getProductInfo')[0]?.url.searchParams;
  expect(Object.fromEntries(query ?? [])).toEqual({ id: '0', category: 'hrt', type: 'product' });
  const summary = screen.getByRole('region', { name: 'Your order' });
  expect(within(summary).getByText('Hormone assessment and clinician consultation')).toBeInTheDocument();
  expect(within(summary).getByText('Treatment plan')).toBeInTheDocument();
  // The price and the total.
  expect(within(summary).getAllByText('$99', { selector: 'dd' })).toHaveLength(2);
  // No shipping charge reads as one, not as "$0.00" beside "$99".
  expect(within(summary).getByText('Free', { selector: 'dd' })).toBeInTheDocument();
  expect(within(summary).queryByText('$0.00')).not.toBeInTheDocument();
});

test('fmhrt fetches product 1664 of type mpid and shows the regular price struck through', async () => {
  const api = fakeApi();
  renderPayment({ path: '/f/payment/fmhrt', code: 'fmhrt', brand: 'female', journey: AFTER_ASSESSMENT });

  expect(await payButton()).toHaveAccessibleName('Pay $89');
  expect(Object.fromEntries(api.of('getProductInfo')[0]?.url.searchParams ?? [])).toEqual({
    id: '1664',
    category: 'fhrt',
    type: 'mpid',
  });
  const summary = screen.getByRole('region', { name: 'Your order' });
  expect(within(summary).getByText('$129').tagName).toBe('S');
  expect(within(summary).getByText('$89', { selector: 'span' })).toBeInTheDocument();
  expect(within(summary).getByText('Estradiol therapy prescribed and monitored by a clinician.')).toBeInTheDocument();
});

test('fmhrt with mpid=1684 in the link fetches product 1684', async () => {
  const api = fakeApi();
  renderPayment({ path: '/f/payment/fmhrt?mpid=1684', code: 'fmhrt', brand: 'female', journey: AFTER_ASSESSMENT });

  expect(await payButton()).toHaveAccessibleName('Pay $119');
  expect(Object.fromEntries(api.of('getProductInfo')[0]?.url.searchParams ?? [])).toEqual({
    id: '1684',
    category: 'fhrt',
    type: 'mpid',
  });
});

test('the product loading shows a loading state; a failed fetch shows the snackbar and a retry', async () => {
  setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: TEST_API_TOKEN, retryIntervalMs: 5 });
  fakeApi({ productStatus: 503 });
  renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(await screen.findByText('We could not load your order details')).toBeInTheDocument();
  expect(screen.getAllByText('/getProductInfo: 503: Service unavailable').length).toBeGreaterThanOrEqual(2);
  expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();

  server.resetHandlers();
  fakeApi();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
  expect(await payButton()).toHaveAccessibleName('Pay $99');
}, 15_000);

test('mhrt orders product 1682, then the complimentary follow-on 1673 in campaign 116 exactly once', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  const { calls, step } = renderPayment({ path: '/payment/mhrt', code: 'mhrt', journey: AFTER_ASSESSMENT });

  await payButton();
  expect(Object.fromEntries(api.of('getProductInfo')[0]?.url.searchParams ?? [])).toEqual({
    id: '1682',
    category: 'hrt',
    type: 'mpid',
  });
  await fillAddress(user);
  await fillCard(user);
  // A monthly plan: Pay asks the renewal to be agreed to first, with the box next to it.
  await user.click(await payButton());
  expect(await screen.findByText('Tick the box to agree to the renewal before you pay.')).toBeVisible();
  expect(api.of('createOrder')).toHaveLength(0);
  await agreeToRenewal(user);
  await user.click(await payButton());

  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  const orders = api.of('createOrder');
  expect(orders).toHaveLength(1);
  expect(JSON.parse(String(orders[0]?.body.order))).toMatchObject({
    agreement: {
      documents: [
        { document: 'terms', version: 'terms-2026-12' },
        { document: 'privacy', version: 'privacy-2026-12' },
        { document: 'telehealth-consent', version: 'telehealth-consent-2026-12' },
      ],
      renewalAccepted: true,
      step: '/payment/mhrt',
    },
    productId: '1682',
    campaignId: '116',
    quantity: 1,
    landingId: AFTER_ASSESSMENT.landingId,
    contact: { firstName: 'Avery', lastName: 'Quinn', email: 'avery.quinn@example.com', phone: '2125550123' },
  });
  const followOns = api.of('createFollowOnProductOrder');
  expect(followOns).toHaveLength(1);
  expect(followOns[0]?.body).toEqual({
    productId: '1673',
    campaignId: '116',
    compOrder: true,
    landingId: AFTER_ASSESSMENT.landingId,
  });
  // The follow-on has its own key, made from the order's, and recorded with the step Continue moves to.
  const records = journeyAfterMove(calls, 'mhrt', step).records;
  expect(followOns[0]?.key).toBe(`${String(orders[0]?.key)}_follow-on`);
  expect(followOns[0]?.key).toBe(records['payment.followOnKey']);
  expect(followOns[0]?.key).not.toBe(orders[0]?.key);
  expect(records['payment.followOnOrderId']).toBe('ord_kit');
  // The follow-on comes after the main order.
  expect(api.sent.findIndex((entry) => entry.operation === 'createFollowOnProductOrder')).toBeGreaterThan(
    api.sent.findIndex((entry) => entry.operation === 'createOrder'),
  );
}, 30_000);

test('a double click on Pay makes exactly one order, and the button says Processing… meanwhile', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi({ orderDelayMs: 150 });
  const { calls, step } = renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  await payButton();
  await fillAddress(user);
  await fillCard(user);
  await user.dblClick(await payButton());

  expect(await screen.findByRole('button', { name: 'Processing…' })).toBeDisabled();
  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(api.of('createOrder')).toHaveLength(1);
  expect(api.of('saveBillingInfo')).toHaveLength(1);
  expect(api.orderCount()).toBe(1);
  expect(api.of('verifyRecaptcha')).toHaveLength(1);
  expect(await tracked('payment_result')).toEqual(['approved']);
  const saved = journeyAfterMove(calls, 'shrt', step);
  expect(saved.completed).toContain('payment');
  expect(saved.records['payment.orderId']).toBe('ord_1');
  // The key was the one kept in the journey for the attempt.
  expect(api.of('createOrder')[0]?.key).toBe(saved.records['payment.key']);
}, 30_000);

test('a reload during payment sends the saved Idempotency-Key again and shows the order it finds', async () => {
  const api = fakeApi({ orderDelayMs: 100 });
  // The journey as a reload finds it: key and billing token saved, no order recorded yet.
  const paymentKey = '6f1c2f0e-9d8a-4b8e-8a51-3f0f5a4c2b11';
  const billingToken = 'bill_earlier0001';
  const { calls, step } = renderPayment({
    path: '/payment/shrt',
    code: 'shrt',
    journey: {
      ...AFTER_ASSESSMENT,
      records: {
        'payment.key': paymentKey,
        'payment.billingToken': billingToken,
        // The agreement the attempt was made with, kept so its resend is the same order, byte for byte.
        'payment.agreementDocuments': JSON.stringify(
          LEGAL_DOCUMENTS_IN_FORCE.map(({ document, version, sha256 }) => ({ document, version, sha256 })),
        ),
        'payment.agreement': JSON.stringify({
          statementSha256: 'd'.repeat(64),
          shownOn: '2026-12-03',
          renewalAccepted: false,
          step: '/payment/shrt',
        }),
      },
    },
  });

  expect(await screen.findByText('We are checking your payment…')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Your payment is complete' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  const orders = api.of('createOrder');
  expect(orders).toHaveLength(1);
  expect(orders[0]?.key).toBe(paymentKey);
  expect(JSON.parse(String(orders[0]?.body.order))).toMatchObject({
    billingToken,
    landingId: AFTER_ASSESSMENT.landingId,
  });
  expect(api.of('saveBillingInfo')).toHaveLength(0);
  expect(screen.getByText(/card ending in 4242/)).toBeInTheDocument();
  // The result is shown; the patient moves on, and the order is recorded with the step moved to.
  expect(step.advance).not.toHaveBeenCalled();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(journeyAfterMove(calls, 'shrt', step).records['payment.orderId']).toBe('ord_1');
});

test('Pay in a stale second window: the server refuses a second payment, and the page shows the first order, paid', async () => {
  const user = userEvent.setup({ delay: null });
  const first = { orderId: 'ord_7K2M9QXH4T0BW8RZ', total: '$99.00', last4: '1881' };
  const api = fakeApi({ paidElsewhere: first });
  const { calls, step } = renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  await payButton();
  await fillAddress(user);
  await fillCard(user);
  await user.click(await payButton());

  expect(await screen.findByRole('heading', { name: 'Your payment is complete' })).toBeInTheDocument();
  expect(
    screen.getByText('You have already paid for this order in another window, so nothing more was charged now.'),
  ).toBeInTheDocument();
  // The first order's receipt: its card, its total and its reference, not this window's card.
  expect(screen.getByText('We charged $99 to the card ending in 1881.')).toBeInTheDocument();
  expect(screen.getByTestId('order-reference')).toHaveTextContent('7K2M 9QXH 4T0B W8RZ');
  expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  // Not a new payment: no second "approved" for the tag manager.
  expect(await tracked('payment_result')).toEqual([]);
  // Continue records that order in the journey, and the funnel goes on as for a payment here.
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  const saved = journeyAfterMove(calls, 'shrt', step);
  expect(saved.completed).toContain('payment');
  expect(saved.records).toMatchObject({
    'payment.orderId': first.orderId,
    'payment.orderTotal': '$99.00',
    'payment.orderLast4': '1881',
  });
  expect(api.of('createOrder')).toHaveLength(1);
}, 30_000);

test('Pay with the details of a patient who paid in another browser: not charged, told to check their email, and can change the details', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi({ recognised: true });
  const { step } = renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  await payButton();
  await fillAddress(user);
  await fillCard(user);
  await user.click(await payButton());

  expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  expect(screen.getByText('You have not been charged.')).toBeInTheDocument();
  expect(screen.getByText(/If you already have a treatment plan with us, we have emailed a link/)).toBeInTheDocument();
  // No receipt, no move on, and nothing for the tag manager to count as a payment.
  expect(screen.queryByRole('heading', { name: 'Your payment is complete' })).not.toBeInTheDocument();
  expect(step.advance).not.toHaveBeenCalled();
  expect(await tracked('payment_result')).toEqual([]);
  // Not them, or a typo: back to the form, to pay with other details.
  await user.click(screen.getByRole('button', { name: 'Change my details' }));
  expect(await payButton()).toBeInTheDocument();
  expect(api.of('createOrder')).toHaveLength(1);
}, 30_000);

test('a journey whose order is placed shows the order instead of the form, and pays nothing again', async () => {
  const api = fakeApi();
  const { step } = renderPayment({
    path: '/payment/shrt',
    code: 'shrt',
    journey: {
      ...AFTER_ASSESSMENT,
      completed: ['MIP', 'payment'],
      records: {
        'payment.key': 'k1',
        'payment.billingToken': 'bill_done0001',
        'payment.orderId': 'ord_9',
        'payment.orderTotal': '$99.00',
        'payment.orderLast4': '4242',
      },
    },
  });

  expect(await screen.findByRole('heading', { name: 'Your payment is complete' })).toBeInTheDocument();
  expect(screen.getByText('We charged $99 to the card ending in 4242.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
  expect(step.advance).toHaveBeenCalledTimes(1);
  expect(api.of('createOrder')).toHaveLength(0);
});

/** Fills the billing address and a card the simulator declines, presses Pay, and returns the card fields with the reason shown. */
async function payDeclined(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await payButton();
  await fillAddress(user);
  await fillCard(user, DECLINED);
  await user.click(await payButton());
  const card = screen.getByRole('group', { name: 'Card details' });
  expect(await within(card).findByRole('alert')).toHaveTextContent('Your card was declined.');
  return card;
}

test('a declined card shows the reason with the card fields, keeps what was typed, and a new card pays', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  const { calls, step } = renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  const card = await payDeclined(user);
  expect(step.advance).not.toHaveBeenCalled();
  expect(within(card).getByRole('textbox', { name: 'Card number' })).toHaveValue(DECLINED);
  expect(within(card).getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toHaveValue('12/34');
  expect(screen.getByRole('textbox', { name: 'Street address' })).toHaveValue('1 Main St');
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Avery');
  expect(await payButton()).toBeEnabled();

  await fillCard(user, APPROVED);
  expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  await user.click(await payButton());
  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  const orders = api.of('createOrder');
  expect(orders).toHaveLength(2);
  // A changed card after a decline is a new attempt: a new key for a new body.
  expect(orders[1]?.key).not.toBe(orders[0]?.key);
  expect(calls.saved.get('shrt')?.records['payment.key']).toBe(orders[1]?.key);
  expect(api.orderCount()).toBe(1);
  // Each new card is checked for a bot again: a bot testing cards is what the check is for.
  expect(api.of('verifyRecaptcha')).toHaveLength(2);
  expect(await tracked('payment_result')).toEqual(['declined', 'approved']);
}, 30_000);

test('pressing Pay again after a decline without changing the card resends the same key and body', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  const card = await payDeclined(user);
  await user.click(await payButton());
  await waitFor(() => {
    expect(api.of('createOrder')).toHaveLength(2);
  });
  const [first, second] = api.of('createOrder');
  expect(second?.key).toBe(first?.key);
  expect(second?.body).toEqual(first?.body);
  expect(api.of('saveBillingInfo')).toHaveLength(1);
  expect(await within(card).findByRole('alert')).toHaveTextContent('Your card was declined.');
}, 30_000);

test('payment first (bhrt): the contact goes into the journey and the lead is saved before billing', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  const { calls, step } = renderPayment({
    path: '/payment/bhrt',
    code: 'bhrt',
    laterScreens: ['hormone-assessment', 'intake', 'scheduling', 'finish'],
  });

  await payButton();
  // The assessment after payment asks the marketing choice: the payment form leaves it to it.
  expect(screen.queryByRole('checkbox', { name: /offers/ })).not.toBeInTheDocument();
  await fillContact(user);
  await fillAddress(user);
  await fillCard(user);
  await user.click(await payButton());

  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  // The bot check comes before anything is saved, with what the patient typed in the form.
  expect(api.sent.map((entry) => entry.operation)).toEqual([
    'getProductInfo',
    'verifyRecaptcha',
    'saveLead',
    'saveBillingInfo',
    'createOrder',
  ]);
  expect(api.of('verifyRecaptcha')[0]?.body).toEqual({
    recaptchaToken: expect.stringMatching(/^local\.payment\./) as unknown,
    action: 'payment',
    email: 'avery.quinn@example.com',
    phone: '2125550123',
  });
  const lead = JSON.parse(String(api.of('saveLead')[0]?.body.lead)) as Record<string, unknown>;
  expect(lead).toMatchObject({
    firstName: 'Avery',
    lastName: 'Quinn',
    email: 'avery.quinn@example.com',
    formId: 'MIP',
  });
  const saved = journeyAfterMove(calls, 'bhrt', step);
  expect(saved.landingId).toBe(lead.landing_id);
  // The assessment is still to come: only the payment is finished.
  expect(saved.completed).toEqual(['payment']);
  expect(saved.answers).toMatchObject({ firstName: ['Avery'], lastName: ['Quinn'], phone: ['2125550123'] });
  expect(JSON.parse(String(api.of('saveBillingInfo')[0]?.body.customer))).toMatchObject({
    cardNumber: '4242424242424242',
  });
  expect(api.of('saveBillingInfo')[0]?.body.landingId).toBe(lead.landing_id);
  expect(marketingChoiceOf(api.of('saveLead')[0])).toBeUndefined();
}, 30_000);

/** The marketing choice a saveLead call recorded, or undefined when it has none. */
function marketingChoiceOf(call: Sent | undefined): readonly string[] | undefined {
  const lead = JSON.parse(String(call?.body.lead)) as { answers: { ref: string; value: string[] }[] };
  return lead.answers.find((answer) => answer.ref === 'marketing-consent')?.value;
}

/** shrt with ?callcenter=true: payment, then finish; no later form asks the marketing choice. */
const CALL_CENTRE = { path: '/payment/shrt?callcenter=true', code: 'shrt', laterScreens: ['finish'] } as const;

const marketingBox = () => screen.findByRole('checkbox', { name: /^Optional: send me offers and health news/ });

test('call centre: the payment form that makes the lead offers the marketing choice, unticked, optional, with the contact details', async () => {
  fakeApi();
  renderPayment(CALL_CENTRE);

  const box = await marketingBox();
  expect(box).not.toBeChecked();
  expect(box).not.toBeRequired();
  expect(box).not.toHaveAttribute('aria-required', 'true');
  expect(within(screen.getByRole('group', { name: 'Contact details' })).getByRole('checkbox')).toBe(box);
  // The patient's own words, as the assessment and the intake put them, saying it is no condition.
  expect(box).toHaveAccessibleName(
    'Optional: send me offers and health news by phone, text message and email. You do not need to agree to see your results or to buy, and you can stop them at any time.',
  );
});

test('call centre: paying with the box unticked works, and the lead records the choice as not given', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  const { calls, step } = renderPayment(CALL_CENTRE);

  await marketingBox();
  await fillContact(user);
  await fillAndPay(user);
  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(api.of('saveLead')).toHaveLength(1);
  expect(marketingChoiceOf(api.of('saveLead')[0])).toEqual(['false']);
  expect(api.orderCount()).toBe(1);
  expect(journeyAfterMove(calls, 'shrt', step).completed).toEqual(['payment']);
}, 30_000);

test('call centre: a ticked box is recorded as given', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  renderPayment(CALL_CENTRE);

  await user.click(await marketingBox());
  await fillContact(user);
  await fillAndPay(user);
  await screen.findByRole('heading', { level: 1, name: 'Your payment is complete' }, { timeout: 10_000 });
  expect(marketingChoiceOf(api.of('saveLead')[0])).toEqual(['true']);
}, 30_000);

test('call centre: after a declined card the box stays, and a changed choice replaces the one on the lead', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  renderPayment(CALL_CENTRE);

  await marketingBox();
  await fillContact(user);
  await payDeclined(user);
  expect(marketingChoiceOf(api.of('saveLead')[0])).toEqual(['false']);

  await user.click(await marketingBox());
  await fillCard(user, APPROVED);
  await user.click(await payButton());
  await screen.findByRole('heading', { level: 1, name: 'Your payment is complete' }, { timeout: 10_000 });
  const [first, second] = api
    .of('saveLead')
    .map((call) => JSON.parse(String(call.body.lead)) as { landing_id: string; answers: { ref: string }[] });
  expect(api.of('saveLead')).toHaveLength(2);
  expect(marketingChoiceOf(api.of('saveLead')[1])).toEqual(['true']);
  // The same lead, its contact answers kept.
  expect(second?.landing_id).toBe(first?.landing_id);
  expect(second?.answers.map((answer) => answer.ref)).toEqual(
    expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'marketing-consent']),
  );
  expect(api.orderCount()).toBe(1);
}, 30_000);

test('call centre: after a reload the box shows the choice already saved on the lead this form made', async () => {
  fakeApi();
  renderPayment({
    ...CALL_CENTRE,
    journey: journeyWith({
      landingId: 'UXVpbm4yMDI1LTAzLTAxTUlQ',
      answers: { ...CONTACT, 'marketing-consent': ['true'] },
      records: { 'payment.asksMarketing': 'yes' },
    }),
  });

  expect(await marketingBox()).toBeChecked();
});

test('a lead made before payment (the assessment asked) gets no marketing box at payment, even with no form after it', async () => {
  fakeApi();
  renderPayment({ ...CALL_CENTRE, journey: AFTER_ASSESSMENT });

  await payButton();
  expect(screen.queryByRole('checkbox', { name: /offers/ })).not.toBeInTheDocument();
});

test('the card number, expiry and security code are never saved in the journey nor logged', async () => {
  const user = userEvent.setup({ delay: null });
  const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log')];
  fakeApi();
  const { calls, step } = renderPayment({ path: '/payment/bhrt', code: 'bhrt' });

  await payButton();
  await fillContact(user);
  await fillAddress(user);
  await fillCard(user, DECLINED, '11/33', '987');
  await user.click(await payButton());
  await screen.findByText(/Your card was declined\./);
  await fillCard(user, APPROVED, '10/32', '654');
  await user.click(await payButton());
  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });

  const saved = savedText(calls);
  for (const secret of [
    '4242424242424242',
    '4242 4242 4242 4242',
    '4000000000000002',
    '10/32',
    '11/33',
    '"654"',
    '"987"',
  ]) {
    expect(saved).not.toContain(secret);
  }
  expect(saved).not.toMatch(/cardNumber|cvc|expMonth|expYear/);
  const output = JSON.stringify(logged.flatMap((spy) => spy.mock.calls));
  expect(output).not.toContain('4242');
  expect(output).not.toContain('4000000000000002');
}, 30_000);

test('the form checks the card and contact before anything is sent, with each message next to its field', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  renderPayment({ path: '/payment/bhrt', code: 'bhrt' });

  await payButton();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '123');
  await fillAddress(user);
  await fillCard(user, '4242 4242 4242 4241', '01/20', '12');
  await user.click(await payButton());

  const cardNumber = screen.getByRole('textbox', { name: 'Card number' });
  expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
  expect(cardNumber).toHaveAccessibleDescription('This card number is not valid. Check the digits on your card.');
  expect(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toHaveAccessibleDescription(
    /^This card has expired\. Check the date or use another card\./,
  );
  expect(screen.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveAccessibleDescription(
    /3-digit security code/,
  );
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/Enter your email address/);
  expect(screen.getByRole('textbox', { name: 'Mobile phone' })).toHaveAccessibleDescription(/10-digit US phone number/);
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
  expect(screen.getByText('7 fields need fixing before you pay. They are marked below.')).toBeInTheDocument();
  expect(api.sent.map((entry) => entry.operation)).toEqual(['getProductInfo']);
}, 30_000);

test('contact fields start from the link prefill when the journey has none', async () => {
  fakeApi();
  const prefill = btoa(
    JSON.stringify({ firstName: 'Robin', lastName: 'Lee', email: 'robin@example.com', phone: '2125550188' }),
  );
  renderPayment({ path: `/payment/bhrt?prefill=${encodeURIComponent(prefill)}`, code: 'bhrt' });

  await payButton();
  expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('robin@example.com');
  expect(screen.getByRole('textbox', { name: 'Mobile phone' })).toHaveValue('2125550188');
});

test('a field the server refuses is shown on the page and nothing typed is lost', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  server.use(
    http.post(`${TEST_API_BASE}/mipH2/billingInfo/save`, () =>
      HttpResponse.json(
        {
          status: 400,
          message: 'The request is not valid',
          details: [{ field: '/body/customer/cardNumber', message: 'is not a valid card number' }],
        },
        { status: 400 },
      ),
    ),
  );
  renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  await payButton();
  await fillAddress(user);
  await fillCard(user, '4111 1111 1111 1111');
  await user.click(await payButton());

  expect(await screen.findByText(/is not a valid card number/)).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4111 1111 1111 1111');
  expect(api.of('createOrder')).toHaveLength(0);
}, 30_000);

test('the ED checkout (/mip/checkout) is the same payment step, selling the code’s ED medicine', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi();
  const { step } = renderPayment({
    path: '/mip/checkout/dailytada',
    code: 'dailytada',
    checkout: true,
    journey: AFTER_ASSESSMENT,
  });

  expect(await payButton()).toHaveAccessibleName('Pay $99');
  expect(Object.fromEntries(api.of('getProductInfo')[0]?.url.searchParams ?? [])).toEqual({
    id: '1690',
    category: 'hrt',
    type: 'product',
  });
  expect(screen.getByRole('region', { name: 'Your order' })).toHaveTextContent(/tadalafil/);
  await fillAddress(user);
  await fillCard(user);
  await user.click(await payButton());
  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(api.of('createOrder')).toHaveLength(1);
  expect(api.of('saveLead')).toHaveLength(0);
}, 30_000);

/** The serious and critical axe violations of the page; colour contrast needs a real browser. */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

test('axe finds no serious problem on the payment form with its errors and a decline shown', async () => {
  const user = userEvent.setup({ delay: null });
  fakeApi();
  renderPayment({ path: '/f/payment/fmhrt', code: 'fmhrt', brand: 'female', journey: AFTER_ASSESSMENT });

  await user.click(await payButton());
  expect(await seriousViolations()).toEqual([]);
  await fillAddress(user);
  await fillCard(user, DECLINED);
  await agreeToRenewal(user);
  await user.click(await payButton());
  await screen.findByText(/Your card was declined\./);
  expect(await seriousViolations()).toEqual([]);
}, 30_000);

test('axe finds no serious problem on the completed payment', async () => {
  fakeApi();
  renderPayment({
    path: '/payment/shrt',
    code: 'shrt',
    journey: {
      ...AFTER_ASSESSMENT,
      completed: ['payment'],
      records: { 'payment.orderId': 'ord_9', 'payment.orderTotal': '$99.00' },
    },
  });
  await screen.findByRole('heading', { name: 'Your payment is complete' });
  expect(await seriousViolations()).toEqual([]);
});

test('a bot is stopped by the Pay button with the support phone; nothing is saved or charged', async () => {
  const user = userEvent.setup({ delay: null });
  const api = fakeApi({ botCheck: 'bot' });
  const { calls, step } = renderPayment({ path: '/payment/bhrt', code: 'bhrt' });

  await payButton();
  await fillContact(user);
  await fillAddress(user);
  await fillCard(user);
  await user.click(await payButton());

  const alert = await screen.findByRole('alert', { name: 'We could not take your payment online' });
  expect(alert).toHaveTextContent('Our security check could not confirm this payment, so nothing was charged.');
  expect(alert).toHaveTextContent('Please call us at (888) 555-0142');
  expect(step.advance).not.toHaveBeenCalled();
  expect(api.sent.map((entry) => entry.operation)).toEqual(['getProductInfo', 'verifyRecaptcha']);
  expect(calls.saved.get('bhrt')?.records['payment.key']).toBeUndefined();
  // What was typed stays, and Pay can be pressed again.
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('avery.quinn@example.com');
  expect(await payButton()).toBeEnabled();
  expect(await tracked('payment_result')).toEqual([]);
  expect(await tracked('service_fallback')).toEqual([]);
}, 30_000);

test('the women’s brand gives its own support phone to a patient the bot check stops', async () => {
  const user = userEvent.setup({ delay: null });
  fakeApi({ botCheck: 'bot' });
  renderPayment({ path: '/f/payment/fmhrt', code: 'fmhrt', brand: 'female', journey: AFTER_ASSESSMENT });

  await fillAndPay(user);

  expect(await screen.findByText(/Our security check could not confirm this payment/)).toHaveTextContent(
    'Please call us at (888) 555-0187',
  );
}, 30_000);

test('a bot check that is down does not stop the patient: the payment goes through and the fallback is counted', async () => {
  const user = userEvent.setup({ delay: null });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const api = fakeApi({ botCheck: 'down' });
  const { step } = renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  await fillAndPay(user);

  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(api.of('verifyRecaptcha')).toHaveLength(1);
  expect(api.orderCount()).toBe(1);
  expect(screen.queryByText(/Our security check/)).not.toBeInTheDocument();
  expect(await tracked('service_fallback')).toEqual(['bot_check']);
  expect(await tracked('payment_result')).toEqual(['approved']);
}, 30_000);

test('a deployment without a bot check pays without asking it, and counts no fallback', async () => {
  const user = userEvent.setup({ delay: null });
  deployWith({
    botCheck: { provider: 'off' },
    flags: { provider: 'local', overrides: { addressAutocomplete: false } },
  });
  const api = fakeApi();
  const { step } = renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  await fillAndPay(user);

  await continueOnceReceived();
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(api.of('verifyRecaptcha')).toHaveLength(0);
  expect(api.orderCount()).toBe(1);
  expect(await tracked('service_fallback')).toEqual([]);
  expect(await tracked('payment_result')).toEqual(['approved']);
}, 30_000);

test('a deployment checking with reCAPTCHA shows Google’s notice and policy links under Pay', async () => {
  deployWith({
    botCheck: {
      provider: 'recaptcha-enterprise',
      siteKey: 'site-key',
      scriptUrl: 'https://www.google.com/recaptcha/enterprise.js',
    },
    flags: { provider: 'local', overrides: { addressAutocomplete: false } },
  });
  fakeApi();
  renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  await payButton();
  expect(screen.getByText(/This site is protected by reCAPTCHA/)).toHaveTextContent(
    'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.',
  );
  // Google's own links in its notice, beside the clinic's next to Pay.
  const notice = within(screen.getByText(/This site is protected by reCAPTCHA/));
  expect(notice.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    'https://policies.google.com/privacy',
  );
  expect(notice.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    'https://policies.google.com/terms',
  );
});

test('the local bot check shows no reCAPTCHA notice', async () => {
  fakeApi();
  renderPayment({ path: '/payment/shrt', code: 'shrt', journey: AFTER_ASSESSMENT });

  await payButton();
  expect(screen.queryByText(/protected by reCAPTCHA/)).not.toBeInTheDocument();
});
