import type { AvailableDate, TimeSlot } from '../../api/types.ts';
import { formatDisplayDate, localIsoDate } from '../../domain/dates.ts';
import { consoleLogger } from '../lead.ts';

/**
 * Slots and appointments as the patient reads them: in the browser's time zone, which is the
 * patient's, with the zone named, and dates in the long US format of SPEC §9. Formatters are
 * made per call, so they follow the zone the browser is in now.
 */

/** The patient's time zone by its long name at an instant, such as 'Central Daylight Time'. */
export function timeZoneName(at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'long' })
    .formatToParts(at)
    .find((piece) => piece.type === 'timeZoneName');
  return part?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** 'Monday, March 9, 2026': the weekday and the long US date of an instant, in the patient's zone. */
export function formatDay(at: Date): string {
  const date = formatDisplayDate(at, 'long', consoleLogger);
  return date === null ? '' : `${new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(at)}, ${date}`;
}

/** '9:00 AM' in the patient's zone. */
export function formatTime(at: Date): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** 'Monday, March 9, 2026 at 9:00 AM Central Daylight Time', or null for a bad timestamp. */
export function formatAppointmentTime(startTime: string): string | null {
  const at = new Date(startTime);
  if (Number.isNaN(at.getTime())) return null;
  return `${formatDay(at)} at ${formatTime(at)} ${timeZoneName(at)}`;
}

/** One day of free slots as the patient sees it. */
export interface SlotDay {
  /** The day in the patient's zone, `YYYY-MM-DD`: a stable key. */
  key: string;
  /** 'Monday, March 9, 2026'. */
  label: string;
  slots: TimeSlot[];
}

/**
 * The free slots by day in the patient's zone (the scheduler groups them in its own zone, and
 * a slot can fall on another day for the patient), in time order, leaving out slots that start
 * before `notBefore` (a follow-up comes after the first consult).
 */
export function slotDays(dates: readonly AvailableDate[], notBefore?: string): SlotDay[] {
  const floor = notBefore === undefined ? Number.NEGATIVE_INFINITY : new Date(notBefore).getTime();
  const slots = dates
    .flatMap((date) => date.slots)
    .filter((slot) => {
      const start = new Date(slot.startTime).getTime();
      return Number.isFinite(start) && start >= floor;
    })
    .sort((a, b) => new Date(a.startTime).getTime() - new Date(b.startTime).getTime());
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const at = new Date(slot.startTime);
    const key = localIsoDate(at);
    const day = days.get(key) ?? { key, label: formatDay(at), slots: [] };
    day.slots.push(slot);
    days.set(key, day);
  }
  return [...days.values()];
}
