import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatDisplayDate, localIsoDate } from '../../src/domain/dates.ts';
import { birthdateToIso } from '../../src/domain/submission.ts';
import { recordingLogger } from './logger.ts';

test('a date is shown as MM/DD/YYYY, long US and MM/YY', () => {
  const logger = recordingLogger();
  expect(formatDisplayDate('2025-03-05', 'MM/DD/YYYY', logger)).toBe('03/05/2025');
  expect(formatDisplayDate('2025-03-05', 'long', logger)).toBe('March 5, 2025');
  expect(formatDisplayDate('2025-03-05', 'MM/YY', logger)).toBe('03/25');
  expect(formatDisplayDate('2009-12-31', 'MM/YY', logger)).toBe('12/09');
  expect(logger.calls).toEqual([]);
});

test('a date alone is shown as that calendar day, whatever the time zone', () => {
  expect(formatDisplayDate('2025-01-01', 'long', recordingLogger())).toBe('January 1, 2025');
});

test('a Date and a timestamp are shown in the local calendar', () => {
  expect(formatDisplayDate(new Date(2025, 10, 9, 23, 30), 'MM/DD/YYYY', recordingLogger())).toBe('11/09/2025');
  const instant = new Date(2025, 6, 4, 12);
  expect(formatDisplayDate(instant.toISOString(), 'long', recordingLogger())).toBe('July 4, 2025');
  expect(localIsoDate(instant)).toBe('2025-07-04');
});

test('invalid input logs the error and returns null', () => {
  for (const input of ['', 'soon', '2025-02-30', '03/05/2025', '2025-13-01T00:00:00Z', new Date(Number.NaN)]) {
    const logger = recordingLogger();
    expect(formatDisplayDate(input, 'MM/DD/YYYY', logger)).toBeNull();
    expect(logger.calls).toEqual([{ message: 'invalid date for display', detail: { format: 'MM/DD/YYYY' } }]);
  }
});

test('property: a birthdate converted to YYYY-MM-DD shows again as the MM/DD/YYYY typed', () => {
  const typed = fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => {
      const [year, month, day] = date.toISOString().slice(0, 10).split('-');
      return `${month ?? ''}/${day ?? ''}/${year ?? ''}`;
    });
  fc.assert(
    fc.property(typed, (text) => {
      const logger = recordingLogger();
      const iso = birthdateToIso(text, logger);
      expect(iso).not.toBeNull();
      expect(formatDisplayDate(iso ?? '', 'MM/DD/YYYY', logger)).toBe(text);
      expect(formatDisplayDate(iso ?? '', 'MM/YY', logger)).toBe(`${text.slice(0, 3)}${text.slice(8)}`);
      expect(formatDisplayDate(iso ?? '', 'long', logger)).toMatch(/^[A-Z][a-z]+ [1-9]\d?, \d{4}$/);
      expect(logger.calls).toEqual([]);
    }),
  );
});
