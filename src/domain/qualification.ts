import { ageOn } from './age-band.ts';
import type { IsoDate } from '../contract/api-types.ts';

/**
 * Whether a patient's assessment answers allow treatment online: the clinic's rule, in one
 * place. The local server's checkCustQualifications answers with it, and the browser proves
 * the funnel's `no-contraindication` fact with it (src/shared/journey/journey-facts.ts), so
 * the results page and a later step never disagree about the same answers.
 */

/** Answers that rule treatment out, by question ref: the reason the patient is told. */
export const DISQUALIFYING_ANSWERS: Readonly<Record<string, string>> = {
  'hormone-cancer': 'A history of hormone-sensitive cancer needs an in-person specialist.',
  'blood-clot': 'A history of blood clots, stroke or heart attack needs an in-person assessment.',
  pregnancy: 'Hormone therapy is not prescribed during pregnancy or breastfeeding, or while planning a pregnancy.',
};

/** The minimum age for treatment. */
export const MINIMUM_AGE = 18;

/** One answer as the rule reads it: its ref and its values (a birthdate as `YYYY-MM-DD`). */
export interface QualifyingAnswer {
  ref: string;
  value: readonly string[];
}

/**
 * Why the answers rule treatment out, each reason once; empty when they do not. Under 18 (a
 * birthdate answer, `YYYY-MM-DD`, on `today`) or a yes to a disqualifying question.
 */
export function disqualifyingReasons(answers: readonly QualifyingAnswer[], today: IsoDate): string[] {
  const reasons: string[] = [];
  for (const answer of answers) {
    const first = answer.value[0] ?? '';
    if (answer.ref.toLowerCase().startsWith('birthdate') && /^\d{4}-\d{2}-\d{2}$/.test(first)) {
      if ((ageOn(first, today) ?? 0) < MINIMUM_AGE) reasons.push(`Treatment is available from age ${MINIMUM_AGE}.`);
    }
    const reason = Object.hasOwn(DISQUALIFYING_ANSWERS, answer.ref) ? DISQUALIFYING_ANSWERS[answer.ref] : undefined;
    if (reason !== undefined && answer.value.some((value) => value.toLowerCase() === 'yes')) reasons.push(reason);
  }
  return [...new Set(reasons)];
}
