import { PAID_PART } from '../../engine/funnel-resume.ts';
import type { JourneyState } from '../../contract/journey-state.ts';

// The journey's record of the patient's order: written by the payment (src/features/payment),
// read back by the payment on a reload and by the booking's summary of what is done.

/** Where the payment keeps its ids in `journey.records` (its part: `payment.`). */
export const PAYMENT_RECORDS = {
  paymentKey: 'payment.key',
  billingToken: 'payment.billingToken',
  orderId: 'payment.orderId',
  orderTotal: 'payment.orderTotal',
  orderLast4: 'payment.orderLast4',
  followOnKey: 'payment.followOnKey',
  followOnOrderId: 'payment.followOnOrderId',
  /** 'yes' once this payment form made the lead with the marketing choice on it. */
  marketingAsked: 'payment.asksMarketing',
  /** The attempt's agreement (issue 38): the documents' versions and hashes, as JSON. */
  agreementDocuments: 'payment.agreementDocuments',
  /** The attempt's agreement: the statement's hash, its day, the renewal box, the page, as JSON. */
  agreement: 'payment.agreement',
} as const;

/**
 * The part of the journey marked finished once the order is placed: named by the engine, which
 * reads it to tell a paid journey when a funnel changed (src/engine/funnel-resume.ts).
 */
export const PAYMENT_COMPLETED = PAID_PART;

/** What the patient is shown once the order is placed. */
export interface PaidSummary {
  orderId: string;
  total?: string | undefined;
  last4?: string | undefined;
}

/**
 * The order id as a patient reads it out on the phone: without the system's prefix, in groups
 * of four joined by no-break spaces, so a narrow screen never splits the reference across lines.
 */
export function orderReference(orderId: string): string {
  return (
    orderId
      .replace(/^ord_/, '')
      .match(/.{1,4}/g)
      ?.join('\u00a0') ?? orderId
  );
}

/** The order already placed in this journey, or null. */
export function paidSummaryOf(state: JourneyState): PaidSummary | null {
  const { records } = state;
  const orderId = records[PAYMENT_RECORDS.orderId];
  if (orderId === undefined) return state.completed.includes(PAYMENT_COMPLETED) ? { orderId: '' } : null;
  return { orderId, total: records[PAYMENT_RECORDS.orderTotal], last4: records[PAYMENT_RECORDS.orderLast4] };
}
