import { ApiError, type CallOptions } from '../../shared/api/http.ts';
import { appointmentMadeFromFlow, getAppointment } from './scheduling-api.ts';
import type { Appointment, TimeSlot } from '../../contract/api-types.ts';
import type { JourneyHandle } from '../../shared/journey/journey-context.tsx';
import { bookingKeys, withBooking, withoutPendingBooking, withPendingBooking } from './appointment-records.ts';
import { newBookingId, parseBookingId } from '../../domain/booking-id.ts';

/**
 * A booking went through, the slot was no longer free, or it was not sent because the journey
 * could not be saved first (the journey store has told the patient). Other failures throw.
 */
export type BookingOutcome = { kind: 'booked'; appointment: Appointment } | { kind: 'taken' } | { kind: 'not-sent' };

/**
 * The limit on recording or checking a booking the patient has already made: one retry of at
 * most 8 s a try, so "Saving your booking…" lasts seconds, not the default's minute and a
 * half, before the patient is offered Try again or Continue (the booking stands either way).
 */
export const RECORDING_CALL = { timeoutMs: 8_000, maxRetries: 1 } as const satisfies CallOptions;

function recordingCall(signal: AbortSignal | undefined): CallOptions {
  return signal ? { ...RECORDING_CALL, signal } : RECORDING_CALL;
}

/**
 * Whether an appointment id is one the scheduling service made (not a local slot's): such a
 * booking exists at the service whatever our API has heard of it.
 */
export function madeAtService(appointmentId: string): boolean {
  return parseBookingId(appointmentId) === null;
}

/** A slot no longer free: the scheduler answers 404 (the contract's only answer) or 409. */
function isSlotGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 409);
}

/**
 * The appointment of a booking sent earlier whose answer never came, marked made from the
 * flow if the scheduler has it; null when the scheduler never made it. A booking made in the
 * scheduling service's embed (an id that is not a local slot's) exists at the service whatever
 * the API heard, so it is recorded again (the call is idempotent) rather than offered anew,
 * which would book the patient twice.
 */
export async function findSentBooking(appointmentId: string, signal?: AbortSignal): Promise<Appointment | null> {
  let appointment: Appointment;
  try {
    appointment = await getAppointment({ appointmentId }, recordingCall(signal));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    if (!madeAtService(appointmentId)) return null;
    try {
      return await appointmentMadeFromFlow({ appointmentId }, recordingCall(signal));
    } catch (recordError) {
      if (recordError instanceof ApiError && recordError.status === 404) return null;
      throw recordError;
    }
  }
  if (appointment.status === 'cancelled') return null;
  if (appointment.status === 'made') return appointment;
  return appointmentMadeFromFlow({ appointmentId }, recordingCall(signal));
}

export interface BookConsultInput {
  journey: JourneyHandle;
  stepIndex: number | null;
  eventType: string;
  slot: TimeSlot;
}

/**
 * Books a slot once, whatever the network does. The booking's id is saved in the journey
 * before it is sent, and the call is repeated with the same id, so a lost answer, a retry or
 * a reload finds the same booking instead of making another. A booking sent earlier whose
 * answer never came is checked first: if the scheduler made it, that is the booking.
 */
export async function bookConsult({ journey, stepIndex, eventType, slot }: BookConsultInput): Promise<BookingOutcome> {
  const sent = journey.state.records[bookingKeys(stepIndex).pending];
  if (sent !== undefined) {
    const appointment = await findSentBooking(sent);
    if (appointment) return { kind: 'booked', appointment };
  }
  const appointmentId = newBookingId({ eventType, startTime: slot.startTime });
  if (appointmentId === null) return { kind: 'taken' };
  try {
    await journey.save((state) => withPendingBooking(state, stepIndex, appointmentId));
  } catch {
    return { kind: 'not-sent' };
  }
  try {
    return { kind: 'booked', appointment: await appointmentMadeFromFlow({ appointmentId }, { maxRetries: 2 }) };
  } catch (error) {
    if (!isSlotGone(error)) throw error; // the booking may have gone through: it stays pending
    await journey.save((state) => withoutPendingBooking(state, stepIndex)).catch(() => undefined);
    return { kind: 'taken' };
  }
}

export interface RecordServiceBookingInput {
  journey: JourneyHandle;
  stepIndex: number | null;
  /** The appointment id the scheduling service made (see src/features/booking/services/calendly-messages.ts). */
  appointmentId: string;
}

/**
 * Records an appointment the scheduling service has already booked: its id is saved in the
 * journey as pending first (so a reload records it instead of offering the calendar again),
 * then sent with appointmentMadeFromFlow (within RECORDING_CALL), repeated with the same id on
 * a retry. 'not-sent' when the journey could not be saved (the journey store has told the
 * patient); a refused or failed call throws, and the id stays pending for the next try.
 */
export async function recordServiceBooking({
  journey,
  stepIndex,
  appointmentId,
}: RecordServiceBookingInput): Promise<Exclude<BookingOutcome, { kind: 'taken' }>> {
  if (journey.state.records[bookingKeys(stepIndex).pending] !== appointmentId) {
    try {
      await journey.save((state) => withPendingBooking(state, stepIndex, appointmentId));
    } catch {
      return { kind: 'not-sent' };
    }
  }
  return { kind: 'booked', appointment: await appointmentMadeFromFlow({ appointmentId }, RECORDING_CALL) };
}

/**
 * Keeps an appointment the scheduler has recorded in the journey, then calls `onBooked`. When
 * the journey cannot be saved, the booking stands and shows from memory (the journey store
 * has told the patient and retries): `onBooked` is called all the same, since the patient is
 * booked.
 */
export async function keepBooking(
  journey: JourneyHandle,
  stepIndex: number | null,
  appointment: Appointment,
  onBooked: () => void,
): Promise<void> {
  await journey.save((state) => withBooking(state, stepIndex, appointment)).catch(() => undefined);
  onBooked();
}

/**
 * Leaves a booking the scheduling service made pending in the journey, so a later visit to
 * the step records it: the patient goes on without waiting for our API. Saves it when an
 * earlier save failed; a failure here is the journey store's to tell.
 */
export async function leavePending(
  journey: JourneyHandle,
  stepIndex: number | null,
  appointmentId: string,
): Promise<void> {
  if (journey.state.records[bookingKeys(stepIndex).pending] === appointmentId) return;
  await journey.save((state) => withPendingBooking(state, stepIndex, appointmentId)).catch(() => undefined);
}
