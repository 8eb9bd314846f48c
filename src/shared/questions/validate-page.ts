import type { QuestionPage } from '../../contract/api-types.ts';
import { questionRef } from './question-helpers.ts';
import { validateQuestion } from './question-types.ts';

/** Answers by question ref; every answer is a list of strings. */
export type PageValues = Readonly<Record<string, readonly string[] | undefined>>;

/** Error messages by question ref. */
export type PageErrors = Record<string, string>;

export interface ValidateOptions {
  /** The day the patient is answering on (local time); birthdates are checked against it. Today by default. */
  today?: Date;
}

/**
 * Checks the answers of one page and returns a patient-readable message for each question that
 * needs fixing, keyed by question ref; an empty object means the page can be submitted. Each
 * question is checked by its type's rule (question-types.ts).
 */
export function validatePage(page: QuestionPage, values: PageValues, options: ValidateOptions = {}): PageErrors {
  const today = options.today ?? new Date();
  const errors: PageErrors = {};
  for (const question of page.questions) {
    const ref = questionRef(question);
    const message = validateQuestion(question, values[ref] ?? [], today);
    if (message !== undefined) errors[ref] = message;
  }
  return errors;
}
