import { fromPromise } from 'xstate';
import { saveBillingInfo } from '../../shared/api/billing.ts';
import { ApiError, newIdempotencyKey } from '../../shared/api/http.ts';
import { createOrder } from '../../shared/api/orders.ts';
import { isStepNotAllowed, stepNotAllowedText } from '../../shared/api/step-not-allowed.ts';
import { createFollowOnProductOrder } from './products-api.ts';
import type {
  Contact,
  FieldError,
  FollowOnProduct,
  LandingId,
  OrderAgreement,
  OrderPayload,
  Product,
} from '../../contract/api-types.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import type { JourneyState } from '../../contract/journey-state.ts';
import { normalizeUsPhone } from '../../domain/contact.ts';
import { MARKETING_CONSENT_REF } from '../../domain/contact-questions.ts';
import type { JourneyStore, JourneyChange } from '../../shared/journey/journey-store.ts';
import { contactOf, hasContact, saveLeadOf } from '../../shared/journey/lead.ts';
import { PAYMENT_RECORDS, type PaidSummary } from '../../shared/journey/paid-order.ts';
import { isRecord } from '../../lib/is-record.ts';
import { BILLING_ADDRESS_REF } from '../../shared/questions/known-address.ts';
import {
  billingAddressAnswer,
  billingCustomerFrom,
  contactFromValues,
  errorsFromDetails,
} from '../../shared/billing/billing-values.ts';
import type { FunnelStep } from '../../shared/funnel-step.ts';
import { verifyPatient } from './bot-check/verify-patient.ts';
import {
  BillingRefused,
  type OrderResult,
  type PaymentAttempt,
  type PayPress,
  type paymentMachine,
} from './payment-machine.ts';
import {
  followOnKeyOf,
  followOnPending,
  followOnRecord,
  paidRecord,
  PAYMENT_BOT_CHECK_ACTION,
  PAYMENT_CONTACT_PAGE,
  PAYMENT_LEAD_FORM_ID,
  PAYMENT_MARKETING_PAGE,
} from './payment-journey.ts';

/** What the payment's actors work with: the journey of the step's code, what is bought, and the step. */
export interface PaymentDeps {
  journeys: JourneyStore;
  /** The journey's key in the store (the campaign code). */
  journeyKey: string;
  pathCode: string;
  /** The landing id the link brought, '' when none. */
  linkLandingId: LandingId;
  /** What is bought; null only for a journey whose order was placed before (its receipt needs none). */
  product: Product | null;
  followOn: FollowOnProduct | undefined;
  /** The funnel step as the page shows it now (read when Continue is pressed), or null off the funnel. */
  step: () => FunnelStep | null;
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

/** The field errors of a 400, when the client passes the error body's details on; an empty list otherwise. */
function fieldDetailsOf(error: ApiError): FieldError[] {
  const details: unknown = (error as ApiError & { details?: unknown }).details;
  return Array.isArray(details) ? details.filter(isFieldError) : [];
}

/**
 * The order the server names when it refuses a payment as the journey's second (409, reason
 * `already-paid`, schemas/api.openapi.json): the first one, for its receipt; null for any other
 * failure, an Idempotency-Key conflict included.
 */
export function alreadyPaidOrderOf(error: unknown): PaidSummary | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body?.reason !== 'already-paid') return null;
  const order: unknown = error.body.existingOrder;
  if (!isRecord(order) || typeof order.orderId !== 'string' || order.orderId === '') return null;
  const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { orderId: order.orderId, total: textOf(order.total), last4: textOf(order.last4) };
}

/**
 * Whether the server refused the payment because the patient paid for the product from another
 * browser (409, reason `paid-elsewhere`, schemas/api.openapi.json): nothing was charged.
 */
export function isPaidElsewhere(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.body?.reason === 'paid-elsewhere';
}

/** The contact details of the order, from the journey's answers, so a repeat builds the same body. */
function orderContactOf(state: JourneyState): Contact | null {
  if (!hasContact(state.answers)) return null;
  const contact = contactOf(state.answers);
  const phone = normalizeUsPhone(contact.phone);
  return phone === null ? null : { ...contact, phone };
}

/**
 * Whether the server refused the order because the terms, or what paying means, changed since
 * the page showed them (409, reason `terms-changed`, schemas/api.openapi.json): nothing was charged.
 */
export function isTermsChanged(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.body?.reason === 'terms-changed';
}

/** The agreement of a press as the order sends it: the statement's text goes as its hash. */
async function orderAgreementOf(press: PayPress): Promise<OrderAgreement> {
  const { agreement } = press;
  return {
    documents: agreement.documents.map(({ document, version, sha256 }) => ({ document, version, sha256 })),
    statementSha256: await sha256Hex(agreement.statement),
    shownOn: agreement.shownOn,
    renewalAccepted: agreement.renewalAccepted,
    ...(agreement.funnelVersion === undefined ? {} : { funnelVersion: agreement.funnelVersion }),
    step: agreement.step,
  };
}

/** The attempt's agreement as its write kept it (two records: one alone could outgrow a record's 512 characters). */
function recordedAgreement(state: JourneyState): OrderAgreement | null {
  const documents = state.records[PAYMENT_RECORDS.agreementDocuments];
  const rest = state.records[PAYMENT_RECORDS.agreement];
  if (documents === undefined || rest === undefined) return null;
  try {
    return {
      ...(JSON.parse(rest) as Omit<OrderAgreement, 'documents'>),
      documents: JSON.parse(documents) as OrderAgreement['documents'],
    };
  } catch {
    return null;
  }
}

/** The order body; built by this one function, so its JSON is the same on every attempt. */
function orderBody(
  product: Product,
  landingId: LandingId,
  billingToken: string,
  contact: Contact,
  agreement: OrderAgreement,
): OrderPayload {
  return {
    productId: product.externalId,
    ...(product.externalCampaignId === undefined ? {} : { campaignId: product.externalCampaignId }),
    quantity: product.quantity,
    landingId,
    billingToken,
    contact,
    agreement,
  };
}

/** The contact (and marketing) answers of a Pay press, as the journey keeps them. */
function pressAnswers(press: PayPress): Record<string, string[]> {
  const contact = contactFromValues(press.values);
  return {
    firstName: [contact.firstName],
    lastName: [contact.lastName],
    email: [contact.email],
    phone: [contact.phone],
    ...(press.marketing === null ? {} : { [MARKETING_CONSENT_REF]: [...press.marketing] }),
  };
}

/**
 * The payment machine's effects against the real API and the patient's journey. Only two of
 * them write the journey, once each: `recordAttempt` (Pay) and `moveOn` (Continue).
 */
export function paymentActors(deps: PaymentDeps) {
  const { journeys, journeyKey, product } = deps;
  const state = () => journeys.snapshot(journeyKey).state;
  // A follow-on key made in this visit when the journey has no payment key to make it from.
  let followOnKey: string | null = null;

  const sendOrder = async ({
    attempt,
    landingId,
  }: {
    attempt: PaymentAttempt;
    landingId: LandingId | undefined;
  }): Promise<OrderResult> => {
    const contact = orderContactOf(state());
    if (product === null)
      return { kind: 'failed', message: 'Your order details could not be loaded. Please reload the page.' };
    if (landingId === undefined || contact === null) {
      return { kind: 'failed', message: 'Your contact details are missing. Please enter them again.' };
    }
    // An attempt made before the agreement was part of the order has none: the patient agrees, then pays anew.
    const agreement = recordedAgreement(state());
    if (agreement === null) return { kind: 'termsChanged' };
    try {
      const order = await createOrder(orderBody(product, landingId, attempt.billingToken, contact, agreement), {
        idempotencyKey: attempt.paymentKey,
        maxRetries: 2,
      });
      return { kind: 'paid', summary: { orderId: order.orderId, total: order.total, last4: order.last4 } };
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) return { kind: 'declined', reason: reasonOf(error) };
      // Another window of this journey paid for it first: nothing was charged now; its order is this one's.
      const first = alreadyPaidOrderOf(error);
      if (first !== null) return { kind: 'alreadyPaid', summary: first };
      // The same patient paid in another browser: nothing was charged; their link is in the mail.
      if (isPaidElsewhere(error)) return { kind: 'recognised' };
      // The terms changed while the page was open: nothing was charged; the page asks again.
      if (isTermsChanged(error)) return { kind: 'termsChanged' };
      // A stale tab's Pay on a step its funnel has not opened: nothing was charged.
      if (isStepNotAllowed(error)) return { kind: 'failed', message: stepNotAllowedText(error, 'payment') };
      return { kind: 'failed', message: messageOf(error) };
    }
  };

  return {
    checkEarlierPayment: fromPromise(({ input }) => sendOrder(input)),
    placeOrder: fromPromise(({ input }) => sendOrder(input)),
    // A new card is checked for a bot before anything is saved: a bot testing stolen cards gets
    // no lead and no billing token. A check that cannot answer lets the patient pay (verifyPatient).
    // The clinic's customer record does not exist yet when the patient pays.
    checkBot: fromPromise(async ({ input }) => {
      const check = await verifyPatient({
        action: PAYMENT_BOT_CHECK_ACTION,
        email: input.values.email,
        phone: input.values.phone,
        customerId: '',
      });
      return check === 'refused' ? ('refused' as const) : ('passed' as const);
    }),
    // The lead of a patient who pays before any form (bhrt, microclinic, microbh, fbhrt, the
    // call-centre variants), under the assessment's form id without finishing it: the assessment
    // is still to come, or never comes. With a lead already, the marketing page alone (a choice
    // changed after a declined card).
    saveLead: fromPromise(async ({ input }) => {
      const now = state();
      const answers = { ...now.answers, ...pressAnswers(input.press) };
      const withLead = input.unwritten === null ? now : { ...now, landingId: input.unwritten.landingId };
      const pages =
        input.landingId === undefined
          ? input.press.marketing === null
            ? [PAYMENT_CONTACT_PAGE]
            : [PAYMENT_CONTACT_PAGE, PAYMENT_MARKETING_PAGE]
          : [PAYMENT_MARKETING_PAGE];
      const saved = await saveLeadOf({
        journey: { state: { ...withLead, answers } },
        pages,
        pathCode: deps.pathCode,
        formId: PAYMENT_LEAD_FORM_ID,
        linkLandingId: deps.linkLandingId,
        finishes: false,
      });
      return { landingId: saved.landingId, record: saved.record };
    }),
    saveBilling: fromPromise(async ({ input }) => {
      try {
        const billing = await saveBillingInfo({
          customer: billingCustomerFrom(input.press.values),
          landingId: input.landingId,
        });
        return { billingToken: billing.billingToken };
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          throw new BillingRefused(reasonOf(error), errorsFromDetails(fieldDetailsOf(error)));
        }
        throw error;
      }
    }),
    recordAttempt: fromPromise(async ({ input }) => {
      const attempt: PaymentAttempt = { paymentKey: newIdempotencyKey(), billingToken: input.billingToken };
      const { press, lead } = input;
      const { documents, ...agreement } = await orderAgreementOf(press);
      const change: JourneyChange = (before) => {
        const current = lead === null ? before : lead.record(before);
        return {
          ...current,
          answers: {
            ...current.answers,
            ...pressAnswers(press),
            // Kept for the intake's "Same as my billing address" (the card never is).
            [BILLING_ADDRESS_REF]: billingAddressAnswer(press.values),
          },
          records: {
            ...current.records,
            [PAYMENT_RECORDS.paymentKey]: attempt.paymentKey,
            [PAYMENT_RECORDS.billingToken]: attempt.billingToken,
            ...(press.marketing === null ? {} : { [PAYMENT_RECORDS.marketingAsked]: 'yes' }),
            [PAYMENT_RECORDS.agreementDocuments]: JSON.stringify(documents),
            [PAYMENT_RECORDS.agreement]: JSON.stringify(agreement),
          },
        };
      };
      // The machine tells the patient of a failure, where they pressed: not the store as well.
      await journeys.save(journeyKey, change, { report: false });
      return attempt;
    }),
    orderFollowOn: fromPromise(async ({ input }) => {
      const { followOn } = deps;
      const now = state();
      if (followOn === undefined || !followOnPending(followOn, now)) return null;
      if (input.landingId === undefined) throw new Error('Your order could not be found. Please reload the page.');
      const paymentKey = input.attempt?.paymentKey ?? now.records[PAYMENT_RECORDS.paymentKey];
      const key =
        now.records[PAYMENT_RECORDS.followOnKey] ??
        (paymentKey === undefined ? (followOnKey ??= newIdempotencyKey()) : followOnKeyOf(paymentKey));
      const order = await createFollowOnProductOrder(
        {
          productId: followOn.productId,
          campaignId: followOn.campaignId,
          compOrder: followOn.compOrder,
          landingId: input.landingId,
        },
        { idempotencyKey: key, maxRetries: 2 },
      );
      return followOnRecord(key, order.orderId);
    }),
    moveOn: fromPromise(async ({ input }) => {
      const paid = paidRecord(input.summary);
      const followOn = input.followOn;
      const record: JourneyChange = followOn === null ? paid : (before) => followOn(paid(before));
      const step = deps.step();
      // The funnel machine moves on and writes the record with the step; a page no funnel
      // drives (or its last step) writes the record alone.
      if (step?.canNext === true) await step.advance({ record });
      else await journeys.save(journeyKey, record, { report: false });
      return undefined;
    }),
  } satisfies Partial<Parameters<(typeof paymentMachine)['provide']>[0]['actors']>;
}
