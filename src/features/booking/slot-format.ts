import type { AvailableDate, TimeSlot } from '../../contract/api-types.ts';
import { localIsoDate } from '../../domain/dates.ts';
import { formatDay } from '../../shared/appointment-time.ts';
import { CLINIC_CALENDAR, type ClinicCalendar } from '../../domain/clinic-calendar.ts';

/**
 * Slots and appointments as the patient reads them: in the browser's time zone, which is the
 * patient's, with the zone named, and dates in the long US format of SPEC §9. Formatters are
 * made per call, so they follow the zone the browser is in now.
 */

/** 'Thu' and 'Nov 26': a day as the compact day picker shows it, in the patient's zone. */
export function shortDay(at: Date): { weekday: string; date: string } {
  return {
    weekday: new Intl.DateTimeFormat('en-US', { weekday: 'short' }).format(at),
    date: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(at),
  };
}

/** One day of free slots as the patient sees it. */
export interface SlotDay {
  /** The day in the patient's zone, `YYYY-MM-DD`: a stable key. */
  key: string;
  /** 'Monday, March 9, 2026'. */
  label: string;
  /** 'Mon' and 'Mar 9', for the day picker. */
  short: { weekday: string; date: string };
  slots: TimeSlot[];
}

/**
 * The free slots by day in the patient's zone (the scheduler groups them in its own zone, and
 * a slot can fall on another day for the patient), in time order.
 */
export function slotDays(dates: readonly AvailableDate[]): SlotDay[] {
  const slots = dates
    .flatMap((date) => date.slots)
    .filter((slot) => Number.isFinite(new Date(slot.startTime).getTime()))
    .sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime());
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const at = new Date(slot.startTime);
    const key = localIsoDate(at);
    const day = days.get(key) ?? { key, label: formatDay(at), short: shortDay(at), slots: [] };
    day.slots.push(slot);
    days.set(key, day);
  }
  return [...days.values()];
}

/** A `YYYY-MM-DD` day plus some days, as `YYYY-MM-DD`. */
export function addDays(day: string, count: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/**
 * The days a booking offers (config/clinic-calendar.json): a first consult on the calendar's
 * `bookingWindowDays` days from the first open day; a follow-up (`firstStart`, the first
 * consult's start, given) from `minDaysAfterFirst` days after the first consult's day, in the
 * patient's zone, for `windowDays` days. The scheduler offers further ahead than a first
 * consult needs, so that a follow-up has times.
 */
export function offeredDays(
  dates: readonly AvailableDate[],
  firstStart?: string,
  calendar: ClinicCalendar = CLINIC_CALENDAR,
): SlotDay[] {
  const days = slotDays(dates);
  const first = firstStart === undefined ? Number.NaN : new Date(firstStart).getTime();
  const from = Number.isFinite(first)
    ? addDays(localIsoDate(new Date(first)), calendar.followUp.minDaysAfterFirst)
    : days[0]?.key;
  if (from === undefined) return [];
  const until = addDays(from, Number.isFinite(first) ? calendar.followUp.windowDays : calendar.bookingWindowDays);
  return days.filter((day) => day.key >= from && day.key < until);
}
