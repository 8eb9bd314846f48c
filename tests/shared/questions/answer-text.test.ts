import { expect, test } from 'vitest';
import type { Question } from '../../../src/contract/api-types.ts';
import { answerText } from '../../../src/shared/questions/answer-text.ts';

const question = (type: Question['type'], options?: Question['options']): Question => ({
  id: 'q',
  ref: 'q',
  type,
  label: 'A question',
  required: true,
  ...(options === undefined ? {} : { options }),
});

test('choices read back as their labels, in the order given', () => {
  const sideEffects = question('multiple-choice', [
    { value: 'headache', label: 'Headaches' },
    { value: 'none', label: 'None of these' },
  ]);
  expect(answerText(sideEffects, ['headache'])).toBe('Headaches');
  expect(answerText(sideEffects, ['none'])).toBe('None of these');
  expect(answerText(question('yes-no'), ['no'])).toBe('No');
  // A value the page no longer offers is shown as it was sent, not dropped.
  expect(answerText(sideEffects, ['retired-option'])).toBe('retired-option');
});

test('a consent reads Yes or No, a date MM/DD/YYYY, an address its parts, a text as typed', () => {
  expect(answerText(question('consent'), ['true'])).toBe('Yes');
  expect(answerText(question('consent'), ['false'])).toBe('No');
  expect(answerText(question('date'), ['1980-04-27'])).toBe('04/27/1980');
  expect(answerText(question('address'), ['12 Juniper Lane', '', 'Austin', 'TX', '78701'])).toBe(
    '12 Juniper Lane, Austin, TX, 78701',
  );
  expect(answerText(question('text'), ['Feeling steady'])).toBe('Feeling steady');
});

test('nothing answered is nothing to show', () => {
  expect(answerText(question('text'), [])).toBeNull();
  expect(answerText(question('text'), ['  '])).toBeNull();
});
