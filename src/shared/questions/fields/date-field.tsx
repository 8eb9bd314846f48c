import { TextInput } from '@mantine/core';
import { formatTypedDate, isoDateToUs, usDateToIso } from '../formats.ts';
import { isBirthdateQuestion } from '../validate-page.ts';
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
