import { ageOn, MINIMUM_AGE } from './age-band.ts';
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

/** One answer as the rule reads it: its ref and its values (a birthdate as `YYYY-MM-DD`). */
export interface QualifyingAnswer {
  ref: string;
  value: readonly string[];
}

/** The reason key of an age under MINIMUM_AGE (the others are the question refs of DISQUALIFYING_ANSWERS). */
export const UNDER_AGE_REASON = 'under-age';

/**
 * Why the answers rule treatment out, as keys, each once, in the order the answers give them:
 * UNDER_AGE_REASON for a birthdate answer (`YYYY-MM-DD`) under MINIMUM_AGE on `today`, else the
 * ref of a disqualifying question answered yes. Empty when nothing rules treatment out. The keys
 * name a reason without its words: what a record for staff (a refund request) keeps.
 */
export function disqualifyingReasonKeys(answers: readonly QualifyingAnswer[], today: IsoDate): string[] {
  const keys: string[] = [];
  for (const answer of answers) {
    const first = answer.value[0] ?? '';
    if (answer.ref.toLowerCase().startsWith('birthdate') && /^\d{4}-\d{2}-\d{2}$/.test(first)) {
      if ((ageOn(first, today) ?? 0) < MINIMUM_AGE) keys.push(UNDER_AGE_REASON);
    }
    if (Object.hasOwn(DISQUALIFYING_ANSWERS, answer.ref) && answer.value.some((value) => value.toLowerCase() === 'yes'))
      keys.push(answer.ref);
  }
  return [...new Set(keys)];
}

/** What the patient is told for a reason key of disqualifyingReasonKeys. */
export function reasonText(key: string): string {
  if (key === UNDER_AGE_REASON) return `Treatment is available from age ${MINIMUM_AGE}.`;
  return (Object.hasOwn(DISQUALIFYING_ANSWERS, key) ? DISQUALIFYING_ANSWERS[key] : undefined) ?? key;
}

/**
 * Why the answers rule treatment out, each reason once, in words; empty when they do not. Under
 * 18 (a birthdate answer, `YYYY-MM-DD`, on `today`) or a yes to a disqualifying question.
 */
export function disqualifyingReasons(answers: readonly QualifyingAnswer[], today: IsoDate): string[] {
  return disqualifyingReasonKeys(answers, today).map(reasonText);
}
