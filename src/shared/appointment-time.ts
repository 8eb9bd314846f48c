import { formatDisplayDate } from '../domain/dates.ts';
import { consoleLogger } from './console-logger.ts';

/**
 * An appointment's time as the patient reads it: in the browser's time zone, which is the
 * patient's, with the zone named, and dates in the long US format of SPEC §9. Formatters are made
 * per call, so they follow the zone the browser is in now. The booking's screens and the
 * assessment's stop (a consult it cancelled) say it the same way.
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
