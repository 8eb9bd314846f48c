import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { Question } from '../../../src/contract/api-types.ts';
import { loadContract } from '../../../src/contract/openapi.ts';
import {
  focusTargetOf,
  QUESTION_TYPES,
  questionTypeOf,
  UNKNOWN_QUESTION_TYPE,
  validateQuestion,
} from '../../../src/shared/questions/question-types.ts';
import { renderWithProviders } from '../../support/render.tsx';
import { everyTypePage, Harness, question } from './page-fixture.tsx';

const TODAY = new Date(2026, 10, 27);

/** One question of each type, and an answer its rule accepts. */
const CASES: readonly { question: Question; good: string[] }[] = (() => {
  const byType = new Map(everyTypePage().questions.map((item) => [item.type, item]));
  const good: Record<Question['type'], string[]> = {
    'single-choice': ['low'],
    'yes-no': ['no'],
    'multiple-choice': ['fatigue'],
    text: ['Avery'],
    email: ['avery@example.com'],
    phone: ['(212) 555-0123'],
    date: ['1980-04-27'],
    'us-state': ['TX'],
    number: ['180'],
    consent: ['true'],
    address: ['1 Main St', '', 'Austin', 'TX', '78701'],
  };
  return Object.keys(QUESTION_TYPES).map((type) => {
    const found = byType.get(type as Question['type']);
    if (!found) throw new Error(`the fixture page has no ${type} question`);
    return { question: found, good: good[type as Question['type']] };
  });
})();

test('the registry has one entry for each question type of the contract, and no other', () => {
  const schema = loadContract().components.schemas.QuestionType as { enum?: string[] } | undefined;
  expect(Object.keys(QUESTION_TYPES).sort()).toEqual([...(schema?.enum ?? [])].sort());
});

test.each(CASES)(
  'a $question.type question renders, validates and focuses through its entry',
  ({ question: asked, good }) => {
    const entry = questionTypeOf(asked.type);
    expect(entry).not.toBe(UNKNOWN_QUESTION_TYPE);
    renderWithProviders(<entry.Field question={asked} id="field" value={[]} onChange={() => undefined} />);
    // Its label is on screen, as the patient reads it.
    expect(screen.getAllByText(asked.label).length).toBeGreaterThan(0);
    // A required question left blank needs fixing; an answer its rule accepts does not.
    expect(validateQuestion(asked, [], TODAY)).toEqual(expect.any(String));
    expect(validateQuestion(asked, good, TODAY)).toBeUndefined();
    // Focus goes to a control of the field that can take it.
    const target = document.getElementById(focusTargetOf(asked, 'field', []));
    expect(target).not.toBeNull();
    target?.focus();
    expect(target).toHaveFocus();
  },
);

test('prototype names are not question types', () => {
  expect(questionTypeOf('constructor')).toBe(UNKNOWN_QUESTION_TYPE);
  expect(questionTypeOf('toString')).toBe(UNKNOWN_QUESTION_TYPE);
});

test('a question of an unknown type is shown as a note the patient can go past, and nothing they wrote is logged', async () => {
  const user = userEvent.setup();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const onSubmit = vi.fn();
  const signature = {
    ...question({ id: 'signature', type: 'text', label: 'Sign here, Avery Stone' }),
    type: 'signature',
  };
  const page = {
    id: 'p',
    formId: 'MIP',
    title: 'Almost done',
    questions: [signature as unknown as Question, question({ id: 'firstName', type: 'text', label: 'First name' })],
  };
  renderWithProviders(<Harness page={page} onSubmit={onSubmit} />);

  expect(screen.getByText('One question cannot be shown here')).toBeVisible();
  expect(screen.getByText(/You can go on without it, or call us at/)).toBeVisible();
  expect(screen.getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toHaveAttribute(
    'href',
    expect.stringMatching(/^tel:/),
  );
  expect(screen.queryByText('Sign here, Avery Stone')).toBeNull();

  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Avery');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(onSubmit).toHaveBeenCalledWith({ firstName: ['Avery'] });
  expect(logged).toHaveBeenCalledWith('question-page: unknown question type', { type: 'signature' });
  expect(JSON.stringify(logged.mock.calls)).not.toMatch(/Avery/);
  logged.mockRestore();
});
