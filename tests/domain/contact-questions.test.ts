import { expect, test } from 'vitest';
import { CONTACT_QUESTIONS, currentContactIds } from '../../src/domain/contact-questions.ts';

test('the old payment-form contact ids read as the contact questions’ ids; other answers are untouched', () => {
  const answers = [
    { ref: 'firstName', questionId: 'firstName', value: ['Ada'] },
    { ref: 'phone', questionId: 'phone', value: ['5125550199'] },
    { ref: 'email', questionId: 'q-email', value: ['ada@example.com'] },
    { ref: 'energy-level', questionId: 'energy-level', value: ['Low'] },
  ];
  expect(currentContactIds(answers)).toEqual([
    { ref: 'firstName', questionId: 'q-first-name', value: ['Ada'] },
    { ref: 'phone', questionId: 'q-phone', value: ['5125550199'] },
    { ref: 'email', questionId: 'q-email', value: ['ada@example.com'] },
    { ref: 'energy-level', questionId: 'energy-level', value: ['Low'] },
  ]);
});

test('every contact question has its own id, distinct from its ref', () => {
  const ids = CONTACT_QUESTIONS.map((question) => question.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const question of CONTACT_QUESTIONS) expect(question.id).not.toBe(question.ref);
});
