import { saveBillingInfo } from '../../shared/api/billing.ts';
import { ApiError, newIdempotencyKey } from '../../shared/api/http.ts';
import type { JourneyState } from '../../contract/journey-state.ts';
import { createOrder } from '../../shared/api/orders.ts';
import { createFollowOnProductOrder } from './products-api.ts';
import type {
  BillingInfo,
  Contact,
  FieldError,
  FollowOnProduct,
  LandingId,
  Order,
  OrderPayload,
  PathCode,
  Product,
  QuestionPage,
} from '../../contract/api-types.ts';
import { normalizeUsPhone } from '../../domain/contact.ts';
import { CONTACT_QUESTIONS, MARKETING_CONSENT_QUESTION } from '../../domain/contact-questions.ts';
import type { ScreenName } from '../../engine/config-types.ts';
import { CONSENT_GIVEN } from '../../shared/questions/question-helpers.ts';
import { track } from '../../shared/services/analytics.ts';
import { verifyPatient } from './bot-check/verify-patient.ts';
import { MARKETING_CONSENT_REF, SCREENS_ASKING_MARKETING } from '../../domain/contact-questions.ts';
import type { JourneyHandle } from '../../shared/journey/journey-context.tsx';
import { contactOf, hasContact, saveJourneyLead } from '../../shared/journey/lead.ts';
import {
  paidSummaryOf,
  PAYMENT_COMPLETED,
  PAYMENT_RECORDS,
  type PaidSummary,
} from '../../shared/journey/paid-order.ts';
import {
  billingCustomerFrom,
  contactFromValues,
  errorsFromDetails,
  type BillingErrors,
  type BillingValues,
} from '../../shared/billing/billing-values.ts';
import { FORM_IDS } from '../../contract/form-ids.ts';

/**
 * The payment of one funnel, made once. An attempt is an Idempotency-Key and the billing
 * token of the card it charges, both kept in the journey's records before the order call, so
 * a double click, a retry or a reload sends the same key with the same order body and the
 * server answers it with the first order. The card itself never enters the journey.
 */

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

/**
 * The marketing box as the payment form holds it: ['true'] ticked, [] unticked (saved as
 * 'false'), or null when the form does not offer it.
 */
export type PaymentMarketing = readonly string[] | null;

function sameConsent(earlier: readonly string[] | undefined, now: readonly string[]): boolean {
  return (earlier?.includes(CONSENT_GIVEN) ?? false) === now.includes(CONSENT_GIVEN);
}

/** What is being bought, and for whom. */
export interface PaymentPlan {
  pathCode: PathCode;
  /** The landing id the link brought, '' when none. */
  linkLandingId: LandingId;
  product: Product;
}

/** The journey as it is now: saves change it between renders, so the flow never reads a stale copy. */
export type LatestJourney = () => JourneyHandle;

export type PaymentOutcome =
  | { kind: 'paid'; summary: PaidSummary }
  /** The card was declined (422); `billingToken` is the declined attempt's. */
  | { kind: 'declined'; reason: string; billingToken: string }
  /** Our server refused some fields (400); `errors` by form field, `message` when none could be placed. */
  | { kind: 'invalid'; errors: BillingErrors; message: string }
  /** The bot check says a bot is at the form: nothing was saved or sent, the patient is told to call. */
  | { kind: 'refused' }
  /** Anything else: nothing is known to have been charged, or the outcome is unknown and kept for a retry. */
  | { kind: 'failed'; message: string };

/** What sending an order can give: the bot check is not asked again for an attempt already made. */
export type OrderOutcome = Exclude<PaymentOutcome, { kind: 'refused' }>;

/** An attempt whose order call may have gone through (a key and a billing token, no order recorded). */
export function pendingAttemptOf(state: JourneyState): { paymentKey: string; billingToken: string } | null {
  const paymentKey = state.records[PAYMENT_RECORDS.paymentKey];
  const billingToken = state.records[PAYMENT_RECORDS.billingToken];
  if (paymentKey === undefined || billingToken === undefined || paidSummaryOf(state) !== null) return null;
  return { paymentKey, billingToken };
}

/** The landing id the order goes under: the journey's lead, else the link's. */
export function landingIdOf(state: JourneyState, linkLandingId: LandingId): LandingId | undefined {
  return state.landingId ?? (linkLandingId === '' ? undefined : linkLandingId);
}

/** Whether a follow-on product still has to be ordered. */
export function followOnPending(followOn: FollowOnProduct | undefined, state: JourneyState): boolean {
  return followOn !== undefined && state.records[PAYMENT_RECORDS.followOnOrderId] === undefined;
}

/** The text of a failure as the patient reads it next to a field: the server's reason without the call and status. */
export function reasonOf(error: ApiError): string {
  return error.message.replace(/^\/[^:]*: \d{3}: /, '');
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Your payment could not be completed. Please try again.';
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).field === 'string' &&
    typeof (value as Record<string, unknown>).message === 'string'
  );
}

/**
 * The field errors of a 400, when the client passes the error body's details on (an ApiError
 * with `details`); an empty list otherwise.
 */
function fieldDetailsOf(error: ApiError): FieldError[] {
  const details: unknown = (error as ApiError & { details?: unknown }).details;
  return Array.isArray(details) ? details.filter(isFieldError) : [];
}

/** The contact details of the order, from the journey's answers, so a repeat builds the same body. */
function orderContactOf(state: JourneyState): Contact | null {
  if (!hasContact(state.answers)) return null;
  const contact = contactOf(state.answers);
  const phone = normalizeUsPhone(contact.phone);
  return phone === null ? null : { ...contact, phone };
}

/** The order body; built by this one function, so its JSON is the same on every attempt. */
function orderBody(plan: PaymentPlan, landingId: LandingId, billingToken: string, contact: Contact): OrderPayload {
  const { product } = plan;
  return {
    productId: product.externalId,
    ...(product.externalCampaignId === undefined ? {} : { campaignId: product.externalCampaignId }),
    quantity: product.quantity,
    landingId,
    billingToken,
    contact,
  };
}

function withoutRecord(records: Readonly<Record<string, string>>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(records).filter(([key]) => key !== name));
}

/** Records the placed order and marks the payment finished; rejects when the journey cannot be saved. */
export async function recordPaid(latest: LatestJourney, summary: PaidSummary): Promise<void> {
  await latest().save((state) => ({
    ...state,
    records: {
      ...state.records,
      [PAYMENT_RECORDS.orderId]: summary.orderId,
      ...(summary.total === undefined ? {} : { [PAYMENT_RECORDS.orderTotal]: summary.total }),
      ...(summary.last4 === undefined ? {} : { [PAYMENT_RECORDS.orderLast4]: summary.last4 }),
    },
    completed: state.completed.includes(PAYMENT_COMPLETED) ? state.completed : [...state.completed, PAYMENT_COMPLETED],
  }));
}

/**
 * Sends the order of the journey's attempt (its key and billing token). The journey is saved
 * first, so the key and token are on the server before the order can exist.
 */
async function sendOrder(plan: PaymentPlan, latest: LatestJourney): Promise<OrderOutcome> {
  const pending = pendingAttemptOf(latest().state);
  if (pending === null) return { kind: 'failed', message: 'There is no payment to check.' };
  const state = latest().state;
  const landingId = landingIdOf(state, plan.linkLandingId);
  const contact = orderContactOf(state);
  if (landingId === undefined || contact === null) {
    return { kind: 'failed', message: 'Your contact details are missing. Please enter them again.' };
  }
  let order: Order;
  try {
    await latest().save();
    order = await createOrder(orderBody(plan, landingId, pending.billingToken, contact), {
      idempotencyKey: pending.paymentKey,
      maxRetries: 2,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      return { kind: 'declined', reason: reasonOf(error), billingToken: pending.billingToken };
    }
    return { kind: 'failed', message: messageOf(error) };
  }
  const summary: PaidSummary = { orderId: order.orderId, total: order.total, last4: order.last4 };
  try {
    await recordPaid(latest, summary);
  } catch {
    // The order exists; the screen shows it and saves the record again before moving on.
  }
  return { kind: 'paid', summary };
}

/**
 * Counts a payment whose outcome is known (approved, declined, or an error the patient saw)
 * in the analytics; a form the server or the bot check refused charged nothing and is no
 * payment result.
 */
function reportResult<Outcome extends PaymentOutcome>(outcome: Outcome): Outcome {
  if (outcome.kind === 'paid') track('payment_result', { outcome: 'approved' });
  else if (outcome.kind === 'declined') track('payment_result', { outcome: 'declined' });
  else if (outcome.kind === 'failed') track('payment_result', { outcome: 'error' });
  return outcome;
}

/** Checks the journey's attempt again (after a reload): the same key and body give the first order, or the decline. */
export async function checkPendingOrder(plan: PaymentPlan, latest: LatestJourney): Promise<OrderOutcome> {
  return reportResult(await sendOrder(plan, latest));
}

/** What the screen knows of the journey's attempt in this visit. */
export interface AttemptMemory {
  /** The billing token the server declined in this visit, if any. */
  declinedToken: string | null;
  /** Whether the card in the form is the one the journey's billing token stands for (not changed since). */
  tokenIsForTypedCard: boolean;
}

/**
 * Pays when the patient presses Pay. An attempt whose outcome is not known is sent again
 * first (same key, same body): it may already have been charged. A new attempt, with a new
 * key, is started only when there is none yet, or after a decline when the patient changed
 * the card; a key saved before its billing token (a reload mid-way) is reused.
 */
export async function pay(
  plan: PaymentPlan,
  latest: LatestJourney,
  values: BillingValues,
  memory: AttemptMemory,
  marketing: PaymentMarketing = null,
): Promise<PaymentOutcome> {
  const pending = pendingAttemptOf(latest().state);
  if (pending !== null) {
    const knownDeclined = memory.declinedToken === pending.billingToken;
    if (!knownDeclined || memory.tokenIsForTypedCard) {
      const outcome = await sendOrder(plan, latest);
      if (outcome.kind !== 'declined' || memory.tokenIsForTypedCard) return reportResult(outcome);
    }
  }
  return reportResult(await startAttempt(plan, latest, values, marketing));
}

/**
 * Saves the lead of a patient who pays before any form (bhrt, microclinic, microbh, fbhrt, the
 * call-centre variants): the contact answers, and the marketing choice when the form offers it,
 * under a new landing id of form MIP. Called again with the marketing page alone when the
 * choice changed after a declined card. saveJourneyLead also marks the form finished, but the
 * assessment is still to come (or never comes), so that mark is taken back: the assessment and
 * the journey summary must not think it done.
 */
async function savePaymentLead(
  plan: PaymentPlan,
  latest: LatestJourney,
  pages: readonly QuestionPage[],
): Promise<LandingId> {
  const wasDone = latest().state.completed.includes(PAYMENT_LEAD_FORM_ID);
  const landingId = await saveJourneyLead({
    journey: latest(),
    pages,
    pathCode: plan.pathCode,
    formId: PAYMENT_LEAD_FORM_ID,
    linkLandingId: plan.linkLandingId,
  });
  if (!wasDone) {
    await latest().save((state) => ({
      ...state,
      completed: state.completed.filter((part) => part !== PAYMENT_LEAD_FORM_ID),
    }));
  }
  return landingId;
}

async function startAttempt(
  plan: PaymentPlan,
  latest: LatestJourney,
  values: BillingValues,
  marketing: PaymentMarketing,
): Promise<PaymentOutcome> {
  // A new card is checked for a bot before anything is saved: a bot testing stolen cards gets
  // no lead and no billing token. A check that cannot answer lets the patient pay (see
  // verifyPatient). The clinic's customer record does not exist yet when the patient pays.
  const check = await verifyPatient({
    action: PAYMENT_BOT_CHECK_ACTION,
    email: values.email,
    phone: values.phone,
    customerId: '',
  });
  if (check === 'refused') return { kind: 'refused' };
  const records = latest().state.records;
  const reusable =
    records[PAYMENT_RECORDS.billingToken] === undefined ? records[PAYMENT_RECORDS.paymentKey] : undefined;
  const paymentKey = reusable ?? newIdempotencyKey();
  const contact = contactFromValues(values);
  const marketingBefore = latest().state.answers[MARKETING_CONSENT_REF];
  try {
    // The key is on the server before any call that could lead to an order.
    await latest().save((state) => ({
      ...state,
      answers: {
        ...state.answers,
        firstName: [contact.firstName],
        lastName: [contact.lastName],
        email: [contact.email],
        phone: [contact.phone],
        ...(marketing === null ? {} : { [MARKETING_CONSENT_REF]: [...marketing] }),
      },
      records: {
        ...withoutRecord(state.records, PAYMENT_RECORDS.billingToken),
        [PAYMENT_RECORDS.paymentKey]: paymentKey,
        ...(marketing === null ? {} : { [PAYMENT_RECORDS.marketingAsked]: 'yes' }),
      },
    }));
    let landingId = landingIdOf(latest().state, plan.linkLandingId);
    if (landingId === undefined) {
      landingId = await savePaymentLead(
        plan,
        latest,
        marketing === null ? [PAYMENT_CONTACT_PAGE] : [PAYMENT_CONTACT_PAGE, PAYMENT_MARKETING_PAGE],
      );
    } else if (marketing !== null && !sameConsent(marketingBefore, marketing)) {
      // The lead this form made before a declined card: the patient's new choice replaces the old.
      await savePaymentLead(plan, latest, [PAYMENT_MARKETING_PAGE]);
    }
    let billing: BillingInfo;
    try {
      billing = await saveBillingInfo({ customer: billingCustomerFrom(values), landingId });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        return { kind: 'invalid', errors: errorsFromDetails(fieldDetailsOf(error)), message: reasonOf(error) };
      }
      throw error;
    }
    await latest().save((state) => ({
      ...state,
      records: { ...state.records, [PAYMENT_RECORDS.billingToken]: billing.billingToken },
    }));
  } catch (error) {
    return { kind: 'failed', message: messageOf(error) };
  }
  return sendOrder(plan, latest);
}

/**
 * Orders the funnel's follow-on product (mhrt: 1673 in campaign 116, complimentary) after the
 * main order, under its own key kept in the journey; rejects when it could not be ordered.
 */
export async function orderFollowOn(
  followOn: FollowOnProduct | undefined,
  linkLandingId: LandingId,
  latest: LatestJourney,
): Promise<void> {
  if (followOn === undefined || !followOnPending(followOn, latest().state)) return;
  const landingId = landingIdOf(latest().state, linkLandingId);
  if (landingId === undefined) throw new Error('Your order could not be found. Please reload the page.');
  const key = latest().state.records[PAYMENT_RECORDS.followOnKey] ?? newIdempotencyKey();
  await latest().save((state) => ({ ...state, records: { ...state.records, [PAYMENT_RECORDS.followOnKey]: key } }));
  const order = await createFollowOnProductOrder(
    { productId: followOn.productId, campaignId: followOn.campaignId, compOrder: followOn.compOrder, landingId },
    { idempotencyKey: key, maxRetries: 2 },
  );
  await latest().save((state) => ({
    ...state,
    records: { ...state.records, [PAYMENT_RECORDS.followOnOrderId]: order.orderId },
  }));
}
