import type { JourneyState } from '../../contract/journey-state.ts';
import type { FollowOnProduct, LandingId, QuestionPage } from '../../contract/api-types.ts';
import { FORM_IDS } from '../../contract/form-ids.ts';
import {
  CONTACT_QUESTIONS,
  MARKETING_CONSENT_QUESTION,
  MARKETING_CONSENT_REF,
  SCREENS_ASKING_MARKETING,
} from '../../domain/contact-questions.ts';
import type { ScreenName } from '../../engine/config-types.ts';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import {
  paidSummaryOf,
  PAYMENT_COMPLETED,
  PAYMENT_RECORDS,
  type PaidSummary,
} from '../../shared/journey/paid-order.ts';
import type { PaymentAttempt, PaymentInput } from './payment-machine.ts';

// What the payment reads from the patient's journey and the changes it writes to it: pure
// functions of the journey, for the machine's actors (payment-actors.ts) and the screen.

/** The bot check's action name for a payment (SPEC §7: a token is made for a named action). */
export const PAYMENT_BOT_CHECK_ACTION = 'payment';

/** The form id of a lead saved by the payment page when payment comes first. */
export const PAYMENT_LEAD_FORM_ID = FORM_IDS.assessment;

/**
 * The contact questions a lead made on the payment page is saved with (answers by these refs):
 * the assessment's and the intake's own (CONTACT_QUESTIONS), so a lead records one question id
 * for one answer wherever the patient typed it.
 */
export const PAYMENT_CONTACT_PAGE: QuestionPage = {
  id: 'payment-contact',
  formId: PAYMENT_LEAD_FORM_ID,
  title: 'Contact details',
  questions: CONTACT_QUESTIONS,
};

/** The marketing choice a lead made on the payment page is saved with, when the form offers it. */
export const PAYMENT_MARKETING_PAGE: QuestionPage = {
  id: 'payment-marketing',
  formId: PAYMENT_LEAD_FORM_ID,
  title: 'Offers and news',
  questions: [MARKETING_CONSENT_QUESTION],
};

/**
 * Whether the payment form offers the optional marketing choice (TCPA, issue 12 point 7). Every
 * lead records that choice, given or not, and a patient is asked it once. The payment form asks
 * it only when both hold:
 * - this payment makes the patient's lead: neither the journey nor the link has one yet (an
 *   assessment or intake before it made the lead and asked), or this form made it already with
 *   the choice on it (a declined card or a reload: the box stays, and a changed choice is saved
 *   on the next attempt);
 * - no later step of the patient's funnel (`laterScreens`, from the funnel plan, the variant's or
 *   pathOverride's list included) is a form that asks it (SCREENS_ASKING_MARKETING): pay-first
 *   funnels (bhrt, fbhrt, microclinic, microbh) leave it to their assessment or intake.
 * So the call-centre variants (`?callcenter=true` on shrt and fha1: payment, then finish) ask it
 * here, with no variant named in code. `laterScreens` null (a page no funnel drives; payment
 * routes are all funnel pages, so only before the funnel has started) never offers it.
 */
export function paymentOffersMarketing(
  state: JourneyState,
  linkLandingId: LandingId,
  laterScreens: readonly ScreenName[] | null,
): boolean {
  if (laterScreens === null || laterScreens.some((screen) => SCREENS_ASKING_MARKETING.includes(screen))) return false;
  return landingIdOf(state, linkLandingId) === undefined || state.records[PAYMENT_RECORDS.marketingAsked] === 'yes';
}

/** The landing id the order goes under: the journey's lead, else the link's. */
export function landingIdOf(state: JourneyState, linkLandingId: LandingId): LandingId | undefined {
  return state.landingId ?? (linkLandingId === '' ? undefined : linkLandingId);
}

/** An attempt whose order call may have gone through (a key and a billing token, no order recorded). */
export function pendingAttemptOf(state: JourneyState): PaymentAttempt | null {
  const paymentKey = state.records[PAYMENT_RECORDS.paymentKey];
  const billingToken = state.records[PAYMENT_RECORDS.billingToken];
  if (paymentKey === undefined || billingToken === undefined || paidSummaryOf(state) !== null) return null;
  return { paymentKey, billingToken };
}

/** Whether a follow-on product still has to be ordered. */
export function followOnPending(followOn: FollowOnProduct | undefined, state: JourneyState): boolean {
  return followOn !== undefined && state.records[PAYMENT_RECORDS.followOnOrderId] === undefined;
}

/** Where the payment machine starts, from the journey as loaded. */
export function paymentInputOf(state: JourneyState, linkLandingId: LandingId): PaymentInput {
  return {
    paid: paidSummaryOf(state),
    pending: pendingAttemptOf(state),
    landingId: landingIdOf(state, linkLandingId),
    savedMarketing: state.answers[MARKETING_CONSENT_REF],
  };
}

/**
 * The follow-on order's Idempotency-Key: made from the payment's own, so a Continue pressed
 * again, after a reload or on another device, orders the kit under the same key without a
 * write before the call.
 */
export function followOnKeyOf(paymentKey: string): string {
  return `${paymentKey}_follow-on`;
}

/** The placed order recorded, and the payment marked finished (written with the step Continue moves to). */
export function paidRecord(summary: PaidSummary): JourneyChange {
  return (state) => ({
    ...state,
    records: {
      ...state.records,
      [PAYMENT_RECORDS.orderId]: summary.orderId,
      ...(summary.total === undefined ? {} : { [PAYMENT_RECORDS.orderTotal]: summary.total }),
      ...(summary.last4 === undefined ? {} : { [PAYMENT_RECORDS.orderLast4]: summary.last4 }),
    },
    completed: state.completed.includes(PAYMENT_COMPLETED) ? state.completed : [...state.completed, PAYMENT_COMPLETED],
  });
}

/** The follow-on order recorded. */
export function followOnRecord(key: string, orderId: string): JourneyChange {
  return (state) => ({
    ...state,
    records: { ...state.records, [PAYMENT_RECORDS.followOnKey]: key, [PAYMENT_RECORDS.followOnOrderId]: orderId },
  });
}
