import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AvailableDate } from '../../../src/contract/api-types.ts';
import { consultCalendar } from '../../../src/features/booking/calendar-file.ts';
import { joinLine } from '../../../src/features/booking/journey-end.tsx';
import { addDays, offeredDays } from '../../../src/features/booking/slot-format.ts';

// The patient is in Chicago: days are theirs, not the scheduler's.
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Chicago';
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

const CALENDAR = { bookingWindowDays: 7, followUp: { minDaysAfterFirst: 7, windowDays: 7 }, holidays: [] };

/** One 9:00 (Chicago, in March 2030 before daylight saving: 15:00 UTC) slot a day, for `count` days from `first`. */
function dailySlots(first: string, count: number): AvailableDate[] {
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(first, index);
    return { date, slots: [{ startTime: `${date}T15:00:00.000Z`, endTime: `${date}T15:30:00.000Z` }] };
  });
}

test('a first consult is offered on the calendar’s window of days from the first open day', () => {
  const days = offeredDays(dailySlots('2030-03-01', 20), undefined, CALENDAR);
  expect(days.map((day) => day.key)).toEqual([
    '2030-03-01',
    '2030-03-02',
    '2030-03-03',
    '2030-03-04',
    '2030-03-05',
    '2030-03-06',
    '2030-03-07',
  ]);
  expect(days[0]?.label).toBe('Friday, March 1, 2030');
  expect(days[0]?.short).toEqual({ weekday: 'Fri', date: 'Mar 1' });
});

test('a follow-up is offered from a week after the first consult’s day, for its own window', () => {
  const days = offeredDays(dailySlots('2030-03-01', 30), '2030-03-04T21:00:00.000Z', CALENDAR);
  expect(days.map((day) => day.key)).toEqual([
    '2030-03-11',
    '2030-03-12',
    '2030-03-13',
    '2030-03-14',
    '2030-03-15',
    '2030-03-16',
    '2030-03-17',
  ]);
  // The first consult's day is the patient's: 03:00 UTC on March 5 is the evening of March 4 in Chicago.
  expect(offeredDays(dailySlots('2030-03-01', 30), '2030-03-05T03:00:00.000Z', CALENDAR)[0]?.key).toBe('2030-03-11');
  expect(offeredDays(dailySlots('2030-03-01', 5), '2030-03-04T15:00:00.000Z', CALENDAR)).toEqual([]);
});

test('the calendar file holds each consult as the brand’s consult, in UTC, and nothing about the treatment', () => {
  const ics =
    consultCalendar({
      appointments: [
        { stepIndex: 1, appointmentId: 'bk_hrt-consult_31697370_AbCdEfGhIj', startTime: '2030-03-04T15:00:00.000Z' },
        {
          stepIndex: 4,
          appointmentId: 'bk_hrt-consult_31707450_KlMnOpQrSt',
          startTime: '2030-03-11T14:00:00.000Z',
          endTime: '2030-03-11T14:15:00.000Z',
        },
      ],
      brandName: "Peak Men's Health",
      host: 'localhost',
      now: new Date('2030-03-01T12:00:00.000Z'),
    }) ?? '';
  const lines = ics.split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.filter((line) => line.startsWith('DTSTART:'))).toEqual([
    'DTSTART:20300304T150000Z',
    'DTSTART:20300311T140000Z',
  ]);
  // No end known: the clinic's 30 minutes.
  expect(lines.filter((line) => line.startsWith('DTEND:'))).toEqual([
    'DTEND:20300304T153000Z',
    'DTEND:20300311T141500Z',
  ]);
  expect(lines.filter((line) => line === "SUMMARY:Consult with Peak Men's Health")).toHaveLength(2);
  expect(lines.filter((line) => line.startsWith('UID:'))).toHaveLength(2);
  expect(ics).not.toMatch(/hrt|hormone/i);
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
});

test('no consult with a known start: no file to offer', () => {
  expect(
    consultCalendar({
      appointments: [{ stepIndex: 4, appointmentId: 'apt_1' }],
      brandName: 'Peak Femme',
      host: 'localhost',
      now: new Date(),
    }),
  ).toBeNull();
});

test('what happens next names both consults of a journey that booked a follow-up', () => {
  expect(
    joinLine([
      { stepIndex: 1, appointmentId: 'a', startTime: '2030-03-04T15:00:00.000Z' },
      { stepIndex: 4, appointmentId: 'b', startTime: '2030-03-11T14:00:00.000Z' },
    ]),
  ).toBe(
    'Join your video consult on Monday, March 4, 2030 at 9:00 AM Central Standard Time, then your follow-up consult on Monday, March 11, 2030 at 9:00 AM Central Daylight Time. The links to join come by email and text message.',
  );
});
