import { TextInput } from '@mantine/core';
import type { Question } from '../../../contract/api-types.ts';
import { birthdateMessage, birthdateProblem } from '../../../domain/birthdate-rule.ts';
import { isoDayOf, parseIsoDate } from '../../../domain/calendar.ts';
import { formatTypedDate, isoDateToUs, isUsDateShape, usDateToIso } from '../formats.ts';
import { questionRef } from '../question-helpers.ts';
import { MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';
import type { FieldProps } from './field-props.ts';

/**
 * A date question: one MM/DD/YYYY text box with the format shown. The slashes come by
 * themselves (04271980 reads 04/27/1980), so a phone's number pad is enough. A complete, real
 * date is stored as ['YYYY-MM-DD']; while the patient is still typing, the text itself is
 * stored, which validation reports as not yet a date (or as a date that does not exist).
 */
export function DateField({ question, id, value, onChange, error, disabled }: FieldProps) {
  return (
    <TextInput
      id={id}
      autoComplete={isBirthdateQuestion(question) ? 'bday' : 'off'}
      inputMode="numeric"
      label={question.label}
      description="MM/DD/YYYY, like 04/27/1980"
      value={isoDateToUs(value[0] ?? '')}
      required={question.required}
      aria-required={question.required}
      error={error}
      disabled={disabled}
      onChange={(event) => {
        const text = formatTypedDate(event.currentTarget.value);
        onChange([usDateToIso(text) ?? text]);
      }}
    />
  );
}

/** Whether a date question asks for the patient's birthdate (SPEC: its ref contains "birthdate"). */
export function isBirthdateQuestion(question: Question): boolean {
  return questionRef(question).toLowerCase().includes('birthdate');
}

/** A real date; a birthdate also by the one birth date rule (src/domain/birthdate-rule.ts): 18 to 110 years ago. */
export const dateQuestionType: QuestionTypeEntry = {
  Field: DateField,
  validate: whenAnswered(
    (question) => question.validation?.message ?? MESSAGES.date,
    (value, question, _value, today) => {
      const date = parseIsoDate(value);
      if (!date) {
        // Written right but not on the calendar (02/30/1980, 13/01/2000): the format is not the problem.
        if (isUsDateShape(value) || /^\d{4}-\d{2}-\d{2}$/.test(value)) return MESSAGES.dateNotReal;
        return question.validation?.message ?? MESSAGES.date;
      }
      if (!isBirthdateQuestion(question)) return undefined;
      const day = isoDayOf(today, 'local');
      const problem = birthdateProblem(value, day);
      return problem === null ? undefined : birthdateMessage(problem, day);
    },
  ),
};
