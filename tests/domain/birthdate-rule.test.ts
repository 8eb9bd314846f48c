import { expect, test } from 'vitest';
import {
  birthdateMessage,
  birthdateProblem,
  daysNowAnywhere,
  earliestBirthdate,
  MAX_AGE,
} from '../../src/domain/birthdate-rule.ts';

const TODAY = '2026-04-27';

test('a birth date exactly 110 years ago today is accepted, a day earlier is refused', () => {
  expect(MAX_AGE).toBe(110);
  expect(earliestBirthdate(TODAY)).toBe('1916-04-27');
  expect(birthdateProblem('1916-04-27', TODAY)).toBeNull();
  expect(birthdateProblem('1916-04-26', TODAY)).toBe('too-old');
});

test('04/27/1900, someone of 126, is refused with the limit in plain words', () => {
  expect(birthdateProblem('1900-04-27', TODAY)).toBe('too-old');
  expect(birthdateMessage('too-old', TODAY)).toBe(
    'Check the year: a date of birth more than 110 years ago (before 04/27/1916) is not possible.',
  );
});

test('on 29 February the limit is 28 February of a year with no 29th', () => {
  expect(earliestBirthdate('2028-02-29')).toBe('1918-02-28');
  expect(birthdateProblem('1918-02-28', '2028-02-29')).toBeNull();
  expect(birthdateProblem('1918-02-27', '2028-02-29')).toBe('too-old');
  // 1920 has a 29 February: the limit is that day itself.
  expect(earliestBirthdate('2030-02-28')).toBe('1920-02-28');
  expect(earliestBirthdate('2030-03-01')).toBe('1920-03-01');
});

test('a future date is refused; today itself is not the future (and is under 18)', () => {
  expect(birthdateProblem('2026-04-28', TODAY)).toBe('future');
  expect(birthdateMessage('future', TODAY)).toBe('Your date of birth cannot be in the future.');
  expect(birthdateProblem(TODAY, TODAY)).toBe('under-age');
});

test('under 18 stays its own problem with its own message, from the 18th birthday on it is fine', () => {
  expect(birthdateProblem('2008-04-28', TODAY)).toBe('under-age');
  expect(birthdateProblem('2008-04-27', TODAY)).toBeNull();
  expect(birthdateMessage('under-age', TODAY)).toBe('You must be 18 or older to use this service.');
});

test('the server, not knowing the patient’s time zone, accepts what any day on Earth accepts', () => {
  // 02:00 UTC on 27 April is still 26 April in California and already 27 April in Kiribati.
  const { earliest, latest } = daysNowAnywhere(new Date('2026-04-27T02:00:00Z'));
  expect({ earliest, latest }).toEqual({ earliest: '2026-04-26', latest: '2026-04-27' });
  // Exactly 110 years ago for a patient in California, where it is the 26th.
  expect(birthdateProblem('1916-04-26', earliest, latest)).toBeNull();
  expect(birthdateProblem('1916-04-25', earliest, latest)).toBe('too-old');
  expect(birthdateMessage('too-old', earliest)).toContain('(before 04/26/1916)');
  // Born today in Kiribati is not the future, but a day later is.
  expect(birthdateProblem('2026-04-27', earliest, latest)).toBe('under-age');
  expect(birthdateProblem('2026-04-28', earliest, latest)).toBe('future');
});
