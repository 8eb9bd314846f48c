/** A calendar date with no time and no time zone. */
export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
}

/** Gregorian leap years, so that 29 February is accepted only when it exists. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The number of days in a month (1 to 12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Checks that a year, month and day name a real date, so that `02/30/2000` is rejected
 * rather than silently rolled over to March as `Date` would.
 */
export function isRealDate(date: CalendarDate): boolean {
  const { year, month, day } = date;
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Reads `YYYY-MM-DD` exactly; anything else, or a date that does not exist, is null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Writes a calendar date as `YYYY-MM-DD`. */
export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Zero-pads a number to a width, for the display formats. */
export function padNumber(value: number, width: number): string {
  return pad(value, width);
}

/**
 * The `YYYY-MM-DD` day of an instant: in the patient's own time zone in the browser (a
 * birthday is a local day), in UTC on the server (which has no patient time zone).
 */
export function isoDayOf(instant: Date, zone: 'local' | 'utc'): string {
  return zone === 'local'
    ? toIsoDate({ year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() })
    : toIsoDate({ year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() });
}
