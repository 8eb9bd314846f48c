import { TextInput } from '@mantine/core';
import type { FieldProps } from './field-props.ts';

function rangeHint(minimum: number | undefined, maximum: number | undefined): string | undefined {
  if (minimum !== undefined && maximum !== undefined) return `From ${minimum} to ${maximum}`;
  if (minimum !== undefined) return `At least ${minimum}`;
  if (maximum !== undefined) return `No more than ${maximum}`;
  return undefined;
}

/** A number question: a native number input with the question's range as min, max and a visible hint. */
export function NumberField({ question, id, value, onChange, error, disabled }: FieldProps) {
  const { minimum, maximum } = question.validation ?? {};
  return (
    <TextInput
      id={id}
      type="number"
      inputMode="numeric"
      min={minimum}
      max={maximum}
      label={question.label}
      description={rangeHint(minimum, maximum)}
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
