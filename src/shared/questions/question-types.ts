import type { Question } from '../../contract/api-types.ts';
import { addressQuestionType } from './fields/address-field.tsx';
import { multipleChoiceQuestionType } from './fields/checkbox-group-field.tsx';
import { consentQuestionType } from './fields/consent-field.tsx';
import { dateQuestionType } from './fields/date-field.tsx';
import { emailQuestionType } from './fields/email-field.tsx';
import { numberQuestionType } from './fields/number-field.tsx';
import { phoneQuestionType } from './fields/phone-field.tsx';
import { choiceQuestionType } from './fields/radio-group-field.tsx';
import { textQuestionType } from './fields/text-field.tsx';
import { UnknownQuestionField } from './fields/unknown-question-field.tsx';
import { usStateQuestionType } from './fields/us-state-field.tsx';
import type { QuestionTypeEntry } from './question-type.ts';

/**
 * The question types the app can ask, one entry per type of the contract's `Question['type']`
 * (the `satisfies` makes a type the contract adds a compile error until it has an entry): each
 * holds its control, its rule and its focus target. The question page, the form runner's
 * validation and the billing form all go through here. To add a type: docs/questions.md.
 */
export const QUESTION_TYPES = {
  'single-choice': choiceQuestionType,
  'yes-no': choiceQuestionType,
  'multiple-choice': multipleChoiceQuestionType,
  text: textQuestionType,
  email: emailQuestionType,
  phone: phoneQuestionType,
  date: dateQuestionType,
  'us-state': usStateQuestionType,
  number: numberQuestionType,
  consent: consentQuestionType,
  address: addressQuestionType,
} as const satisfies Record<Question['type'], QuestionTypeEntry>;

/** A type this build does not know (the API added it later): a visible note, and nothing that blocks the page. */
export const UNKNOWN_QUESTION_TYPE: QuestionTypeEntry = { Field: UnknownQuestionField, validate: () => undefined };

/** The entry of a question's type; the fallback for a type not in the registry (looked up as own keys only). */
export function questionTypeOf(type: string): QuestionTypeEntry {
  return Object.hasOwn(QUESTION_TYPES, type)
    ? QUESTION_TYPES[type as keyof typeof QUESTION_TYPES]
    : UNKNOWN_QUESTION_TYPE;
}

/** The message for a question's answer that needs fixing, or undefined when it is fine. */
export function validateQuestion(question: Question, value: readonly string[], today: Date): string | undefined {
  return questionTypeOf(question.type).validate(question, value, today);
}

/** The id of the control to focus when a question's answer needs fixing; `id` is the field's id. */
export function focusTargetOf(question: Question, id: string, value: readonly string[]): string {
  return questionTypeOf(question.type).focusTarget?.(question, id, value) ?? id;
}
