import { ageOn, MINIMUM_AGE } from './age-band.ts';
import { isLeapYear, isoDayOf } from './calendar.ts';
import type { IsoDate } from '../contract/api-types.ts';

/**
 * One rule for a birth date (issue 38), wherever it is asked (every date question whose ref says
 * birthdate: the assessment, the intake) or received (the server's saveLead,
 * checkCustQualifications and identity check): a real date, not in the future and not more than
 * MAX_AGE years ago. Hardly anyone alive is older, and nobody that old is a patient of an online
 * clinic: a date before is a slip of the year (1900 for 1990), which would give the clinic a
 * wrong age. Under MINIMUM_AGE is a problem of
 * its own: the forms refuse it at the field, and the server, which may receive it from another
 * client, counts it as a contraindication (src/domain/qualification.ts) rather than a bad request.
 */

/** The oldest a patient can be, in years: a birth date further back is refused. */
export const MAX_AGE = 110;

/** What is wrong with a real birth date. */
export type BirthdateProblem = 'future' | 'too-old' | 'under-age';

/** The days it is somewhere on Earth at an instant: from UTC-12 to UTC+14. */
export function daysNowAnywhere(now: Date): { earliest: IsoDate; latest: IsoDate } {
  const HOUR = 3_600_000;
  return {
    earliest: isoDayOf(new Date(now.getTime() - 12 * HOUR), 'utc'),
    latest: isoDayOf(new Date(now.getTime() + 14 * HOUR), 'utc'),
  };
}

/**
 * The earliest birth date accepted on a day (a real `YYYY-MM-DD` from the year 1110 on, as every
 * today is): the same day MAX_AGE years before, which is accepted (on 29 February, the 28th of a
 * year with none).
 */
export function earliestBirthdate(today: IsoDate): IsoDate {
  const year = Number(today.slice(0, 4)) - MAX_AGE;
  const monthDay = today.slice(4);
  return `${String(year)}${monthDay === '-02-29' && !isLeapYear(year) ? '-02-28' : monthDay}`;
}

/**
 * What is wrong with a real birth date (`YYYY-MM-DD`: parseIsoDate says whether it is one) on the
 * patient's day, or null when it is of someone from MINIMUM_AGE to MAX_AGE years old: after
 * today, before earliestBirthdate, or too young, in that order. The browser knows the patient's
 * day (`today` alone); the server does not know their time zone, so it passes the span of days it
 * is somewhere on Earth (daysNowAnywhere: `today` the earliest, `latest` the last), and a date
 * the browser accepted on the patient's own day passes there too.
 */
export function birthdateProblem(birthdate: IsoDate, today: IsoDate, latest: IsoDate = today): BirthdateProblem | null {
  if (birthdate > latest) return 'future';
  if (birthdate < earliestBirthdate(today)) return 'too-old';
  return (ageOn(birthdate, latest) ?? 0) < MINIMUM_AGE ? 'under-age' : null;
}

/**
 * What the patient (or a client of the API) is told of a problem on a day (the earliest of the
 * server's span), in plain words.
 */
export function birthdateMessage(problem: BirthdateProblem, today: IsoDate): string {
  if (problem === 'future') return 'Your date of birth cannot be in the future.';
  if (problem === 'under-age') return `You must be ${String(MINIMUM_AGE)} or older to use this service.`;
  const [year, month, day] = earliestBirthdate(today).split('-');
  return `Check the year: a date of birth more than ${String(MAX_AGE)} years ago (before ${String(month)}/${String(day)}/${String(year)}) is not possible.`;
}
