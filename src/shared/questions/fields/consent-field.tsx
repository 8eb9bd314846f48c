import { Checkbox } from '@mantine/core';
import { CONSENT_GIVEN } from '../question-helpers.ts';
import { MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';
import { RequiredMark } from './field-parts.tsx';
import type { FieldProps } from './field-props.ts';

/** A consent question: one checkbox whose label is the consent text; checked stores ['true'], unchecked []. */
export function ConsentField({ question, id, value, onChange, error, disabled }: FieldProps) {
  return (
    <Checkbox
      id={id}
      label={
        <>
          {question.label}
          {question.required && <RequiredMark />}
        </>
      }
      checked={value[0] === CONSENT_GIVEN}
      required={question.required}
      aria-required={question.required}
      aria-invalid={error ? true : undefined}
      error={error}
      disabled={disabled}
      onChange={(event) => {
        onChange(event.currentTarget.checked ? [CONSENT_GIVEN] : []);
      }}
    />
  );
}

/** A consent box: a required one must be ticked. */
export const consentQuestionType: QuestionTypeEntry = {
  Field: ConsentField,
  validate: whenAnswered(MESSAGES.consent, (value) => (value === CONSENT_GIVEN ? undefined : MESSAGES.consent)),
};
