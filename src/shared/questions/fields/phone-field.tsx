import { TextInput } from '@mantine/core';
import type { FieldProps } from './field-props.ts';
import { isUsPhone, phoneDigits } from '../formats.ts';
import { matchesPattern, MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';
import { PHONE_EXAMPLE } from '../../layout/phone.ts';

/** A US phone question; stores what the patient typed, and validation reads only its digits. */
export function PhoneField({ question, id, value, onChange, error, disabled }: FieldProps) {
  return (
    <TextInput
      id={id}
      type="tel"
      autoComplete="tel-national"
      inputMode="numeric"
      label={question.label}
      description={`A 10-digit US number, like ${PHONE_EXAMPLE}`}
      value={value[0] ?? ''}
      required={question.required}
      aria-required={question.required}
      error={error}
      disabled={disabled}
      onChange={(event) => {
        onChange([event.currentTarget.value]);
      }}
    />
  );
}

/** A 10-digit US phone number, however punctuated; an API pattern is matched against its digits. */
export const phoneQuestionType: QuestionTypeEntry = {
  Field: PhoneField,
  validate: whenAnswered(MESSAGES.phone, (value, question) => {
    if (!isUsPhone(value)) return MESSAGES.phone;
    const rules = question.validation ?? {};
    return matchesPattern(phoneDigits(value), rules.pattern) ? undefined : (rules.message ?? MESSAGES.phone);
  }),
};
