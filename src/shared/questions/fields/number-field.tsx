import { TextInput } from '@mantine/core';
import type { FieldProps } from './field-props.ts';
import { MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';

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

/** A number in the question's range; its own message, when it has one, replaces the range's. */
export const numberQuestionType: QuestionTypeEntry = {
  Field: NumberField,
  validate: whenAnswered(
    (question) => question.validation?.message ?? MESSAGES.number,
    (value, question) => {
      const { minimum, maximum, message } = question.validation ?? {};
      const range =
        minimum !== undefined && maximum !== undefined
          ? `Enter a number from ${minimum} to ${maximum}.`
          : minimum !== undefined
            ? `Enter a number of at least ${minimum}.`
            : maximum !== undefined
              ? `Enter a number no more than ${maximum}.`
              : MESSAGES.number;
      if (!/^-?\d+(\.\d+)?$/.test(value)) return message ?? range;
      const number = Number(value);
      if (minimum !== undefined && number < minimum) return message ?? range;
      if (maximum !== undefined && number > maximum) return message ?? range;
      return undefined;
    },
  ),
};
