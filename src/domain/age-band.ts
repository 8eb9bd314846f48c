import { parseIsoDate } from './calendar.ts';
import type { IsoDate } from '../contract/api-types.ts';

/**
 * The youngest a patient can be, in years: under it, the forms refuse the birth date
 * (src/domain/birthdate-rule.ts) and the clinic's rule counts it against treatment
 * (src/domain/qualification.ts). Kept with the age both read, so that neither module loads the
 * other: a page with a date question needs the one, and not the clinic's rule.
 */
export const MINIMUM_AGE = 18;

/** The age bands of SPEC §9, as the clinic labels them. */
export type AgeBand = '18 - 29' | '30 - 37' | '38 Plus';

/**
 * Age in whole years on a day: the birthday counts from the day itself. Someone born on
 * 29 February turns a year older on 1 March in other years. Null when a date is invalid
 * or the birthdate is after today.
 */
export function ageOn(birthdate: IsoDate, today: IsoDate): number | null {
  const born = parseIsoDate(birthdate);
  const now = parseIsoDate(today);
  if (born === null || now === null) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const age = now.year - born.year - (hadBirthday ? 0 : 1);
  return age < 0 ? null : age;
}

/**
 * The age band of a birthdate on `today` (both `YYYY-MM-DD`; pass the patient's local day):
 * under 30 is '18 - 29', 30 to 37 is '30 - 37', 38 or more is '38 Plus' (SPEC §9). Ages
 * under 18 still fall in '18 - 29': eligibility is decided elsewhere. Null for an invalid
 * or future birthdate.
 */
export function ageBand(birthdate: IsoDate, today: IsoDate): AgeBand | null {
  const age = ageOn(birthdate, today);
  if (age === null) return null;
  if (age < 30) return '18 - 29';
  if (age < 38) return '30 - 37';
  return '38 Plus';
}
