import { InputBase, TextInput } from '@mantine/core';
import type { FieldProps } from './field-props.ts';
import { matchesPattern, MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';

/** Autofill hints for the contact refs the forms use; other questions get none. */
const AUTOCOMPLETE: Readonly<Record<string, string>> = { firstName: 'given-name', lastName: 'family-name' };

/** Answers longer than this get a multi-line box. */
const MULTILINE_FROM = 256;

/** A free-text question; a long answer (maxLength over 255) gets a textarea. */
export function TextField({ question, id, value, onChange, error, disabled }: FieldProps) {
  const ref = question.ref ?? question.id;
  const maxLength = question.validation?.maxLength;
  const common = {
    id,
    label: question.label,
    value: value[0] ?? '',
    required: question.required,
    'aria-required': question.required,
    error,
    disabled,
    maxLength,
  };
  if (maxLength !== undefined && maxLength >= MULTILINE_FROM) {
    // What Mantine's Textarea renders without autosize (where minRows does nothing), without
    // the autosize component that Textarea's module always brings.
    return (
      <InputBase
        component="textarea"
        multiline
        __staticSelector="Textarea"
        {...common}
        onChange={(event) => {
          onChange([event.currentTarget.value]);
        }}
      />
    );
  }
  return (
    <TextInput
      {...common}
      autoComplete={Object.hasOwn(AUTOCOMPLETE, ref) ? AUTOCOMPLETE[ref] : undefined}
      onChange={(event) => {
        onChange([event.currentTarget.value]);
      }}
    />
  );
}

/** Free text: the question's minLength, maxLength and pattern, with its own message when it has one. */
export const textQuestionType: QuestionTypeEntry = {
  Field: TextField,
  validate: whenAnswered(MESSAGES.text, (value, question) => {
    const { minLength, maxLength, pattern, message } = question.validation ?? {};
    if (minLength !== undefined && value.length < minLength) {
      return message ?? `Enter at least ${minLength} characters.`;
    }
    if (maxLength !== undefined && value.length > maxLength) {
      return message ?? `Enter no more than ${maxLength} characters.`;
    }
    return matchesPattern(value, pattern) ? undefined : (message ?? 'Check the format of your answer.');
  }),
};
