import type { JourneyState } from './generated/app-schemas.ts';

/**
 * The patient's place and answers in one funnel, and the journey as the server returns it:
 * declared once, as `JourneyState` and `Journey` in schemas/app.openapi.json, and generated
 * from there (npm run types). Kept on the server under an opaque id that travels only in an
 * HttpOnly cookie: never in a URL or browser storage. Answers, page numbers, the step and the
 * finished parts belong to the whole journey (a patient types a thing once, whichever part
 * asks it); each record belongs to one part, named first: `payment.`, `intake.`, `booking.`,
 * `cont.` (the continuing-care form), `restart.`.
 */
export type { Journey, JourneyState, JourneyStateV1 } from './generated/app-schemas.ts';

/**
 * The journey's version: 2 since each record carries its part's name (issue 15). A journey
 * saved before has no version; `migrateJourneyState` reads it as the current one.
 */
export const JOURNEY_VERSION: JourneyState['version'] = 2;

/**
 * Version 1's records that named no part, and their names in version 2. Spelled here, not read
 * from the features' constants (PAYMENT_RECORDS...): a migration is history, and must keep
 * meaning what version 2 meant when a feature later renames a record (that is version 3).
 */
const V1_RECORD_NAMES: Readonly<Record<string, string>> = {
  paymentKey: 'payment.key',
  billingToken: 'payment.billingToken',
  orderId: 'payment.orderId',
  orderTotal: 'payment.orderTotal',
  orderLast4: 'payment.orderLast4',
  followOnKey: 'payment.followOnKey',
  followOnOrderId: 'payment.followOnOrderId',
  microclinicId: 'booking.microclinicId',
};
/** Version 1's booking records, per step (`appointmentId.4`) or outside the steps (`appointmentId`). */
const V1_BOOKING_RECORD = /^appointment(?:Id|Start|End|Pending|-skipped)(?:\.\d{1,3})?$/;

/** A version 1 record's name in version 2. */
function recordName(name: string): string {
  if (Object.hasOwn(V1_RECORD_NAMES, name)) return V1_RECORD_NAMES[name] ?? name;
  return V1_BOOKING_RECORD.test(name) ? `booking.${name}` : name;
}

/**
 * A saved journey as this version reads it. Version 1 (no version field) gets each record
 * renamed to its part's name; the rest of its shape is the same. A journey of this version
 * is returned as it is. The server runs it on every journey it reads or is sent (a tab opened
 * before a release still saves version 1), and the browser on every journey it loads.
 */
export function migrateJourneyState<State extends { version?: number; records: Readonly<Record<string, string>> }>(
  state: State,
): Omit<State, 'version'> & { version: typeof JOURNEY_VERSION } {
  if (state.version === JOURNEY_VERSION) return state as Omit<State, 'version'> & { version: typeof JOURNEY_VERSION };
  const records = Object.fromEntries(Object.entries(state.records).map(([name, value]) => [recordName(name), value]));
  return { ...state, version: JOURNEY_VERSION, records };
}
