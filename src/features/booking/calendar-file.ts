import type { BookedAppointment } from './appointment-records.ts';

/**
 * The "Add to calendar" file (iCalendar, RFC 5545), made in the browser from the booked
 * consults. It says only "Consult with {brand}" and how the link to join comes: never the
 * kind of consult, the patient's answers or anything else about their health, since a
 * calendar is often shared or synced to other services. Each event's UID is a hash of the
 * appointment id (which names the consult's kind), so a second download updates the same
 * event instead of adding another.
 */

/** When a journey has no end for a consult: the length of the clinic's consults. */
const DEFAULT_MINUTES = 30;

export interface CalendarFileInput {
  appointments: readonly BookedAppointment[];
  brandName: string;
  /** The site's host, which makes the UIDs unique to it. */
  host: string;
  /** The moment the file is made (DTSTAMP). */
  now: Date;
}

/** `20261126T140000Z`: an instant in UTC, as iCalendar writes it. */
function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Text with iCalendar's escapes: backslash, semicolon, comma and new line. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets, as RFC 5545 §3.1 asks (continuations start with a space). */
function fold(line: string): string {
  const bytes = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes.encode(current + char).length > limit) {
      parts.push(current);
      current = char;
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** FNV-1a, 32 bits, as hex: a short stable id that does not show what it is made from. */
function hashId(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The consults with a known start, as the file's events; null when there is none to add. */
export function consultCalendar({ appointments, brandName, host, now }: CalendarFileInput): string | null {
  const events = appointments.flatMap((appointment) => {
    const start = appointment.startTime === undefined ? Number.NaN : new Date(appointment.startTime).getTime();
    if (!Number.isFinite(start)) return [];
    const endGiven = appointment.endTime === undefined ? Number.NaN : new Date(appointment.endTime).getTime();
    const end = Number.isFinite(endGiven) && endGiven > start ? endGiven : start + DEFAULT_MINUTES * 60_000;
    return [
      'BEGIN:VEVENT',
      `UID:consult-${hashId(appointment.appointmentId)}@${host}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(new Date(start))}`,
      `DTEND:${utcStamp(new Date(end))}`,
      `SUMMARY:${escapeText(`Consult with ${brandName}`)}`,
      `DESCRIPTION:${escapeText('A video visit. The link to join comes by email and text message.')}`,
      'END:VEVENT',
    ];
  });
  if (events.length === 0) return null;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(brandName)}//Consult booking//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events,
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The file as a link's address, for a download link (no object URL to revoke). */
export function calendarHref(ics: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}
