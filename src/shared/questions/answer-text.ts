import type { Question } from '../../contract/api-types.ts';
import { isoDateToUs } from './formats.ts';
import { CONSENT_GIVEN, questionOptions } from './question-helpers.ts';

/**
 * An answer as the patient reads it back (a summary of what they sent): the labels of the
 * options chosen, "Yes" or "No" for a consent box, a date as MM/DD/YYYY, an address's parts,
 * else what was typed. Null when there is nothing to show.
 */
export function answerText(question: Question, values: readonly string[]): string | null {
  const shown = values.filter((value) => value.trim() !== '');
  if (shown.length === 0) return null;
  switch (question.type) {
    case 'single-choice':
    case 'multiple-choice':
    case 'yes-no': {
      const options = questionOptions(question);
      return shown.map((value) => options.find((option) => option.value === value)?.label ?? value).join(', ');
    }
    case 'consent':
      return shown.includes(CONSENT_GIVEN) ? 'Yes' : 'No';
    case 'date':
      return shown.map(isoDateToUs).join(', ');
    default:
      return shown.join(', ');
  }
}
