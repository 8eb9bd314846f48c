import { isRealDate, padNumber, parseIsoDate } from './calendar.ts';
import type { CalendarDate } from './calendar.ts';
import type { DomainLogger } from './logger.ts';

/** The three ways dates are shown to patients (SPEC §9). */
export type DateDisplayFormat = 'MM/DD/YYYY' | 'long' | 'MM/YY';

/** The months' names as patients read them (the long format, an agreement's next charge). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

function calendarDateOf(input: string | Date): CalendarDate | null {
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) return null;
    return { year: input.getFullYear(), month: input.getMonth() + 1, day: input.getDate() };
  }
  // A date alone is a calendar day: reading it through `Date` would make it UTC midnight and
  // show the day before in American time zones.
  const dateOnly = parseIsoDate(input);
  if (dateOnly !== null) return dateOnly;
  if (!ISO_TIMESTAMP.test(input)) return null;
  const instant = new Date(input);
  return Number.isNaN(instant.getTime()) ? null : calendarDateOf(instant);
}

/**
 * Formats a date for display as `MM/DD/YYYY`, long US (`March 5, 2025`) or `MM/YY`. A
 * `YYYY-MM-DD` is shown as that calendar day; a timestamp or `Date` in the local time zone,
 * which in the browser is the patient's. Invalid input logs the error and returns null
 * (SPEC §8), so a screen shows nothing rather than "NaN/NaN".
 */
export function formatDisplayDate(
  input: string | Date,
  format: DateDisplayFormat,
  logger: DomainLogger,
): string | null {
  const date = calendarDateOf(input);
  if (date === null || !isRealDate(date)) {
    logger.error('invalid date for display', { format });
    return null;
  }
  const month = padNumber(date.month, 2);
  switch (format) {
    case 'MM/DD/YYYY':
      return `${month}/${padNumber(date.day, 2)}/${padNumber(date.year, 4)}`;
    case 'long':
      return `${MONTH_NAMES[date.month - 1] ?? ''} ${date.day}, ${date.year}`;
    case 'MM/YY':
      return `${month}/${padNumber(date.year % 100, 2)}`;
  }
}

/** The local calendar day of an instant as `YYYY-MM-DD`, for the `today` of age bands. */
export function localIsoDate(instant: Date): string {
  return `${padNumber(instant.getFullYear(), 4)}-${padNumber(instant.getMonth() + 1, 2)}-${padNumber(instant.getDate(), 2)}`;
}
