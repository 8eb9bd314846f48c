import { TextInput } from '@mantine/core';
import type { FieldProps } from './field-props.ts';
import { isEmail } from '../formats.ts';
import { MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';

/** An email question: type=email for the right keyboard and autofill. */
export function EmailField({ question, id, value, onChange, error, disabled }: FieldProps) {
  return (
    <TextInput
      id={id}
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      label={question.label}
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

/** An email address, as SPEC §5 defines one. */
export const emailQuestionType: QuestionTypeEntry = {
  Field: EmailField,
  validate: whenAnswered(MESSAGES.email, (value) => (isEmail(value) ? undefined : MESSAGES.email)),
};
