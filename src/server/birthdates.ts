import type { Answer } from '../contract/api-types.ts';
import { birthdateMessage, birthdateProblem, daysNowAnywhere } from '../domain/birthdate-rule.ts';
import { parseIsoDate } from '../domain/calendar.ts';
import { HttpProblem, type FieldProblem } from './problem.ts';

/**
 * Refuses a birth date no patient can have, by the rule the forms use
 * (src/domain/birthdate-rule.ts): a date that is not real, in the future, or more than 110 years
 * ago is a 400 naming the field, thrown before anything is stored. It is checked on whichever
 * day it is where the patient may be (the server does not know their time zone), so a date the
 * browser took on the patient's own day passes. Under 18 is no bad request: it is kept, and the
 * clinic's rule counts it as a contraindication (src/server/contraindications.ts).
 */
export function refuseImplausibleBirthdate(field: string, birthdate: string, now: Date = new Date()): void {
  const problems = birthdateProblems([{ field, birthdate }], now);
  if (problems.length > 0) throw new HttpProblem(400, 'The request is not valid', problems);
}

/** The same for a lead's answers: each date answer whose ref names a birthdate (as contraindications.ts reads them). */
export function refuseImplausibleBirthdates(pointer: string, answers: readonly Answer[], now: Date = new Date()): void {
  const dates = answers.flatMap((answer, index) =>
    answer.type === 'date' && answer.ref.toLowerCase().startsWith('birthdate')
      ? [{ field: `${pointer}/${String(index)}/value/0`, birthdate: answer.value[0] ?? '' }]
      : [],
  );
  const problems = birthdateProblems(dates, now);
  if (problems.length > 0) throw new HttpProblem(400, 'The request is not valid', problems);
}

function birthdateProblems(dates: readonly { field: string; birthdate: string }[], now: Date): FieldProblem[] {
  const { earliest, latest } = daysNowAnywhere(now);
  return dates.flatMap(({ field, birthdate }) => {
    if (parseIsoDate(birthdate) === null) return [{ field, message: 'must be a real date as YYYY-MM-DD' }];
    const problem = birthdateProblem(birthdate, earliest, latest);
    return problem === null || problem === 'under-age' ? [] : [{ field, message: birthdateMessage(problem, earliest) }];
  });
}
