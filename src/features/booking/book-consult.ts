import { ApiError, type CallOptions } from '../../shared/api/http.ts';
import { appointmentMadeFromFlow, getAppointment } from './scheduling-api.ts';
import type { Appointment, TimeSlot } from '../../contract/api-types.ts';
import type { JourneyState } from '../../contract/journey-state.ts';
import type { ConsultBooking } from '../../shared/funnel-step.ts';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import { withBooking } from './appointment-records.ts';
import { newBookingId, parseBookingId } from '../../domain/booking-id.ts';

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

/**
 * The server would not book for this browser: it holds no contact details the clinic could
 * reach the patient by (409, reason `contact-needed`, schemas/api.openapi.json). Nothing was booked.
 */
export function isContactNeeded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.body?.reason === 'contact-needed';
}

/** A slot no longer free: the scheduler answers 404 (the contract's only answer) or 409. */
function isSlotGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 409) && !isContactNeeded(error);
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

/**
 * Why a booking was not recorded: `taken`, the slot was no longer free (nothing was booked);
 * `contact-needed`, the clinic has no contact details for this browser (nothing was booked:
 * the patient gives them first); `unanswered`, the scheduler did not answer, so the booking may
 * have been made: the same id is sent again on a retry, and the screen keeps it pending in the
 * journey (withPendingBooking) so a later visit asks about it before offering the calendar.
 */
export class BookingProblem extends Error {
  constructor(
    readonly kind: 'taken' | 'contact-needed' | 'unanswered',
    readonly appointmentId: string,
    options?: { cause?: unknown },
  ) {
    super(
      kind === 'taken'
        ? 'That time was just taken.'
        : kind === 'contact-needed'
          ? 'We need your contact details before we can book your consult.'
          : 'We could not reach our booking service, so your consult may not be booked yet.',
      options,
    );
    this.name = 'BookingProblem';
  }
}

/**
 * The funnel machine's `bookConsult` work (src/app/step-work.ts): reports the booking made
 * from the funnel, once, whatever the network does, and returns the change that keeps it under
 * the step, for the move's one journey write; `stay` as the screen asked. The journey is not
 * written here. A local slot is booked by this call (a slot no longer free is BookingProblem
 * `taken`); a booking the scheduling service made is recorded within RECORDING_CALL. Any other
 * failure is BookingProblem `unanswered`: the caller sends the same id again, and the scheduler
 * answers a repeat with the same booking. An earlier attempt whose answer never came is asked
 * about first: if the scheduler made it, that is the booking, and no second one is made.
 */
export async function bookConsult(booking: ConsultBooking): Promise<{ record: JourneyChange; stay: boolean }> {
  const { stepIndex, appointmentId, madeBy, unanswered, stay = false } = booking;
  const recorded = (appointment: Appointment) => ({
    record: (state: JourneyState) => withBooking(state, stepIndex, appointment),
    stay,
  });
  if (unanswered !== undefined && unanswered !== appointmentId) {
    const earlier = await findSentBooking(unanswered).catch((error: unknown) => {
      throw new BookingProblem('unanswered', unanswered, { cause: error });
    });
    if (earlier) return recorded(earlier);
  }
  try {
    return recorded(
      await appointmentMadeFromFlow({ appointmentId }, madeBy === 'slot' ? { maxRetries: 2 } : RECORDING_CALL),
    );
  } catch (error) {
    const kind = isContactNeeded(error)
      ? 'contact-needed'
      : madeBy === 'slot' && isSlotGone(error)
        ? 'taken'
        : 'unanswered';
    throw new BookingProblem(kind, appointmentId, { cause: error });
  }
}

/** A booking for a slot, with an id of its own; null when the slot cannot be put in one. */
export function slotBooking(stepIndex: number | null, eventType: string, slot: TimeSlot): ConsultBooking | null {
  const appointmentId = newBookingId({ eventType, startTime: slot.startTime });
  return appointmentId === null ? null : { stepIndex, appointmentId, madeBy: 'slot' };
}
