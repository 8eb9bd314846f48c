import type { ComponentType } from 'react';
import type { Question } from '../../contract/api-types.ts';
import { PHONE_EXAMPLE } from '../layout/phone.ts';
import type { FieldProps } from './fields/field-props.ts';

/**
 * What the app knows of one question type (the API's `Question['type']`), in one place: the
 * control that asks it, the rule its answer must meet and where focus goes when the answer
 * needs fixing. The registry (question-types.ts) holds one entry per type; docs/questions.md
 * says how to add one.
 */
export interface QuestionTypeEntry {
  /** The control that asks the question. */
  Field: ComponentType<FieldProps>;
  /**
   * The patient-readable message for an answer that needs fixing, or undefined when it is fine.
   * `value` is the answer as the form holds it (always a list); a blank answer is checked here
   * too (see whenAnswered). `today` is the day the patient answers on (local time).
   */
  validate: (question: Question, value: readonly string[], today: Date) => string | undefined;
  /** The id of the control to focus when the answer needs fixing; `id` is the field's id. @default the field's id */
  focusTarget?: (question: Question, id: string, value: readonly string[]) => string;
}

/** The messages the question types share, so one wording is shown for one problem. */
export const MESSAGES = {
  choose: 'Choose an answer.',
  chooseSome: 'Choose at least one answer.',
  text: 'Enter your answer.',
  email: 'Enter your email address, like name@example.com.',
  phone: `Enter a 10-digit US phone number, like ${PHONE_EXAMPLE}.`,
  date: 'Enter a real date as MM/DD/YYYY, like 04/27/1980.',
  dateNotReal: "That date doesn't exist. Check the month and the day.",
  state: 'Choose your state.',
  number: 'Enter a number, like 42.',
  consent: 'Check the box to agree before you continue.',
  line1: 'Enter your street address.',
  city: 'Enter your city.',
  zip: 'Enter a 5-digit ZIP code, like 10001.',
} as const;

/** Whether an answer has nothing in it but spaces. */
export function isBlank(value: readonly string[]): boolean {
  return value.every((item) => item.trim() === '');
}

/** Whether a value matches the API's pattern; a pattern the browser cannot compile blocks nobody. */
export function matchesPattern(value: string, pattern: string | undefined): boolean {
  if (pattern === undefined) return true;
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    // A pattern the browser cannot compile is the API's fault; the patient is not blocked by it.
    return true;
  }
}

/**
 * The usual shape of a type's rule: a blank answer is fine unless the question is required
 * (then `required` says what to do), and an answer is checked by `check` with its first item
 * trimmed.
 */
export function whenAnswered(
  required: string | ((question: Question) => string),
  check: (first: string, question: Question, value: readonly string[], today: Date) => string | undefined,
): QuestionTypeEntry['validate'] {
  return (question, value, today) => {
    if (isBlank(value)) {
      if (!question.required) return undefined;
      return typeof required === 'string' ? required : required(question);
    }
    return check((value[0] ?? '').trim(), question, value, today);
  };
}
