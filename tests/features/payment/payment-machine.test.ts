import { createActor, fromPromise, waitFor } from 'xstate';
import { expect, test } from 'vitest';
import {
  BillingRefused,
  paymentMachine,
  paymentViewOf,
  type OrderResult,
  type PaymentAttempt,
  type PaymentInput,
  type PayPress,
} from '../../../src/features/payment/payment-machine.ts';
import type { JourneyChange } from '../../../src/shared/journey/journey-store.ts';
import type { BillingValues } from '../../../src/shared/billing/billing-values.ts';

// The payment's protocol with every effect given by the test (machine.provide): which calls a
// press makes, in which order, and that the journey is written once per press and never
// charged twice. The real calls are tested in payment-server.test.tsx and e2e/one-write.spec.ts.

const VALUES: BillingValues = {
  firstName: 'Avery',
  lastName: 'Quinn',
  email: 'avery.quinn@example.com',
  phone: '(212) 555-0123',
  line1: '1 Main St',
  line2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
};

const press = (cardVersion = 0, marketing: readonly string[] | null = null): PayPress => ({
  values: VALUES,
  agreement: {
    documents: [{ document: 'terms', version: 'terms-2026-12', sha256: 'a'.repeat(64) }],
    statement: 'By paying you agree to the Terms, Privacy Policy and Telehealth consent.',
    shownOn: '2026-12-03',
    renewalAccepted: false,
    step: '/payment/shrt',
    funnelVersion: undefined,
  },
  marketing,
  cardVersion,
});

const NEW_JOURNEY: PaymentInput = { paid: null, pending: null, landingId: undefined, savedMarketing: undefined };
const AFTER_ASSESSMENT: PaymentInput = { ...NEW_JOURNEY, landingId: 'lid_assessment' };
/** The journey as a reload after Pay finds it: an attempt saved, its order's answer not known. */
const RELOADED_MID_PAYMENT: PaymentInput = {
  ...AFTER_ASSESSMENT,
  pending: { paymentKey: 'key_saved', billingToken: 'bill_saved' },
};

interface Effects {
  /** What the order calls answer, in turn (the last one repeats). */
  orders?: OrderResult[];
  bot?: 'passed' | 'refused';
  billing?: () => Promise<{ billingToken: string }>;
  recordAttempt?: () => Promise<void>;
  followOn?: JourneyChange | null;
  moveOn?: () => Promise<void>;
}

/** The machine with recording effects: `calls` lists every effect in the order it ran. */
function paymentWith(input: PaymentInput, effects: Effects = {}) {
  const calls: string[] = [];
  const orderKeys: string[] = [];
  const moves: { orderId: string; followOn: boolean }[] = [];
  let attempts = 0;
  let tokens = 0;
  let orderTurn = 0;
  const orderAnswer = (): OrderResult => {
    const answers = effects.orders ?? [{ kind: 'paid', summary: { orderId: 'ord_1', total: '$99.00', last4: '4242' } }];
    const answer = answers[Math.min(orderTurn, answers.length - 1)] as OrderResult;
    orderTurn += 1;
    return answer;
  };
  const order = (name: string) =>
    fromPromise<OrderResult, { attempt: PaymentAttempt; landingId: string | undefined }>(({ input: { attempt } }) => {
      calls.push(`${name} ${attempt.paymentKey}`);
      orderKeys.push(attempt.paymentKey);
      return Promise.resolve(orderAnswer());
    });
  const machine = paymentMachine.provide({
    actors: {
      checkEarlierPayment: order('check'),
      placeOrder: order('order'),
      checkBot: fromPromise(() => {
        calls.push('bot check');
        return Promise.resolve(effects.bot ?? 'passed');
      }),
      saveLead: fromPromise(({ input }) => {
        calls.push(input.landingId === undefined ? 'lead' : 'lead (marketing)');
        return Promise.resolve({ landingId: 'lid_paid', record: (state) => ({ ...state, landingId: 'lid_paid' }) });
      }),
      saveBilling: fromPromise(() => {
        calls.push('billing');
        tokens += 1;
        return effects.billing ? effects.billing() : Promise.resolve({ billingToken: `bill_${String(tokens)}` });
      }),
      recordAttempt: fromPromise(async ({ input }) => {
        calls.push('journey write (attempt)');
        await (effects.recordAttempt?.() ?? Promise.resolve());
        attempts += 1;
        return { paymentKey: `key_${String(attempts)}`, billingToken: input.billingToken };
      }),
      orderFollowOn: fromPromise(() => {
        calls.push('follow-on');
        return Promise.resolve(effects.followOn ?? null);
      }),
      moveOn: fromPromise(async ({ input }) => {
        calls.push('journey write (move on)');
        await (effects.moveOn?.() ?? Promise.resolve());
        moves.push({ orderId: input.summary.orderId, followOn: input.followOn !== null });
        return undefined;
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.matches('paying') && !snapshot.matches('checking'));
  return { actor, calls, orderKeys, moves, settled, view: () => paymentViewOf(actor.getSnapshot()) };
}

test('paying first: bot check, lead, billing, one journey write with the attempt, then the order, then the receipt', async () => {
  const payment = paymentWith(NEW_JOURNEY);
  expect(payment.view()).toBe('form');
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.calls).toEqual(['bot check', 'lead', 'billing', 'journey write (attempt)', 'order key_1']);
  expect(payment.view()).toBe('receipt');
  expect(payment.actor.getSnapshot().context.paid).toEqual({ orderId: 'ord_1', total: '$99.00', last4: '4242' });
  // The card is let go of once the press is answered.
  expect(payment.actor.getSnapshot().context.press).toBeNull();
});

test('a patient whose assessment made the lead is not given another', async () => {
  const payment = paymentWith(AFTER_ASSESSMENT);
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.calls).toEqual(['bot check', 'billing', 'journey write (attempt)', 'order key_1']);
});

test('a double press pays once', async () => {
  const payment = paymentWith(AFTER_ASSESSMENT);
  payment.actor.send({ type: 'pay', press: press() });
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  payment.actor.send({ type: 'pay', press: press() });
  expect(payment.calls.filter((call) => call.startsWith('order'))).toEqual(['order key_1']);
});

test('the bot check refusing stops everything before a lead, a card or the journey is saved', async () => {
  const payment = paymentWith(NEW_JOURNEY, { bot: 'refused' });
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.calls).toEqual(['bot check']);
  expect(payment.view()).toBe('form');
  expect(payment.actor.getSnapshot().context.refused).toBe(true);
});

test('billing details the server refuses come back to their fields, and nothing is written or ordered', async () => {
  const payment = paymentWith(AFTER_ASSESSMENT, {
    billing: () => Promise.reject(new BillingRefused('zip: not a ZIP code', { zip: 'Enter a 5-digit ZIP code' })),
  });
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.calls).toEqual(['bot check', 'billing']);
  expect(payment.actor.getSnapshot().context.fieldErrors).toEqual({ zip: 'Enter a 5-digit ZIP code' });
  // Changing a field takes the server's word away.
  payment.actor.send({ type: 'edit', card: false });
  expect(payment.actor.getSnapshot().context.fieldErrors).toEqual({});
});

test('a declined card: the same card resends the same attempt; a changed card makes a new one', async () => {
  const payment = paymentWith(AFTER_ASSESSMENT, {
    orders: [
      { kind: 'declined', reason: 'Your card was declined.' },
      { kind: 'declined', reason: 'Your card was declined.' },
      { kind: 'paid', summary: { orderId: 'ord_2' } },
    ],
  });
  payment.actor.send({ type: 'pay', press: press(0) });
  await payment.settled();
  expect(payment.actor.getSnapshot().context.declineReason).toBe('Your card was declined.');

  // Pay again, card untouched: the server is asked the same order (same key), nothing new saved.
  payment.actor.send({ type: 'pay', press: press(0) });
  await payment.settled();
  expect(payment.calls.slice(4)).toEqual(['order key_1']);

  // A card field changed clears the decline; the declined attempt is known, so Pay makes a new
  // attempt for the new card, with a new key.
  payment.actor.send({ type: 'edit', card: true });
  expect(payment.actor.getSnapshot().context.declineReason).toBeNull();
  payment.actor.send({ type: 'pay', press: press(3) });
  await payment.settled();
  expect(payment.calls.slice(5)).toEqual(['bot check', 'billing', 'journey write (attempt)', 'order key_2']);
  expect(payment.view()).toBe('receipt');
});

test('an order whose answer is lost is resent with the same key on the next press, never as a new charge', async () => {
  const payment = paymentWith(AFTER_ASSESSMENT, {
    orders: [
      { kind: 'failed', message: 'Request Timeout' },
      { kind: 'paid', summary: { orderId: 'ord_1' } },
    ],
  });
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.view()).toBe('form');
  expect(payment.actor.getSnapshot().context.failure).toEqual({ message: 'Request Timeout', count: 1 });
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.orderKeys).toEqual(['key_1', 'key_1']);
  expect(payment.calls.filter((call) => call === 'journey write (attempt)')).toHaveLength(1);
  expect(payment.view()).toBe('receipt');
});

test('a journey write that fails sends no order; the next press keeps the lead it made', async () => {
  let writes = 0;
  const payment = paymentWith(NEW_JOURNEY, {
    recordAttempt: () => {
      writes += 1;
      return writes === 1 ? Promise.reject(new Error('Failed to fetch')) : Promise.resolve();
    },
  });
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.calls).toEqual(['bot check', 'lead', 'billing', 'journey write (attempt)']);
  expect(payment.actor.getSnapshot().context.failure?.message).toBe('Failed to fetch');
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.calls.slice(4)).toEqual(['bot check', 'billing', 'journey write (attempt)', 'order key_1']);
});

test('a reload mid-payment checks the saved attempt with its own key before offering the form, and writes nothing', async () => {
  const payment = paymentWith(RELOADED_MID_PAYMENT);
  expect(payment.view()).toBe('checking');
  await payment.settled();
  expect(payment.calls).toEqual(['check key_saved']);
  expect(payment.view()).toBe('receipt');
});

test('a check that cannot answer offers Try again, not the form', async () => {
  const payment = paymentWith(RELOADED_MID_PAYMENT, {
    orders: [
      { kind: 'failed', message: 'Service Unavailable' },
      { kind: 'declined', reason: 'Your card was declined.' },
    ],
  });
  await payment.settled();
  expect(payment.view()).toBe('checkFailed');
  expect(payment.actor.getSnapshot().context.checkFailure).toBe('Service Unavailable');
  payment.actor.send({ type: 'pay', press: press() });
  expect(payment.view()).toBe('checkFailed');
  payment.actor.send({ type: 'check.retry' });
  await payment.settled();
  expect(payment.view()).toBe('form');
  expect(payment.actor.getSnapshot().context.declineReason).toBe('Your card was declined.');
  expect(payment.orderKeys).toEqual(['key_saved', 'key_saved']);
});

test('after a reload, an attempt declined meanwhile and a new card: the old order is asked first, then the new card pays', async () => {
  const payment = paymentWith(RELOADED_MID_PAYMENT, {
    orders: [
      { kind: 'failed', message: 'Service Unavailable' },
      { kind: 'declined', reason: 'Your card was declined.' },
      { kind: 'paid', summary: { orderId: 'ord_2' } },
    ],
  });
  await payment.settled();
  payment.actor.send({ type: 'check.retry' });
  await payment.settled();
  // The decline came from the check, so this visit knows it: a typed card is a new attempt.
  payment.actor.send({ type: 'pay', press: press(1) });
  await payment.settled();
  expect(payment.calls).toEqual([
    'check key_saved',
    'check key_saved',
    'bot check',
    'billing',
    'journey write (attempt)',
    'order key_1',
  ]);
});

test('Back after paying (the order in the journey) shows the receipt and sends nothing', () => {
  const payment = paymentWith({ ...AFTER_ASSESSMENT, paid: { orderId: 'ord_1' } });
  expect(payment.view()).toBe('receipt');
  payment.actor.send({ type: 'pay', press: press() });
  expect(payment.calls).toEqual([]);
});

test('Continue orders the follow-on, then moves on with the order recorded, in one journey write', async () => {
  const payment = paymentWith(AFTER_ASSESSMENT, { followOn: (state) => state });
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  payment.actor.send({ type: 'continue' });
  await waitFor(payment.actor, (snapshot) => snapshot.status === 'done');
  expect(payment.calls.slice(-2)).toEqual(['follow-on', 'journey write (move on)']);
  expect(payment.calls.filter((call) => call.startsWith('journey write'))).toHaveLength(2);
  expect(payment.moves).toEqual([{ orderId: 'ord_1', followOn: true }]);
});

test('a Continue that cannot be saved stays on the receipt, says so, and can be pressed again', async () => {
  let tries = 0;
  const payment = paymentWith(
    { ...AFTER_ASSESSMENT, paid: { orderId: 'ord_1' } },
    {
      moveOn: () => {
        tries += 1;
        return tries === 1 ? Promise.reject(new Error('Failed to fetch')) : Promise.resolve();
      },
    },
  );
  payment.actor.send({ type: 'continue' });
  await waitFor(payment.actor, (snapshot) => snapshot.matches('receipt') && snapshot.context.failure !== null);
  expect(payment.actor.getSnapshot().context.failure?.message).toBe('Failed to fetch');
  payment.actor.send({ type: 'continue' });
  await waitFor(payment.actor, (snapshot) => snapshot.status === 'done');
  expect(payment.moves).toHaveLength(1);
});

test('the payment form that made the lead saves a changed marketing choice after a decline', async () => {
  const payment = paymentWith(NEW_JOURNEY, {
    orders: [
      { kind: 'declined', reason: 'Your card was declined.' },
      { kind: 'paid', summary: { orderId: 'ord_2' } },
    ],
  });
  payment.actor.send({ type: 'pay', press: press(0, []) });
  await payment.settled();
  payment.actor.send({ type: 'pay', press: press(2, ['true']) });
  await payment.settled();
  expect(payment.calls.filter((call) => call.startsWith('lead'))).toEqual(['lead', 'lead (marketing)']);
  expect(payment.view()).toBe('receipt');
});

test('a press refused as the journey’s second payment (another window paid) shows the first order, and Continue records it', async () => {
  const first = { orderId: 'ord_first', total: '$99.00', last4: '1881' };
  const payment = paymentWith(AFTER_ASSESSMENT, { orders: [{ kind: 'alreadyPaid', summary: first }] });
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.calls).toEqual(['bot check', 'billing', 'journey write (attempt)', 'order key_1']);
  expect(payment.view()).toBe('receipt');
  expect(payment.actor.getSnapshot().context).toMatchObject({ paid: first, paidElsewhere: true, press: null });
  // Pay is not offered again: the receipt is where this window stays.
  expect(payment.actor.getSnapshot().can({ type: 'pay', press: press() })).toBe(false);
  payment.actor.send({ type: 'continue' });
  await waitFor(payment.actor, (snapshot) => snapshot.matches('done'));
  expect(payment.moves).toEqual([{ orderId: 'ord_first', followOn: false }]);
  expect(payment.calls.filter((call) => call.startsWith('order'))).toEqual(['order key_1']);
});

test('a reload of the refused window checks its attempt, is told the journey is paid, and shows the first order', async () => {
  const first = { orderId: 'ord_first', total: '$99.00', last4: '1881' };
  const payment = paymentWith(RELOADED_MID_PAYMENT, { orders: [{ kind: 'alreadyPaid', summary: first }] });
  await payment.settled();
  expect(payment.calls).toEqual(['check key_saved']);
  expect(payment.view()).toBe('receipt');
  expect(payment.actor.getSnapshot().context).toMatchObject({ paid: first, paidElsewhere: true });
});

test('a payment of this window is not said to be another window’s', async () => {
  const payment = paymentWith(AFTER_ASSESSMENT);
  payment.actor.send({ type: 'pay', press: press() });
  await payment.settled();
  expect(payment.actor.getSnapshot().context.paidElsewhere).toBe(false);
});
