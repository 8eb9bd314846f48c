import type { JourneyState } from '../../contract/journey-state.ts';
import { CONSULT_BOOKED_PART } from '../../shared/journey/journey-facts.ts';

/**
 * How a booked consult is kept in the patient's journey. A funnel can book twice (microbh
 * books a consult, then a follow-up at a later /mip/calendly step), so every key carries the
 * step index: the records `booking.appointmentId.1` and `booking.appointmentStart.1`, the
 * finished part `appointment.1`. A booking page that
 * is not a step of the funnel uses the bare keys. 'appointment' in `completed` says that at
 * least one consult is booked, for the pages that only need to know that.
 */
export const APPOINTMENT_DONE = CONSULT_BOOKED_PART;

/** A booking step passed without an appointment: the care team calls to book it. */
export const APPOINTMENT_SKIPPED = 'appointment-skipped';

export interface BookingKeys {
  /** records: the appointment id. */
  id: string;
  /** records: the appointment's start, ISO, for showing it again without a call. */
  start: string;
  /** records: the appointment's end, ISO, for the calendar file. */
  end: string;
  /** records: the id of a booking sent whose answer never came, checked before booking again. */
  pending: string;
  /** completed: this step's booking is done. */
  done: string;
  /**
   * records: the step was passed without booking (the scheduling service did not load and the
   * patient chose to go on); the value is when.
   */
  skipped: string;
  /** completed: the same, as a finished part. */
  skippedPart: string;
}

export function bookingKeys(stepIndex: number | null): BookingKeys {
  const suffix = stepIndex === null ? '' : `.${stepIndex}`;
  return {
    id: `booking.appointmentId${suffix}`,
    start: `booking.appointmentStart${suffix}`,
    end: `booking.appointmentEnd${suffix}`,
    pending: `booking.appointmentPending${suffix}`,
    done: `${APPOINTMENT_DONE}${suffix}`,
    skipped: `booking.${APPOINTMENT_SKIPPED}${suffix}`,
    skippedPart: `${APPOINTMENT_SKIPPED}${suffix}`,
  };
}

export interface BookedAppointment {
  /** The funnel step that booked it; null for a booking page outside the funnel's steps. */
  stepIndex: number | null;
  appointmentId: string;
  /** ISO start, when the journey has it. */
  startTime?: string;
  /** ISO end, when the journey has it. */
  endTime?: string;
}

/** The consult a step booked, or null. */
export function bookedAt(state: JourneyState, stepIndex: number | null): BookedAppointment | null {
  const keys = bookingKeys(stepIndex);
  const appointmentId = state.records[keys.id];
  if (appointmentId === undefined) return null;
  const startTime = state.records[keys.start];
  const endTime = state.records[keys.end];
  return {
    stepIndex,
    appointmentId,
    ...(startTime === undefined ? {} : { startTime }),
    ...(endTime === undefined ? {} : { endTime }),
  };
}

const ID_KEY = /^booking\.appointmentId(?:\.(\d{1,3}))?$/;

/** Every consult the journey has booked, in step order (the one outside the steps first). */
export function bookedAppointments(state: JourneyState): BookedAppointment[] {
  const found: BookedAppointment[] = [];
  for (const key of Object.keys(state.records)) {
    const match = ID_KEY.exec(key);
    if (!match) continue;
    const booked = bookedAt(state, match[1] === undefined ? null : Number(match[1]));
    if (booked) found.push(booked);
  }
  return found.sort((a, b) => (a.stepIndex ?? -1) - (b.stepIndex ?? -1));
}

/** The consult booked before a step, which a later booking follows up. */
export function earlierBooking(state: JourneyState, stepIndex: number | null): BookedAppointment | null {
  if (stepIndex === null) return null;
  return (
    bookedAppointments(state)
      .filter((booked) => booked.stepIndex !== null && booked.stepIndex < stepIndex)
      .at(-1) ?? null
  );
}

function withRecords(
  state: JourneyState,
  set: Readonly<Record<string, string>>,
  remove: readonly string[] = [],
): JourneyState {
  const kept = Object.entries(state.records).filter(([key]) => !remove.includes(key));
  return { ...state, records: { ...Object.fromEntries(kept), ...set } };
}

/** Remembers a booking sent to the scheduler before its answer comes. */
export function withPendingBooking(state: JourneyState, stepIndex: number | null, appointmentId: string): JourneyState {
  return withRecords(state, { [bookingKeys(stepIndex).pending]: appointmentId });
}

/** Forgets a booking the scheduler did not make. */
export function withoutPendingBooking(state: JourneyState, stepIndex: number | null): JourneyState {
  return withRecords(state, {}, [bookingKeys(stepIndex).pending]);
}

/** Records a booked consult and marks the step's booking, and 'appointment', completed. */
export function withBooking(
  state: JourneyState,
  stepIndex: number | null,
  appointment: { appointmentId: string; startTime?: string | undefined; endTime?: string | undefined },
): JourneyState {
  const keys = bookingKeys(stepIndex);
  const next = withRecords(
    state,
    {
      [keys.id]: appointment.appointmentId,
      ...(appointment.startTime === undefined ? {} : { [keys.start]: appointment.startTime }),
      ...(appointment.endTime === undefined ? {} : { [keys.end]: appointment.endTime }),
    },
    [keys.pending, keys.start, keys.end, keys.skipped],
  );
  const completed = [...new Set([...state.completed, APPOINTMENT_DONE, keys.done])].filter(
    (part) => part !== keys.skippedPart,
  );
  return { ...next, completed };
}

/** Whether the patient passed a step without booking (and has not booked it since). */
export function skippedAt(state: JourneyState, stepIndex: number | null): boolean {
  const keys = bookingKeys(stepIndex);
  return state.records[keys.skipped] !== undefined && state.records[keys.id] === undefined;
}

/**
 * Records a step passed without an appointment: done as a step of the funnel, but not
 * 'appointment' (no consult is booked), so the finish page says the care team will call.
 */
export function withSkippedBooking(state: JourneyState, stepIndex: number | null, at: string): JourneyState {
  const keys = bookingKeys(stepIndex);
  const next = withRecords(state, { [keys.skipped]: at }, [keys.pending]);
  return { ...next, completed: [...new Set([...state.completed, keys.skippedPart])] };
}

/** Forgets a skip, so the patient can book online after all. */
export function withoutSkippedBooking(state: JourneyState, stepIndex: number | null): JourneyState {
  const keys = bookingKeys(stepIndex);
  const next = withRecords(state, {}, [keys.skipped]);
  return { ...next, completed: state.completed.filter((part) => part !== keys.skippedPart) };
}
