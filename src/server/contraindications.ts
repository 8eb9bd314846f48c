import type { Answer } from '../contract/api-types.ts';
import { isoDayOf } from '../domain/calendar.ts';
import { disqualifyingReasonKeys } from '../domain/qualification.ts';

/**
 * Why a lead's answers rule treatment out, as the keys of src/domain/qualification.ts, today
 * (UTC). A birthdate counts only as the date answer it is. checkCustQualifications answers with
 * it, a refund request (src/server/handlers/refunds.ts) checks the stored answers with it, and the
 * steps after the assessment stand on it (src/server/step-doors.ts).
 */
export function contraindicationsOf(answers: readonly Answer[], now: Date = new Date()): string[] {
  return disqualifyingReasonKeys(
    answers.filter((answer) => answer.type === 'date' || !answer.ref.toLowerCase().startsWith('birthdate')),
    isoDayOf(now, 'utc'),
  );
}
