import { expect, test } from 'vitest';
import { CLINIC_CALENDAR, holidayOn, schedulingHorizonDays } from '../../src/domain/clinic-calendar.ts';
import { openSlots } from '../../src/server/handlers/scheduling.ts';
import { configTexts, problemsOf } from '../support/config.ts';

const valid = configTexts();

/** A copy of the config with config/clinic-calendar.json changed, as clinic staff would edit it. */
function withCalendar(edit: (json: Record<string, unknown> & { holidays: Record<string, unknown>[] }) => void) {
  const json = JSON.parse(valid['clinic-calendar.json'] ?? '{}') as Record<string, unknown> & {
    holidays: Record<string, unknown>[];
  };
  edit(json);
  return { ...valid, 'clinic-calendar.json': JSON.stringify(json, null, 2) };
}

test('the clinic calendar is checked with the rest of the config, and its holidays are distinct days', () => {
  expect(Object.keys(valid)).toContain('clinic-calendar.json');
  expect(problemsOf(valid)).toEqual([]);
  const dates = CLINIC_CALENDAR.holidays.map((holiday) => holiday.date);
  expect(new Set(dates).size).toBe(dates.length);
});

test('a holiday that is not a date, and a follow-up interval that is missing, are refused', () => {
  const texts = withCalendar((json) => {
    json.holidays.push({ date: '2026-02-30', name: 'No such day' });
    Reflect.deleteProperty(json.followUp as object, 'minDaysAfterFirst');
  });
  expect(problemsOf(texts)).toEqual([
    'config/clinic-calendar.json: /followUp: missing required property "minDaysAfterFirst"',
    `config/clinic-calendar.json: /holidays/${CLINIC_CALENDAR.holidays.length}/date: "2026-02-30" must be a date as YYYY-MM-DD`,
  ]);
});

test('a file missing from the config folder is reported', () => {
  const texts: Record<string, string> = { ...valid };
  Reflect.deleteProperty(texts, 'clinic-calendar.json');
  expect(problemsOf(texts)).toEqual(['config/clinic-calendar.json: /: file is missing']);
});

const CALENDAR = {
  bookingWindowDays: 14,
  followUp: { minDaysAfterFirst: 7, windowDays: 7 },
  holidays: [{ date: '2030-03-06', name: 'A clinic holiday' }],
};
// Weekdays at 9:00 and 14:00 in New York.
const OPENINGS = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, startMinute: 9 * 60 },
  { weekday, startMinute: 14 * 60 },
]);

function slotsFrom(now: string, booked: string[] = []) {
  return openSlots({
    openings: OPENINGS,
    timeZone: 'America/New_York',
    durationMinutes: 30,
    booked: new Set(booked),
    now: new Date(now),
    calendar: CALENDAR,
  });
}

test('the scheduler offers no time on a clinic holiday, none begun or booked, over the calendar’s horizon', () => {
  // Monday March 4, 2030 at 10:00 in New York (15:00 UTC): the 9:00 slot has begun.
  const slots = slotsFrom('2030-03-04T15:00:00.000Z', ['2030-03-05T14:00:00.000Z']);
  const starts = slots.map((slot) => slot.start.toISOString());
  expect(starts[0]).toBe('2030-03-04T19:00:00.000Z');
  expect(starts).not.toContain('2030-03-05T14:00:00.000Z');
  expect(starts.filter((start) => start.startsWith('2030-03-06'))).toEqual([]);
  expect(starts).toContain('2030-03-07T14:00:00.000Z');
  // 28 days from March 4: the last open day is Friday March 29.
  expect(schedulingHorizonDays(CALENDAR)).toBe(28);
  expect(starts.at(-1)).toBe('2030-03-29T18:00:00.000Z');
  expect(slots[0]?.end.toISOString()).toBe('2030-03-04T19:30:00.000Z');
});

test('a holiday is a day in the scheduler’s zone, wherever UTC is', () => {
  // 9:00 and 14:00 on March 6 in New York are 14:00 and 19:00 UTC; the evening before is not the holiday.
  const evening = openSlots({
    openings: [{ weekday: 2, startMinute: 22 * 60 }],
    timeZone: 'America/New_York',
    durationMinutes: 30,
    booked: new Set(),
    now: new Date('2030-03-04T15:00:00.000Z'),
    calendar: CALENDAR,
  });
  // Tuesday March 5 at 22:00 in New York is March 6 in UTC, and still offered.
  expect(evening[0]?.start.toISOString()).toBe('2030-03-06T03:00:00.000Z');
  expect(holidayOn('2030-03-06', CALENDAR)).toBe('A clinic holiday');
  expect(holidayOn('2030-03-05', CALENDAR)).toBeNull();
});
