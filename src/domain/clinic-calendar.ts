import calendarFile from '../../config/clinic-calendar.json';

/**
 * The clinic's booking calendar (config/clinic-calendar.json, checked by
 * schemas/clinic-calendar.schema.json in `npm run validate` and the build): shared by the
 * local server, which offers no time on a holiday, and the booking screen, which offers a
 * first consult within `bookingWindowDays` and a follow-up from `followUp.minDaysAfterFirst`
 * days after the first consult.
 */
export interface ClinicCalendar {
  /** A first consult is offered on this many days, from the first day with an open time. */
  bookingWindowDays: number;
  followUp: {
    /** A follow-up is offered from this many days after the first consult's day. */
    minDaysAfterFirst: number;
    /** How many days a follow-up is offered on, from the first day it may be. */
    windowDays: number;
  };
  /** Days the clinic is closed (`YYYY-MM-DD` in the scheduler's zone), with their names. */
  holidays: readonly { date: string; name: string }[];
}

export const CLINIC_CALENDAR: ClinicCalendar = calendarFile;

/**
 * How many days ahead, today included, the scheduler offers times: far enough for a follow-up
 * after a first consult booked on the last day of its window.
 */
export function schedulingHorizonDays(calendar: ClinicCalendar = CLINIC_CALENDAR): number {
  return calendar.bookingWindowDays + calendar.followUp.minDaysAfterFirst + calendar.followUp.windowDays;
}

/** The holiday on a day (`YYYY-MM-DD`), or null when the clinic is open. */
export function holidayOn(date: string, calendar: ClinicCalendar = CLINIC_CALENDAR): string | null {
  return calendar.holidays.find((holiday) => holiday.date === date)?.name ?? null;
}
