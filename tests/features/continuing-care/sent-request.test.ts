import { expect, test } from 'vitest';
import type { ContinuousOrder } from '../../../src/contract/api-types.ts';
import { answersOfRequest, isOpen, SENT_REQUEST } from '../../../src/features/continuing-care/sent-request.ts';
import { EFFECTIVENESS_PAGE } from '../../fixtures/continuing-care.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-27T12:00:00.000Z');

function sentDaysAgo(days: number, details: ContinuousOrder['details'] = {}): ContinuousOrder {
  return {
    ktCustomerId: '100235',
    isRestart: false,
    details,
    updatedAt: new Date(NOW.getTime() - days * DAY_MS).toISOString(),
  };
}

test('a request is open for openDays after it was last sent (config/continuing-care.json)', () => {
  expect(SENT_REQUEST.openDays).toBeGreaterThan(0);
  expect(isOpen(sentDaysAgo(0), NOW)).toBe(true);
  expect(isOpen(sentDaysAgo(SENT_REQUEST.openDays - 0.01), NOW)).toBe(true);
  expect(isOpen(sentDaysAgo(SENT_REQUEST.openDays), NOW)).toBe(false);
  expect(isOpen({ ...sentDaysAgo(0), updatedAt: 'not a date' }, NOW)).toBe(false);
  expect(isOpen(sentDaysAgo(3), NOW, { openDays: 2, patientMayChange: true })).toBe(false);
});

test('the form reopens with the answers of its own questions, and nothing else the details hold', () => {
  const order = sentDaysAgo(1, {
    medicationEffectiveness: ['somewhat'],
    'not-a-question-here': ['x'],
    // Not a list of strings: left out rather than put into a form field.
    injected: { nested: true },
  });
  expect(answersOfRequest(order, [EFFECTIVENESS_PAGE])).toEqual({ medicationEffectiveness: ['somewhat'] });
});
