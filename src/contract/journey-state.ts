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
export type { Journey, JourneyFunnel, JourneyState, JourneyStateV1, JourneyStateV2 } from './generated/app-schemas.ts';

/**
 * The journey's version: 3 since it records the funnel steps its place belongs to (issue 26),
 * 2 since each record carries its part's name (issue 15). A journey saved before (version 2, or
 * none for version 1) is read as the current one by `migrateJourneyState`.
 */
export const JOURNEY_VERSION: JourneyState['version'] = 3;

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

/**
 * A record name of version 2 (JourneyState's `records` in schemas/app.openapi.json): a part's
 * name, a dot and up to 50 more of `[A-Za-z0-9_.-]`. Spelled here for the same reason as the names above.
 */
const V2_RECORD_NAME = /^(payment|intake|booking|cont|restart)\.[\w.-]{1,50}$/;

/** A version 1 record's name in version 2, or undefined when version 2 has no place for it. */
function recordName(name: string): string | undefined {
  if (Object.hasOwn(V1_RECORD_NAMES, name)) return V1_RECORD_NAMES[name];
  if (V1_BOOKING_RECORD.test(name)) return `booking.${name}`;
  return V2_RECORD_NAME.test(name) ? name : undefined;
}

/**
 * A saved journey as this version reads it. Version 2 is version 3 without its funnel's steps.
 * Version 1 (no version field) gets its records by
 * one rule: a name version 1's features wrote (`orderId`, `appointmentId.4`) is renamed to its
 * part's name; a name that is already one of version 2 (`intake.identity`) is kept; any other
 * name is dropped, since no feature of either version reads it, and keeping it would make
 * every later save of the journey a 400. When two records end with the same name, the renamed
 * one wins: it is the one a feature wrote. The rest of the journey's shape is the same, so
 * what this returns is always a journey the contract takes. A journey of this version is
 * returned as it is. The server runs it on every journey it reads or is sent (a tab opened
 * before a release still saves version 1), and the browser on every journey it loads.
 */
export function migrateJourneyState<State extends { version?: number; records: Readonly<Record<string, string>> }>(
  state: State,
): Omit<State, 'version'> & { version: typeof JOURNEY_VERSION } {
  if (state.version === JOURNEY_VERSION) return state as Omit<State, 'version'> & { version: typeof JOURNEY_VERSION };
  // Version 2 to 3 adds only what a version 2 journey did not know: the funnel steps its place
  // belongs to. Without them its place is read against the funnel as it is now, as before.
  if (state.version === 2) return { ...state, version: JOURNEY_VERSION };
  const records: Record<string, string> = {};
  for (const [name, value] of Object.entries(state.records)) {
    const next = recordName(name);
    // A kept name does not replace a renamed record already there.
    if (next !== undefined && !(next === name && Object.hasOwn(records, next))) records[next] = value;
  }
  return { ...state, version: JOURNEY_VERSION, records };
}
