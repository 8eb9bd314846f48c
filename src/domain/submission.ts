import { isRealDate, toIsoDate } from './calendar.ts';
import { cleanAnswerText } from './answer-text.ts';
import type { Answer, DateTime, IsoDate, LandingId, QuestionType, Submission } from '../contract/api-types.ts';
import type { DomainLogger } from './logger.ts';

/** Field refs that hold a birthdate (SPEC §3: birthdate, birthdateH2). */
export const BIRTHDATE_REFS: readonly string[] = ['birthdate', 'birthdateH2'];

/** An answer as a form holds it, before the submission rules are applied. */
export interface RawAnswer {
  ref: string;
  type: QuestionType;
  questionId: string;
  value: string | readonly string[] | null | undefined;
}

/** What is saved for a form (SPEC §3): the contract's `Submission`. */
export type { Submission };

/**
 * Converts a birthdate typed as `MM/DD/YYYY` to `YYYY-MM-DD` (SPEC §5). A date that does not
 * exist (`02/30/2001`) or another shape logs the error and returns null (SPEC §8); the value
 * itself is never logged, because a birthdate is patient data.
 */
export function birthdateToIso(text: string, logger: DomainLogger): IsoDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  const date = match === null ? null : { month: Number(match[1]), day: Number(match[2]), year: Number(match[3]) };
  if (date === null || !isRealDate(date)) {
    logger.error('invalid birthdate', { expected: 'MM/DD/YYYY' });
    return null;
  }
  return toIsoDate(date);
}

function isDateAnswer(answer: RawAnswer): boolean {
  return answer.type === 'date' || BIRTHDATE_REFS.includes(answer.ref);
}

/**
 * Applies the answer rules of SPEC §3 and §5 to one answer: the value becomes a list (a date
 * a one-item list), strings are cleaned, empty strings dropped. Returns `'empty'` when
 * nothing is left, so the answer is omitted, and `'invalid-date'` when a date cannot be read.
 */
export function normalizeAnswer(answer: RawAnswer, logger: DomainLogger): Answer | 'empty' | 'invalid-date' {
  const raw = answer.value ?? [];
  const values = (typeof raw === 'string' ? [raw] : raw).map(cleanAnswerText).filter((value) => value !== '');
  const first = values[0];
  if (first === undefined) return 'empty';
  const base = { ref: answer.ref, type: answer.type, questionId: answer.questionId };
  if (!isDateAnswer(answer)) return { ...base, value: values };
  const iso = birthdateToIso(first, logger);
  return iso === null ? 'invalid-date' : { ...base, value: [iso] };
}

/**
 * Builds the submission saved for a form. Returns null when a date answer cannot be read
 * (already logged): saving a lead without its birthdate would lose the age the clinic needs,
 * so the caller keeps the patient on the page instead.
 */
export function buildSubmission(
  input: { landingId: LandingId; landedAt: DateTime; answers: readonly RawAnswer[]; submittedAt: Date },
  logger: DomainLogger,
): Submission | null {
  const answers: Answer[] = [];
  for (const raw of input.answers) {
    const answer = normalizeAnswer(raw, logger);
    if (answer === 'invalid-date') return null;
    if (answer !== 'empty') answers.push(answer);
  }
  return {
    landing_id: input.landingId,
    landed_at: input.landedAt,
    answers,
    submitted_at: input.submittedAt.toISOString(),
  };
}
