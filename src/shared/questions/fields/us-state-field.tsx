import { NativeSelect } from '@mantine/core';
import { US_STATES } from '../../../domain/us-states.ts';
import type { FieldProps } from './field-props.ts';
import { isUsStateCode } from '../../../domain/us-states.ts';
import { MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...US_STATES.map(({ code, name }) => ({ value: code, label: name })),
];

export interface UsStateSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  required: boolean;
  error?: string | undefined;
  disabled?: boolean | undefined;
  autoComplete?: string;
}

/** A native select of the 50 states and DC whose value is the two-letter code. */
export function UsStateSelect({
  id,
  label,
  value,
  onChange,
  required,
  error,
  disabled,
  autoComplete,
}: UsStateSelectProps) {
  return (
    <NativeSelect
      id={id}
      label={label}
      data={STATE_OPTIONS}
      value={value}
      required={required}
      aria-required={required}
      error={error}
      disabled={disabled}
      autoComplete={autoComplete}
      onChange={(event) => {
        onChange(event.currentTarget.value);
      }}
    />
  );
}

/** A US state question. */
export function UsStateField({ question, id, value, onChange, error, disabled }: FieldProps) {
  return (
    <UsStateSelect
      id={id}
      label={question.label}
      value={value[0] ?? ''}
      required={question.required}
      error={error}
      disabled={disabled}
      onChange={(code) => {
        onChange(code === '' ? [] : [code]);
      }}
    />
  );
}

/** One of the 50 states or DC, by its two-letter code. */
export const usStateQuestionType: QuestionTypeEntry = {
  Field: UsStateField,
  validate: whenAnswered(MESSAGES.state, (value) => (isUsStateCode(value) ? undefined : MESSAGES.state)),
};
