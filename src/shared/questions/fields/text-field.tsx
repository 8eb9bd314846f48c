import { InputBase, TextInput } from '@mantine/core';
import type { FieldProps } from './field-props.ts';

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
