import { parseBookingId, type SlotBooking } from '../../domain/booking-id.ts';
import {
  CLINIC_CALENDAR,
  holidayOn,
  schedulingHorizonDays,
  type ClinicCalendar,
} from '../../domain/clinic-calendar.ts';
import type { Db } from '../database.ts';
import type { Access } from '../access.ts';
import type { OperationHandler } from '../operation.ts';
import { bodyOf, notFound, nowIso, ok, present, stored, text } from './support.ts';
import { statement } from '../database.ts';
import { HttpProblem } from '../problem.ts';

interface AppointmentRow {
  id: string;
  event_type_id: string | null;
  start_time: string | null;
  end_time: string | null;
  status: string;
  made_from: string | null;
  updated_at: string;
}

interface EventTypeRow {
  id: string;
  name: string;
  uri: string;
  scheduling_url: string | null;
  duration_minutes: number;
  timezone: string;
}

function appointmentView(row: AppointmentRow): Record<string, unknown> {
  return present({
    appointmentId: row.id,
    eventType: row.event_type_id,
    startTime: row.start_time,
    endTime: row.end_time,
    status: row.status,
    madeFrom: row.made_from,
    updatedAt: row.updated_at,
  });
}

/** The 404 of a booking from the funnel that cannot be made, whatever the reason. */
const SLOT_GONE = 'This time is no longer available.';

/**
 * The appointment under an id, when this session booked it; to anyone else there is none, and
 * the 404 says `missing`, the same whether the id names another patient's appointment or nothing.
 */
function findAppointment(db: Db, access: Access, id: string, missing = 'No appointment with this id.'): AppointmentRow {
  return (
    (access.ownsAppointment(id)
      ? statement<[string], AppointmentRow>(db, 'SELECT * FROM appointments WHERE id = ?').get(id)
      : undefined) ?? notFound(missing)
  );
}

/** GET /calendly/getAppointment. */
const getAppointment: OperationHandler = ({ db, query, access }) =>
  ok(appointmentView(findAppointment(db, access, text(query, 'appointmentId'))));

/**
 * Books the slot a booking id names (see src/domain/booking-id.ts): the stand-in for
 * the scheduling service, which in production books the slot and hands the funnel its id.
 * A slot that is not free now (taken meanwhile, begun, or never offered) is a 404, as an
 * appointment that cannot exist: the contract has no other answer for it.
 */
function bookSlot(db: Db, id: string, slot: SlotBooking, now: string, landingId: string | null): void {
  const eventType = statement<[string], EventTypeRow>(db, 'SELECT * FROM event_types WHERE id = ?').get(slot.eventType);
  const free = eventType
    ? freeSlots(db, eventType, new Date(now)).find((item) => item.start.toISOString() === slot.startTime)
    : undefined;
  if (!eventType || !free) notFound(SLOT_GONE);
  statement(
    db,
    `INSERT INTO appointments (id, event_type_id, landing_id, start_time, end_time, status, made_from, updated_at)
     VALUES (?, ?, ?, ?, ?, 'scheduled', NULL, ?)`,
  ).run(id, eventType.id, landingId, free.start.toISOString(), free.end.toISOString(), now);
}

/**
 * Records an appointment the scheduling service booked in its embed (production-like runs,
 * SCHEDULING_URL set): the service has the time and the event type, so the row has neither.
 * The real API would fetch the event from the service; this stand-in trusts the id, as the
 * fake service it works with is the only one that makes them.
 */
function recordExternalBooking(db: Db, id: string, now: string, landingId: string | null): void {
  statement(
    db,
    `INSERT INTO appointments (id, event_type_id, landing_id, start_time, end_time, status, made_from, updated_at)
     VALUES (?, NULL, ?, NULL, NULL, 'scheduled', NULL, ?)`,
  ).run(id, landingId, now);
}

/** The message of the 409 for a booking the clinic could not follow up: no contact details in the session. */
export const CONTACT_NEEDED_MESSAGE = 'Contact details are needed before a consult can be booked';

/** Whether stored contact details reach the patient: an email and a phone number, each not blank. */
function reachable(contact: { email?: unknown; phone?: unknown }): boolean {
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  return filled(contact.email) && filled(contact.phone);
}

/**
 * Whom a booking from the funnel is for: the lead with contact details (an email and a phone)
 * granted to this session that was saved last, else the first lead of a customer granted to it
 * (a returning patient's claimed link: customers always have both). `{ landingId: null }` when
 * only such a customer without a lead is found, or for staff with no lead of their own in the
 * session (staff book for anyone). Null when the session can reach nobody: the clinic would have
 * a consult in its calendar and no one to send the link to join.
 */
function bookingLead(db: Db, access: Access): { landingId: string | null } | null {
  const leads = access
    .grantedIds('lead')
    .map((landingId) =>
      statement<[string], { landing_id: string; lead_json: string; updated_at: string }>(
        db,
        'SELECT landing_id, lead_json, updated_at FROM leads WHERE landing_id = ?',
      ).get(landingId),
    )
    .filter((row) => row !== undefined && reachable(stored(row.lead_json) as Record<string, unknown>))
    .sort((a, b) => (b?.updated_at ?? '').localeCompare(a?.updated_at ?? ''));
  const lead = leads[0];
  if (lead !== undefined) return { landingId: lead.landing_id };
  for (const ktCustomerId of access.grantedIds('customer')) {
    const customer = statement<[string], { landing_id: string | null; email: string; phone: string }>(
      db,
      'SELECT landing_id, email, phone FROM customers WHERE kt_customer_id = ?',
    ).get(ktCustomerId);
    if (customer !== undefined && reachable(customer)) return { landingId: customer.landing_id };
  }
  return access.staff ? { landingId: null } : null;
}

/**
 * PUT /calendly/appointmentMade (from the member portal) and appointmentMadeFromFlow (from the
 * funnel): marks the appointment made, says where from, and records the status update. From
 * the funnel, an id the server has not seen that names a free slot books that slot first; and
 * when the deployment books through the scheduling service, an id the server has not seen is
 * that service's booking, recorded as it is.
 */
function appointmentMade(source: 'portal' | 'flow'): OperationHandler {
  return ({ db, body, services, access }) => {
    const id = text(bodyOf(body), 'appointmentId');
    const now = nowIso();
    // From the funnel, the session must reach someone before anything is looked up or booked:
    // the answer depends on the caller's session only, never on the appointment id sent.
    const lead = source === 'flow' ? bookingLead(db, access) : { landingId: null };
    if (lead === null) {
      throw new HttpProblem(
        409,
        CONTACT_NEEDED_MESSAGE,
        'We have no name, email or phone for this browser, so nothing was booked.',
        { reason: 'contact-needed' },
      );
    }
    const known = statement<[string], AppointmentRow>(db, 'SELECT * FROM appointments WHERE id = ?').get(id);
    const slot = known || source === 'portal' ? null : parseBookingId(id);
    // A booking made here belongs to the session that made it; a known one only to that session.
    if (slot) {
      bookSlot(db, id, slot, now, lead.landingId);
      access.grant('appointment', id);
    } else if (!known && source === 'flow' && services.page.scheduling.provider === 'calendly') {
      recordExternalBooking(db, id, now, lead.landingId);
      access.grant('appointment', id);
    } else {
      // From the funnel, another patient's appointment, a slot taken or gone and an id that
      // names nothing are one answer (issue 39, point 6): a guessed id tells nothing of anyone's.
      findAppointment(db, access, id, source === 'flow' ? SLOT_GONE : undefined);
    }
    // A known appointment without a lead (booked before bookings needed one) gets the patient's.
    statement(
      db,
      "UPDATE appointments SET status = 'made', made_from = ?, landing_id = coalesce(landing_id, ?), updated_at = ? WHERE id = ?",
    ).run(source, lead.landingId, now, id);
    statement(
      db,
      "INSERT INTO status_updates (kind, appointment_id, landing_id, source, created_at) VALUES ('appointment-made', ?, ?, ?, ?)",
    ).run(id, lead.landingId, source, now);
    return ok(appointmentView(findAppointment(db, access, id)));
  };
}

/** GET /calendly/getEvents: the event types of a kind whose URI contains uriLike. */
const getEvents: OperationHandler = ({ db, query }) => {
  const rows = statement<[string, string], EventTypeRow>(
    db,
    'SELECT * FROM event_types WHERE id = ? AND instr(uri, ?) > 0 ORDER BY id',
  ).all(text(query, 'eventType'), text(query, 'uriLike'));
  return ok({
    events: rows.map((row) =>
      present({
        uri: row.uri,
        name: row.name,
        eventType: row.id,
        durationMinutes: row.duration_minutes,
        schedulingUrl: row.scheduling_url,
      }),
    ),
  });
};

const WALL_CLOCKS = new Map<string, Intl.DateTimeFormat>();

/** A formatter of the wall-clock time in a time zone, made once per zone (they are slow to make). */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = WALL_CLOCKS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    WALL_CLOCKS.set(timeZone, format);
  }
  return format;
}

/** The year, month and day of an instant in a time zone. */
function localDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = wallClock(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** How far a time zone is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock time on a date in a time zone (daylight saving included). */
export function zonedInstant(year: number, month: number, day: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minute);
  const first = wall - zoneOffset(wall, timeZone);
  return new Date(wall - zoneOffset(first, timeZone));
}

/** A weekly opening of an event type: a weekday (0 Sunday) and a start, in minutes after midnight. */
export interface WeeklyOpening {
  weekday: number;
  startMinute: number;
}

export interface OpenSlotsInput {
  openings: readonly WeeklyOpening[];
  /** The event type's zone: the openings' wall clock, and the days holidays name. */
  timeZone: string;
  durationMinutes: number;
  /** Starts (ISO) already booked. */
  booked: ReadonlySet<string>;
  now: Date;
  calendar?: ClinicCalendar;
}

/**
 * The open slots from the weekly openings over the clinic calendar's horizon (today
 * included), so the demo never runs out of dates: none on a clinic holiday, none already
 * booked, none that has begun.
 */
export function openSlots({
  openings,
  timeZone,
  durationMinutes,
  booked,
  now,
  calendar = CLINIC_CALENDAR,
}: OpenSlotsInput): { start: Date; end: Date }[] {
  const today = localDate(now, timeZone);
  const slots: { start: Date; end: Date }[] = [];
  for (let offset = 0; offset < schedulingHorizonDays(calendar); offset++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    if (holidayOn(day.toISOString().slice(0, 10), calendar) !== null) continue;
    const weekday = day.getUTCDay();
    for (const opening of openings) {
      if (opening.weekday !== weekday) continue;
      const start = zonedInstant(
        day.getUTCFullYear(),
        day.getUTCMonth() + 1,
        day.getUTCDate(),
        opening.startMinute,
        timeZone,
      );
      if (start <= now || booked.has(start.toISOString())) continue;
      slots.push({ start, end: new Date(start.getTime() + durationMinutes * 60_000) });
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The free slots of an event type (see {@link openSlots}). */
function freeSlots(db: Db, eventType: EventTypeRow, now: Date): { start: Date; end: Date }[] {
  const openings = statement<[string], { weekday: number; start_minute: number }>(
    db,
    'SELECT weekday, start_minute FROM availability WHERE event_type_id = ? ORDER BY start_minute',
  )
    .all(eventType.id)
    .map((row) => ({ weekday: row.weekday, startMinute: row.start_minute }));
  const booked = new Set(
    statement<[string], { start_time: string }>(
      db,
      "SELECT start_time FROM appointments WHERE event_type_id = ? AND status <> 'cancelled' AND start_time IS NOT NULL",
    )
      .all(eventType.id)
      .map((row) => row.start_time),
  );
  return openSlots({
    openings,
    timeZone: eventType.timezone,
    durationMinutes: eventType.duration_minutes,
    booked,
    now,
  });
}

/**
 * GET /calendly/availableDates/{id}: the free slots of the clinic calendar's horizon, by day in
 * the event type's time zone; days with no slot left (holidays among them) are left out.
 */
const getAvailableDates: OperationHandler = ({ db, params }) => {
  const eventType =
    statement<[string], EventTypeRow>(db, 'SELECT * FROM event_types WHERE id = ?').get(text(params, 'id')) ??
    notFound('No event type with this id.');
  const dates = new Map<string, { startTime: string; endTime: string }[]>();
  for (const slot of freeSlots(db, eventType, new Date())) {
    const local = localDate(slot.start, eventType.timezone);
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day)).toISOString().slice(0, 10);
    const day = dates.get(date) ?? [];
    day.push({ startTime: slot.start.toISOString(), endTime: slot.end.toISOString() });
    dates.set(date, day);
  }
  return ok({
    eventTypeId: eventType.id,
    timezone: eventType.timezone,
    dates: [...dates].map(([date, slots]) => ({ date, slots })),
  });
};

export const SCHEDULING_HANDLERS = {
  getAppointment,
  appointmentMade: appointmentMade('portal'),
  appointmentMadeFromFlow: appointmentMade('flow'),
  getEvents,
  getAvailableDates,
} satisfies Record<string, OperationHandler>;
