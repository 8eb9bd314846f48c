import { ageOn } from './age-band.ts';
import { daysInMonth, isoDayOf, padNumber, parseIsoDate, toIsoDate } from './calendar.ts';
import { MINIMUM_AGE } from './qualification.ts';
import type { IsoDate } from '../contract/api-types.ts';

/**
 * One rule for a birth date (issue 38), wherever it is asked (every date question whose ref says
 * birthdate: the assessment, the intake) or received (the server's saveLead,
 * checkCustQualifications and identity check): a real date, not in the future and not more than
 * MAX_AGE years ago. Nobody alive is older; a date before that is a slip of the year (1900 for
 * 1990), and a record of it would give the clinic a wrong age. Under MINIMUM_AGE is a problem of
 * its own: the forms refuse it at the field, and the server, which may receive it from another
 * client, counts it as a contraindication (src/domain/qualification.ts) rather than a bad request.
 */

/** The oldest a patient can be, in years: a birth date further back is refused. */
export const MAX_AGE = 110;

/** What is wrong with a birth date; `not-a-date` for text that is no real `YYYY-MM-DD` date. */
export type BirthdateProblem = 'not-a-date' | 'future' | 'too-old' | 'under-age';

/**
 * The days it may be where the patient is: the browser knows its own day (pass it alone); the
 * server does not know the patient's time zone, so it passes the span of days it is somewhere on
 * Earth (daysNowAnywhere), and a date the browser accepted on the patient's day passes there too.
 */
export type PatientDay = IsoDate | { earliest: IsoDate; latest: IsoDate };

function spanOf(today: PatientDay): { earliest: IsoDate; latest: IsoDate } {
  return typeof today === 'string' ? { earliest: today, latest: today } : today;
}

/** The days it is somewhere on Earth at an instant: from UTC-12 to UTC+14. */
export function daysNowAnywhere(now: Date): { earliest: IsoDate; latest: IsoDate } {
  const HOUR = 3_600_000;
  return {
    earliest: isoDayOf(new Date(now.getTime() - 12 * HOUR), 'utc'),
    latest: isoDayOf(new Date(now.getTime() + 14 * HOUR), 'utc'),
  };
}

/**
 * The earliest birth date accepted on a day: the same day MAX_AGE years before, which is
 * accepted (on 29 February, the 28th of a year with none). Null for a day that is no real date.
 */
export function earliestBirthdate(today: IsoDate): IsoDate | null {
  const day = parseIsoDate(today);
  if (day === null) return null;
  const year = day.year - MAX_AGE;
  return toIsoDate({ year, month: day.month, day: Math.min(day.day, daysInMonth(year, day.month)) });
}

/**
 * What is wrong with a birth date (`YYYY-MM-DD`) on the patient's day, or null when it is of
 * someone from MINIMUM_AGE to MAX_AGE years old. The checks go in that order: a real date, not
 * after today, not before earliestBirthdate, then old enough.
 */
export function birthdateProblem(birthdate: string, today: PatientDay): BirthdateProblem | null {
  const { earliest, latest } = spanOf(today);
  const first = earliestBirthdate(earliest);
  if (parseIsoDate(birthdate) === null || first === null) return 'not-a-date';
  if (birthdate > latest) return 'future';
  if (birthdate < first) return 'too-old';
  return (ageOn(birthdate, latest) ?? 0) < MINIMUM_AGE ? 'under-age' : null;
}

/** What the patient (or a client of the API) is told of a problem, in plain words. */
export function birthdateMessage(problem: BirthdateProblem, today: PatientDay): string {
  switch (problem) {
    case 'not-a-date':
      return 'Enter a real date of birth.';
    case 'future':
      return 'Your date of birth cannot be in the future.';
    case 'too-old': {
      const first = parseIsoDate(earliestBirthdate(spanOf(today).earliest) ?? '');
      const limit =
        first === null
          ? ''
          : ` (before ${padNumber(first.month, 2)}/${padNumber(first.day, 2)}/${padNumber(first.year, 4)})`;
      return `Check the year: a birth date more than ${MAX_AGE} years ago${limit} is not possible.`;
    }
    case 'under-age':
      return `You must be ${MINIMUM_AGE} or older to use this service.`;
  }
}
