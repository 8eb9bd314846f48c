/**
 * The appointment id of a booking the funnel makes on the local scheduling stand-in.
 *
 * The contract has no call that books a slot: in production the scheduling service books it
 * and gives the funnel an appointment id, which the funnel reports with
 * `appointmentMadeFromFlow`. The local server stands in for that service, so the id itself
 * names the slot: `bk_{eventType}_{start in epoch minutes}_{nonce}`. The nonce makes each
 * booking attempt's id unique to the patient's browser, so a repeat of the same attempt (a
 * retry, a reload) is the same booking, and another patient's attempt at the same slot is not.
 * The browser mints it; src/server/handlers/scheduling.ts reads it. No patient data is in it.
 */

const BOOKING_ID = /^bk_([A-Za-z0-9_-]{1,40})_(\d{1,12})_([A-Za-z0-9]{10})$/;
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface SlotBooking {
  eventType: string;
  /** The slot's start as an ISO timestamp. */
  startTime: string;
}

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length] ?? 'A').join('');
}

/** A new booking id for a slot; null when the event type or start cannot be put in one. */
export function newBookingId(slot: SlotBooking): string | null {
  const start = new Date(slot.startTime).getTime();
  if (!Number.isFinite(start) || start % 60_000 !== 0 || start < 0) return null;
  const id = `bk_${slot.eventType}_${start / 60_000}_${nonce()}`;
  return BOOKING_ID.test(id) && id.length <= 64 ? id : null;
}

/** The slot a booking id names, or null when the id is not one (such as a seeded `apt_…`). */
export function parseBookingId(id: string): SlotBooking | null {
  const match = BOOKING_ID.exec(id);
  if (!match?.[1] || !match[2]) return null;
  return { eventType: match[1], startTime: new Date(Number(match[2]) * 60_000).toISOString() };
}
