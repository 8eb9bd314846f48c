import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ageBand, ageOn } from '../../src/domain/age-band.ts';

test('the band changes on the 30th birthday exactly', () => {
  expect(ageBand('1995-03-05', '2025-03-04')).toBe('18 - 29');
  expect(ageBand('1995-03-05', '2025-03-05')).toBe('30 - 37');
});

test('the band changes on the 38th birthday exactly', () => {
  expect(ageBand('1987-03-05', '2025-03-04')).toBe('30 - 37');
  expect(ageBand('1987-03-05', '2025-03-05')).toBe('38 Plus');
});

test('young and old ages fall in the outer bands', () => {
  expect(ageBand('2007-03-05', '2025-03-05')).toBe('18 - 29');
  expect(ageBand('1940-01-01', '2025-03-05')).toBe('38 Plus');
});

test('someone born on 29 February has a birthday on 1 March in other years', () => {
  expect(ageOn('1996-02-29', '2026-02-28')).toBe(29);
  expect(ageOn('1996-02-29', '2026-03-01')).toBe(30);
  expect(ageOn('1996-02-29', '2024-02-29')).toBe(28);
});

test('an invalid or future birthdate has no band', () => {
  expect(ageBand('1995-02-30', '2025-03-05')).toBeNull();
  expect(ageBand('03/05/1995', '2025-03-05')).toBeNull();
  expect(ageBand('2026-01-01', '2025-03-05')).toBeNull();
});

test('property: the band agrees with the age in whole years', () => {
  const day = fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
  fc.assert(
    fc.property(day, day, (a, b) => {
      const [birthdate, today] = a <= b ? [a, b] : [b, a];
      const age = ageOn(birthdate, today);
      expect(age).not.toBeNull();
      const band = ageBand(birthdate, today);
      expect(band).toBe((age ?? 0) < 30 ? '18 - 29' : (age ?? 0) < 38 ? '30 - 37' : '38 Plus');
      const years = Number(today.slice(0, 4)) - Number(birthdate.slice(0, 4));
      expect(age === years || age === years - 1).toBe(true);
      expect(age === years).toBe(today.slice(5) >= birthdate.slice(5));
    }),
  );
});
