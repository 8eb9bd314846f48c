import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LandingId } from '../../contract/api-types.ts';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import type { PaidSummary } from '../../shared/journey/paid-order.ts';
import type { BillingErrors, BillingValues } from '../../shared/billing/billing-values.ts';
import { CONSENT_GIVEN } from '../../shared/questions/question-helpers.ts';
import { track } from '../../shared/services/analytics.ts';
import type { LegalDocumentId } from '../../contract/api-types.ts';

/**
 * The payment of one funnel step as a state machine: the protocol, not its calls. Every effect
 * is a named actor the app provides (src/features/payment/payment-actors.ts), so a test can
 * drive the protocol with `machine.provide` and the app runs it against the real API.
 *
 *   start ──▶ receipt            the journey has its order (Back after Continue, a reload)
 *         ──▶ checking           the journey has an attempt whose outcome is not known
 *         ──▶ form
 *   form ──Pay before the terms are here──▶ awaitingTerms ──Pay (they came)──▶ paying
 *                                                      ──release (they failed, a box is unticked)──▶ form
 *   form ──Pay──▶ paying: botCheck ▶ lead? ▶ billing ▶ attempt (the press's one journey write)
 *                         ▶ order ──▶ receipt | form (declined, refused, invalid, failed)
 *   (any order sent) ──already paid in this journey (409)──▶ receipt of the first order
 *   (any order sent) ──paid for in another browser (409 paid-elsewhere)──▶ recognised ──back──▶ form
 *   (any order sent) ──terms changed since shown (409 terms-changed)──▶ form, a new attempt on Pay
 *   receipt ──Continue──▶ continuing: followOn? ▶ moveOn (the press's one journey write) ▶ done
 *
 * The order is placed once: the attempt's Idempotency-Key and billing token are in the journey
 * before the order is sent, so a reload, Back or a retry resends the same key with the same body
 * and the server answers with the first order (or the same decline). The receipt itself is
 * written with the step Continue moves to; until then a reload finds the order by checking.
 * An order the server refuses as a second payment of the journey (a stale second tab: the
 * first tab paid under its own key) is no failure: the server's answer carries the first order,
 * whose receipt this tab shows, said to be paid already, and Continue records it, as for its own.
 */

/** An order attempt: its Idempotency-Key and the billing token of the card it charges. */
export interface PaymentAttempt {
  paymentKey: string;
  billingToken: string;
}

/**
 * What the patient agreed to by pressing Pay (issue 38 point 3): the legal documents linked
 * next to the button, at the versions and hashes the server listed, and the statement of what
 * paying means exactly as it was shown. The attempt's write keeps it, so a resend of the order
 * carries the same agreement, byte for byte.
 */
export interface PressAgreement {
  documents: readonly { document: LegalDocumentId; version: string; sha256: string }[];
  /** The statement next to Pay as shown, one paragraph a line (src/domain/agreement.ts). */
  statement: string;
  /** The patient's calendar day the statement was made for (YYYY-MM-DD). */
  shownOn: string;
  /** The renewal box was ticked (a plan that renews); false where there is none. */
  renewalAccepted: boolean;
  /** The page's path, no query. */
  step: string;
  funnelVersion: string | undefined;
}

/** What the patient's Pay press hands the machine. The card fields never leave the form's values. */
export interface PayPress {
  values: BillingValues;
  agreement: PressAgreement;
  /** The marketing box as shown (['true'] ticked, [] unticked), or null when the form does not offer it. */
  marketing: readonly string[] | null;
  /**
   * How many times the card fields had been edited when Pay was pressed: the same number as at
   * an earlier attempt means the same card.
   */
  cardVersion: number;
}

/** What sending an order gave. */
export type OrderResult =
  | { kind: 'paid'; summary: PaidSummary }
  /** The journey's order was paid already, by another press (another tab): nothing was charged now. */
  | { kind: 'alreadyPaid'; summary: PaidSummary }
  /**
   * The patient was recognised as someone who paid for this product in another browser (409
   * `paid-elsewhere`): nothing was charged, and a link was emailed to the address on file.
   */
  | { kind: 'recognised' }
  /**
   * The terms, or what paying means, changed since the page was shown (409 `terms-changed`):
   * nothing was charged; the page shows today's and asks again, with a new attempt.
   */
  | { kind: 'termsChanged' }
  /** The card was declined (422): `reason` is the server's, for the card fields. */
  | { kind: 'declined'; reason: string }
  /** Anything else: nothing is known to have been charged; the attempt stays for a resend. */
  | { kind: 'failed'; message: string };

/** What the billing call refused (400): errors by form field, and a message when none could be placed. */
export class BillingRefused extends Error {
  override name = 'BillingRefused';
  constructor(
    message: string,
    readonly errors: BillingErrors,
  ) {
    super(message);
  }
}

/** A lead the payment made: its landing id, and the change that records it in the journey. */
export interface PaymentLead {
  landingId: LandingId;
  record: JourneyChange;
}

/** Where the payment starts, read from the journey once it has loaded. */
export interface PaymentInput {
  /** The order this journey already has, or null. */
  paid: PaidSummary | null;
  /** An attempt whose order may have gone through (a key and a token, no order recorded), or null. */
  pending: PaymentAttempt | null;
  /** The landing id the order goes under (the journey's lead, else the link's), undefined when none yet. */
  landingId: LandingId | undefined;
  /** The marketing choice the lead this form made was saved with, undefined when none. */
  savedMarketing: readonly string[] | undefined;
}

export interface PaymentContext {
  paid: PaidSummary | null;
  /** The order shown was paid by another window's press, not by one of this visit's: the receipt says so. */
  paidElsewhere: boolean;
  /** The journey's attempt: pending until an order answers it. */
  attempt: PaymentAttempt | null;
  landingId: LandingId | undefined;
  savedMarketing: readonly string[] | undefined;
  /** The press being paid, until it is answered (it holds the card: let go of as soon as it is). */
  press: PayPress | null;
  /** The lead this press made (or an earlier press of this visit that got no further), for the attempt's write. */
  lead: PaymentLead | null;
  /** The billing token this press's card was given. */
  billingToken: string | null;
  /** The card version the attempt's token was made for in this visit (null: made before, or none). */
  tokenCardVersion: number | null;
  /** The billing token the server declined in this visit. */
  declinedToken: string | null;
  /** What the patient is told at the form. */
  declineReason: string | null;
  fieldErrors: BillingErrors;
  formProblem: string | null;
  refused: boolean;
  /** A failure the patient is told of, numbered so the same message said twice is shown twice. */
  failure: { message: string; count: number } | null;
  /** Why the earlier payment could not be checked (the form is not offered until it is). */
  checkFailure: string | null;
  /** How many times the server said the terms changed in this visit: the page loads them again on each. */
  termsChanged: number;
  /** A press held for the terms found the renewal box unticked: the box asks for it. */
  heldUnticked: boolean;
}

export type PaymentEvent =
  | { type: 'pay'; press: PayPress }
  /** Pay was pressed before the terms the press agrees to were loaded: it waits for them. */
  | { type: 'pay.awaitTerms' }
  /** The held press cannot go: the terms failed to load, or the renewal box is unticked. */
  | { type: 'pay.release'; unticked: boolean }
  /** A field was changed: its message goes; a card field also clears the decline. */
  | { type: 'edit'; card: boolean }
  | { type: 'check.retry' }
  /** Back to the form from "check your email" (their details were mistyped, or it is not them). */
  | { type: 'recognised.back' }
  | { type: 'continue' };

/** Whether two marketing choices say the same (given, or not). */
function sameConsent(earlier: readonly string[] | undefined, now: readonly string[]): boolean {
  return (earlier?.includes(CONSENT_GIVEN) ?? false) === now.includes(CONSENT_GIVEN);
}

function notProvided(name: string): never {
  throw new Error(`The payment machine's ${name} actor was not provided`);
}

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

const TRY_AGAIN = 'Your payment could not be completed. Please try again.';

/** The order actors' input: the attempt to send (in the states that send one, there always is one). */
function attemptInput({ context }: { context: PaymentContext }) {
  return { attempt: context.attempt as PaymentAttempt, landingId: context.landingId };
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    /** Sends the journey's pending attempt again (same key, same body): the first order, or its decline. */
    checkEarlierPayment: fromPromise<OrderResult, { attempt: PaymentAttempt; landingId: LandingId | undefined }>(() =>
      notProvided('checkEarlierPayment'),
    ),
    /** Asks the bot check about the patient at the form; 'refused' stops the payment before anything is saved. */
    checkBot: fromPromise<'passed' | 'refused', PayPress>(() => notProvided('checkBot')),
    /** Saves the patient's lead (a payment before any form, or a changed marketing choice); writes no journey. */
    saveLead: fromPromise<
      PaymentLead,
      { press: PayPress; landingId: LandingId | undefined; unwritten: PaymentLead | null }
    >(() => notProvided('saveLead')),
    /** Saves the billing details and card; rejects with BillingRefused on a 400. */
    saveBilling: fromPromise<{ billingToken: string }, { press: PayPress; landingId: LandingId }>(() =>
      notProvided('saveBilling'),
    ),
    /**
     * The Pay press's one journey write: the contact and marketing answers, the lead's record,
     * the billing address (for the intake's "same as billing"), and a new attempt (a new key
     * with the billing token), all before the order can exist. Resolves with the attempt.
     */
    recordAttempt: fromPromise<
      PaymentAttempt,
      { press: PayPress; billingToken: string; lead: PaymentLead | null; landingId: LandingId }
    >(() => notProvided('recordAttempt')),
    /** Sends the attempt's order. */
    placeOrder: fromPromise<OrderResult, { attempt: PaymentAttempt; landingId: LandingId | undefined }>(() =>
      notProvided('placeOrder'),
    ),
    /** Orders the funnel's follow-on product, when it has one still to order; its record, or null. */
    orderFollowOn: fromPromise<
      JourneyChange | null,
      { attempt: PaymentAttempt | null; landingId: LandingId | undefined }
    >(() => notProvided('orderFollowOn')),
    /** Continue's one journey write: the order (and follow-on) recorded with the step moved to. */
    moveOn: fromPromise<undefined, { summary: PaidSummary; followOn: JourneyChange | null }>(() =>
      notProvided('moveOn'),
    ),
  },
  guards: {
    alreadyPaid: ({ context }) => context.paid !== null,
    hasPendingAttempt: ({ context }) => context.attempt !== null,
    /**
     * A Pay press with an attempt pending resends it first, as it may have been charged: unless
     * this visit saw it declined and the card has been changed since, which makes a new attempt.
     */
    resendsPending: ({ context, event }) => {
      if (event.type !== 'pay' || context.attempt === null) return false;
      const knownDeclined = context.declinedToken === context.attempt.billingToken;
      return !knownDeclined || context.tokenCardVersion === event.press.cardVersion;
    },
    /** The pending attempt was declined, and the patient has changed the card since: try the new one. */
    declinedWithNewCard: ({ context, event }) =>
      (event as { output?: OrderResult }).output?.kind === 'declined' &&
      context.press !== null &&
      context.tokenCardVersion !== context.press.cardVersion,
    /**
     * A lead is saved when the patient pays before any form made one, and again, with the
     * marketing page alone, when the offered marketing choice changed since the lead was saved
     * (after a declined card).
     */
    needsLead: ({ context }) => {
      const marketing = context.press?.marketing ?? null;
      return context.landingId === undefined || (marketing !== null && !sameConsent(context.savedMarketing, marketing));
    },
    orderPaid: ({ event }) => (event as { output?: OrderResult }).output?.kind === 'paid',
    orderPaidElsewhere: ({ event }) => (event as { output?: OrderResult }).output?.kind === 'alreadyPaid',
    orderDeclined: ({ event }) => (event as { output?: OrderResult }).output?.kind === 'declined',
    orderRecognised: ({ event }) => (event as { output?: OrderResult }).output?.kind === 'recognised',
    orderTermsChanged: ({ event }) => (event as { output?: OrderResult }).output?.kind === 'termsChanged',
    botRefused: ({ event }) => (event as { output?: string }).output === 'refused',
    billingRefused: ({ event }) => (event as { error?: unknown }).error instanceof BillingRefused,
  },
  actions: {
    keepPress: assign({
      press: ({ event }) => (event.type === 'pay' ? event.press : null),
      declineReason: null,
      fieldErrors: {},
      formProblem: null,
      refused: false,
      heldUnticked: false,
    }),
    clearMessages: assign(({ context, event }) => ({
      fieldErrors: {},
      formProblem: null,
      declineReason: event.type === 'edit' && event.card ? null : context.declineReason,
    })),
    keepPaid: assign({
      paid: ({ event }) => {
        const output = (event as { output?: OrderResult }).output;
        return output?.kind === 'paid' || output?.kind === 'alreadyPaid' ? output.summary : null;
      },
      paidElsewhere: ({ event }) => (event as { output?: OrderResult }).output?.kind === 'alreadyPaid',
      press: null,
    }),
    keepDeclined: assign(({ context, event }) => {
      const output = (event as { output?: OrderResult }).output;
      return {
        declineReason: output?.kind === 'declined' ? output.reason : null,
        declinedToken: context.attempt?.billingToken ?? null,
        press: null,
      };
    }),
    keepFailure: assign(({ context, event }) => {
      const output = (event as { output?: OrderResult }).output;
      const error = (event as { error?: unknown }).error;
      const message = output?.kind === 'failed' ? output.message : errorMessage(error, TRY_AGAIN);
      return { failure: { message, count: (context.failure?.count ?? 0) + 1 }, press: null };
    }),
    keepRefused: assign({ refused: true, press: null }),
    /** Nothing was charged, and nothing will be by this attempt: the next Pay is a new one. */
    keepRecognised: assign({ attempt: null, press: null }),
    /** Nothing was charged; the attempt carried the old terms, so the next Pay, on the new ones, is a new attempt. */
    keepTermsChanged: assign(({ context }) => ({
      attempt: null,
      press: null,
      termsChanged: context.termsChanged + 1,
    })),
    keepBillingRefused: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      if (!(error instanceof BillingRefused)) return { press: null };
      const placed = Object.keys(error.errors).length > 0;
      return { fieldErrors: placed ? error.errors : {}, formProblem: placed ? null : error.message, press: null };
    }),
    keepLead: assign(({ context, event }) => {
      const lead = (event as { output?: PaymentLead }).output ?? null;
      // A second save of this visit's unwritten lead (a changed choice) records both, the first's id kept.
      const earlier = context.lead;
      return {
        lead:
          lead !== null && earlier !== null
            ? { landingId: lead.landingId, record: (state) => lead.record(earlier.record(state)) }
            : lead,
        landingId: lead?.landingId ?? context.landingId,
        savedMarketing: context.press?.marketing ?? context.savedMarketing,
      };
    }),
    keepBillingToken: assign({
      billingToken: ({ event }) => (event as { output?: { billingToken: string } }).output?.billingToken ?? null,
    }),
    keepAttempt: assign(({ context, event }) => ({
      attempt: (event as { output?: PaymentAttempt }).output ?? null,
      tokenCardVersion: context.press?.cardVersion ?? null,
      // Written: the lead's record is in the journey now.
      lead: null,
      billingToken: null,
    })),
    keepCheckFailure: assign({
      checkFailure: ({ event }) => {
        const output = (event as { output?: OrderResult }).output;
        if (output?.kind === 'failed') return output.message;
        return errorMessage((event as { error?: unknown }).error, 'The payment could not be checked.');
      },
    }),
    /** Analytics: the outcome of an order whose result is known (never what was typed). */
    reportOrder: ({ event }) => {
      const output = (event as { output?: OrderResult }).output;
      if (output?.kind === 'paid') track('payment_result', { outcome: 'approved' });
      else if (output?.kind === 'declined') track('payment_result', { outcome: 'declined' });
      else track('payment_result', { outcome: 'error' });
    },
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    paid: input.paid,
    paidElsewhere: false,
    attempt: input.pending,
    landingId: input.landingId,
    savedMarketing: input.savedMarketing,
    press: null,
    lead: null,
    billingToken: null,
    tokenCardVersion: null,
    declinedToken: null,
    declineReason: null,
    fieldErrors: {},
    formProblem: null,
    refused: false,
    failure: null,
    checkFailure: null,
    termsChanged: 0,
    heldUnticked: false,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'alreadyPaid', target: 'receipt' },
        { guard: 'hasPendingAttempt', target: 'checking' },
        { target: 'form' },
      ],
    },
    // After a reload mid-payment: the same order once more before anything else is offered.
    checking: {
      invoke: {
        src: 'checkEarlierPayment',
        input: attemptInput,
        onDone: [
          { guard: 'orderPaid', target: 'receipt', actions: ['reportOrder', 'keepPaid'] },
          { guard: 'orderPaidElsewhere', target: 'receipt', actions: 'keepPaid' },
          { guard: 'orderRecognised', target: 'recognised', actions: 'keepRecognised' },
          { guard: 'orderTermsChanged', target: 'form', actions: 'keepTermsChanged' },
          { guard: 'orderDeclined', target: 'form', actions: ['reportOrder', 'keepDeclined'] },
          { target: 'checkFailed', actions: ['reportOrder', 'keepCheckFailure'] },
        ],
        onError: { target: 'checkFailed', actions: 'keepCheckFailure' },
      },
    },
    checkFailed: {
      on: { 'check.retry': 'checking' },
    },
    form: {
      on: {
        pay: [
          { guard: 'resendsPending', target: 'paying.resend', actions: 'keepPress' },
          { target: 'paying.botCheck', actions: 'keepPress' },
        ],
        'pay.awaitTerms': 'awaitingTerms',
        edit: { actions: 'clearMessages' },
      },
    },
    awaitingTerms: {
      // The patient pressed once (the page's own form before the app arrived, or a quick
      // hand): the press goes as soon as the terms it agrees to are drawn, never asked twice.
      on: {
        pay: [
          { guard: 'resendsPending', target: 'paying.resend', actions: 'keepPress' },
          { target: 'paying.botCheck', actions: 'keepPress' },
        ],
        'pay.release': {
          target: 'form',
          actions: assign({ heldUnticked: ({ event }) => event.unticked }),
        },
      },
    },
    paying: {
      // Pay pressed again while paying is not heard: it is the same payment, nothing new is
      // sent. The form enters by the press's first state (resend or botCheck).
      initial: 'botCheck',
      states: {
        resend: {
          invoke: {
            src: 'placeOrder',
            input: attemptInput,
            onDone: [
              { guard: 'orderPaid', target: '#payment.receipt', actions: ['reportOrder', 'keepPaid'] },
              { guard: 'orderPaidElsewhere', target: '#payment.receipt', actions: 'keepPaid' },
              { guard: 'orderRecognised', target: '#payment.recognised', actions: 'keepRecognised' },
              { guard: 'orderTermsChanged', target: '#payment.form', actions: 'keepTermsChanged' },
              { guard: 'declinedWithNewCard', target: 'botCheck' },
              { guard: 'orderDeclined', target: '#payment.form', actions: ['reportOrder', 'keepDeclined'] },
              { target: '#payment.form', actions: ['reportOrder', 'keepFailure'] },
            ],
            onError: { target: '#payment.form', actions: 'keepFailure' },
          },
        },
        botCheck: {
          invoke: {
            src: 'checkBot',
            input: ({ context }) => context.press as PayPress,
            onDone: [
              { guard: 'botRefused', target: '#payment.form', actions: 'keepRefused' },
              { guard: 'needsLead', target: 'lead' },
              { target: 'billing' },
            ],
            onError: { target: '#payment.form', actions: 'keepFailure' },
          },
        },
        lead: {
          invoke: {
            src: 'saveLead',
            input: ({ context }) => ({
              press: context.press as PayPress,
              landingId: context.landingId,
              unwritten: context.lead,
            }),
            onDone: { target: 'billing', actions: 'keepLead' },
            onError: { target: '#payment.form', actions: 'keepFailure' },
          },
        },
        billing: {
          invoke: {
            src: 'saveBilling',
            input: ({ context }) => ({ press: context.press as PayPress, landingId: context.landingId as LandingId }),
            onDone: { target: 'attempt', actions: 'keepBillingToken' },
            onError: [
              { guard: 'billingRefused', target: '#payment.form', actions: 'keepBillingRefused' },
              { target: '#payment.form', actions: 'keepFailure' },
            ],
          },
        },
        attempt: {
          invoke: {
            src: 'recordAttempt',
            input: ({ context }) => ({
              press: context.press as PayPress,
              billingToken: context.billingToken as string,
              lead: context.lead,
              landingId: context.landingId as LandingId,
            }),
            onDone: { target: 'order', actions: 'keepAttempt' },
            onError: { target: '#payment.form', actions: 'keepFailure' },
          },
        },
        order: {
          invoke: {
            src: 'placeOrder',
            input: attemptInput,
            onDone: [
              { guard: 'orderPaid', target: '#payment.receipt', actions: ['reportOrder', 'keepPaid'] },
              // Not reported: the payment it shows was reported by the press that made it.
              { guard: 'orderPaidElsewhere', target: '#payment.receipt', actions: 'keepPaid' },
              // Not reported as a payment: none was made.
              { guard: 'orderRecognised', target: '#payment.recognised', actions: 'keepRecognised' },
              // Not reported as a payment: none was made. The page asks again on today's terms.
              { guard: 'orderTermsChanged', target: '#payment.form', actions: 'keepTermsChanged' },
              { guard: 'orderDeclined', target: '#payment.form', actions: ['reportOrder', 'keepDeclined'] },
              { target: '#payment.form', actions: ['reportOrder', 'keepFailure'] },
            ],
            onError: { target: '#payment.form', actions: 'keepFailure' },
          },
        },
      },
    },
    // Recognised as having paid in another browser: "check your email", and a way back to the form.
    recognised: {
      on: { 'recognised.back': 'form' },
    },
    receipt: {
      on: { continue: 'continuing' },
    },
    continuing: {
      initial: 'followOn',
      states: {
        followOn: {
          invoke: {
            src: 'orderFollowOn',
            input: ({ context }) => ({ attempt: context.attempt, landingId: context.landingId }),
            onDone: { target: 'moveOn' },
            onError: { target: '#payment.receipt', actions: 'keepFailure' },
          },
        },
        moveOn: {
          invoke: {
            src: 'moveOn',
            input: ({ context, event }) => ({
              summary: context.paid as PaidSummary,
              followOn: (event as { output?: JourneyChange | null }).output ?? null,
            }),
            onDone: { target: '#payment.done' },
            onError: { target: '#payment.receipt', actions: 'keepFailure' },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type PaymentMachine = typeof paymentMachine;
export type PaymentActor = ActorRefFrom<PaymentMachine>;
export type PaymentSnapshot = SnapshotFrom<PaymentMachine>;

/** Where the payment screen is, as it draws it. */
export type PaymentView =
  'checking' | 'checkFailed' | 'form' | 'paying' | 'recognised' | 'receipt' | 'continuing' | 'done';

export function paymentViewOf(snapshot: PaymentSnapshot): PaymentView {
  if (snapshot.matches('paying') || snapshot.matches('awaitingTerms')) return 'paying';
  if (snapshot.matches('continuing')) return 'continuing';
  return (snapshot.value as PaymentView | 'start') === 'start' ? 'form' : (snapshot.value as PaymentView);
}
