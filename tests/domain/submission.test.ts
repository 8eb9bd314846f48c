import fc from 'fast-check';
import { expect, test } from 'vitest';
import { daysInMonth } from '../../src/domain/calendar.ts';
import { birthdateToIso, buildSubmission } from '../../src/domain/submission.ts';
import { cleanAnswerText } from '../../src/domain/answer-text.ts';
import type { RawAnswer } from '../../src/domain/submission.ts';
import { recordingLogger } from './logger.ts';

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

function raw(ref: string, value: RawAnswer['value'], type: RawAnswer['type'] = 'text'): RawAnswer {
  return { ref, type, questionId: `q-${ref}`, value };
}

test('a submission has the landing id, landing time, answers and an ISO submission time', () => {
  const logger = recordingLogger();
  const submission = buildSubmission(
    {
      landingId: 'abc',
      landedAt: '2025-03-05T10:00:00.000Z',
      answers: [raw('goal', 'energy', 'single-choice')],
      submittedAt: new Date('2025-03-05T10:07:30.000Z'),
    },
    logger,
  );
  expect(submission).toEqual({
    landing_id: 'abc',
    landed_at: '2025-03-05T10:00:00.000Z',
    answers: [{ ref: 'goal', type: 'single-choice', questionId: 'q-goal', value: ['energy'] }],
    submitted_at: '2025-03-05T10:07:30.000Z',
  });
  expect(logger.calls).toEqual([]);
});

test('every answer value is a list, and a birthdate is a one-item list in YYYY-MM-DD', () => {
  const submission = buildSubmission(
    {
      landingId: 'abc',
      landedAt: '2025-03-05T10:00:00.000Z',
      answers: [
        raw('symptoms', ['fatigue', 'sleep'], 'multiple-choice'),
        raw('birthdate', '03/05/1980', 'date'),
        raw('birthdateH2', '12/31/1979', 'text'),
      ],
      submittedAt: new Date('2025-03-05T10:07:30.000Z'),
    },
    recordingLogger(),
  );
  expect(submission?.answers.map((answer) => answer.value)).toEqual([
    ['fatigue', 'sleep'],
    ['1980-03-05'],
    ['1979-12-31'],
  ]);
});

test('a leading # is stripped and text is trimmed', () => {
  expect(cleanAnswerText('  #yes ')).toBe('yes');
  expect(cleanAnswerText('##ref')).toBe('ref');
  expect(cleanAnswerText('# spaced')).toBe('spaced');
  expect(cleanAnswerText('size #2')).toBe('size #2');
});

test('answers with no value left are omitted, and blank items are dropped from a list', () => {
  const submission = buildSubmission(
    {
      landingId: 'abc',
      landedAt: '2025-03-05T10:00:00.000Z',
      answers: [
        raw('a', ''),
        raw('b', '   '),
        raw('c', null),
        raw('d', undefined),
        raw('e', []),
        raw('f', ['#', ' ']),
        raw('g', [' ', 'kept', '']),
      ],
      submittedAt: new Date('2025-03-05T10:07:30.000Z'),
    },
    recordingLogger(),
  );
  expect(submission?.answers).toEqual([{ ref: 'g', type: 'text', questionId: 'q-g', value: ['kept'] }]);
});

test('an invalid birthdate logs the error without the value and the submission is null', () => {
  const logger = recordingLogger();
  const submission = buildSubmission(
    {
      landingId: 'abc',
      landedAt: '2025-03-05T10:00:00.000Z',
      answers: [raw('birthdate', '02/30/1980', 'date')],
      submittedAt: new Date('2025-03-05T10:07:30.000Z'),
    },
    logger,
  );
  expect(submission).toBeNull();
  expect(logger.calls).toHaveLength(1);
  expect(JSON.stringify(logger.calls)).not.toContain('1980');
});

test('birthdates that are not MM/DD/YYYY or do not exist are rejected', () => {
  for (const text of ['1980-03-05', '3/5/1980', '13/01/1980', '00/10/1980', '02/29/1900', '04/31/2000', 'soon', '']) {
    const logger = recordingLogger();
    expect(birthdateToIso(text, logger)).toBeNull();
    expect(logger.calls).toHaveLength(1);
  }
  expect(birthdateToIso('02/29/2000', recordingLogger())).toBe('2000-02-29');
});

test('property: every real date in MM/DD/YYYY converts to the same date in YYYY-MM-DD', () => {
  const realDate = fc
    .record({
      year: fc.integer({ min: 1, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .filter(({ year, month, day }) => day <= daysInMonth(year, month));
  fc.assert(
    fc.property(realDate, ({ year, month, day }) => {
      const logger = recordingLogger();
      const iso = birthdateToIso(`${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`, logger);
      expect(iso).toBe(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`);
      expect(logger.calls).toEqual([]);
    }),
  );
});

test('property: a day past the end of its month is rejected and logged, never rolled over', () => {
  const pastEnd = fc
    .record({
      year: fc.integer({ min: 1, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      extra: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ year, month, extra }) => ({ year, month, day: daysInMonth(year, month) + extra }))
    .filter(({ day }) => day <= 99);
  fc.assert(
    fc.property(pastEnd, ({ year, month, day }) => {
      const logger = recordingLogger();
      expect(birthdateToIso(`${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`, logger)).toBeNull();
      expect(logger.calls).toHaveLength(1);
    }),
  );
});

test('property: cleaned answers are trimmed, start with no #, and cleaning again changes nothing', () => {
  fc.assert(
    fc.property(fc.string(), (text) => {
      const cleaned = cleanAnswerText(text);
      expect(cleaned).toBe(cleaned.trim());
      expect(cleaned.startsWith('#')).toBe(false);
      expect(cleanAnswerText(cleaned)).toBe(cleaned);
    }),
  );
});

test('property: no saved answer has an empty value or an empty item', () => {
  const answer = fc.record({
    ref: fc.constantFrom('a', 'b', 'c'),
    type: fc.constantFrom('text' as const, 'multiple-choice' as const),
    questionId: fc.string(),
    value: fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.string(),
      fc.array(fc.constantFrom('', ' ', '#', 'x', ' #y ')),
    ),
  });
  fc.assert(
    fc.property(fc.array(answer), (answers) => {
      const submission = buildSubmission(
        { landingId: 'id', landedAt: '2025-01-01T00:00:00.000Z', answers, submittedAt: new Date(0) },
        recordingLogger(),
      );
      expect(submission).not.toBeNull();
      for (const saved of submission?.answers ?? []) {
        expect(saved.value.length).toBeGreaterThan(0);
        expect(saved.value).not.toContain('');
      }
    }),
  );
});
