import { Radio, Stack } from '@mantine/core';
import { questionOptions } from '../question-helpers.ts';
import { FieldError, GroupFieldset, GroupLegend } from './field-parts.tsx';
import type { FieldProps } from './field-props.ts';
import { MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';

/** A single-choice or yes-no question: native radios (arrow keys move between them) in a labelled radiogroup. */
export function RadioGroupField({ question, id, value, onChange, error, disabled }: FieldProps) {
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const selected = value[0];
  return (
    <GroupFieldset
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required={question.required}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
      legend={<GroupLegend id={legendId} label={question.label} required={question.required} />}
    >
      <Stack gap="xs" mt="xs">
        {questionOptions(question).map((option, index) => (
          <Radio
            key={option.value}
            id={`${id}-option-${index}`}
            name={id}
            value={option.value}
            label={option.label}
            checked={selected === option.value}
            onChange={() => {
              onChange([option.value]);
            }}
          />
        ))}
      </Stack>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </GroupFieldset>
  );
}

/** Single-choice and yes-no: one of the question's options; focus goes to the option chosen, else the first. */
export const choiceQuestionType: QuestionTypeEntry = {
  Field: RadioGroupField,
  validate: whenAnswered(MESSAGES.choose, (first, question, value) => {
    const known = questionOptions(question).some((option) => option.value === first);
    return known && value.length === 1 ? undefined : MESSAGES.choose;
  }),
  focusTarget: (question, id, value) => {
    const index = questionOptions(question).findIndex((option) => option.value === value[0]);
    return `${id}-option-${Math.max(index, 0)}`;
  },
};
