import { Checkbox, Input, Stack } from '@mantine/core';
import { noneOption, questionOptions } from '../question-helpers.ts';
import { FieldError, GroupFieldset, GroupLegend } from './field-parts.tsx';
import type { FieldProps } from './field-props.ts';
import { MESSAGES, whenAnswered, type QuestionTypeEntry } from '../question-type.ts';

/**
 * A multiple-choice question: native checkboxes in a fieldset. Checking "None of these" clears
 * the other choices, and checking any other choice clears "None of these".
 */
export function CheckboxGroupField({ question, id, value, onChange, error, disabled }: FieldProps) {
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const none = noneOption(question)?.value;
  // aria-required is not allowed on a group, so a required group says so in its hint.
  const hint = question.required ? 'Choose all that apply (at least one).' : 'Choose all that apply.';
  const describedBy = error ? `${hintId} ${errorId}` : hintId;

  function toggle(optionValue: string, checked: boolean) {
    if (!checked) {
      onChange(value.filter((item) => item !== optionValue));
    } else if (optionValue === none) {
      onChange([optionValue]);
    } else {
      onChange([...value.filter((item) => item !== none && item !== optionValue), optionValue]);
    }
  }

  return (
    <GroupFieldset
      aria-labelledby={legendId}
      disabled={disabled}
      legend={<GroupLegend id={legendId} label={question.label} required={question.required} />}
    >
      <Input.Description id={hintId} mb="xs">
        {hint}
      </Input.Description>
      <Stack gap="xs">
        {questionOptions(question).map((option, index) => (
          <Checkbox
            key={option.value}
            id={`${id}-option-${index}`}
            name={id}
            value={option.value}
            label={option.label}
            checked={value.includes(option.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              toggle(option.value, event.currentTarget.checked);
            }}
          />
        ))}
      </Stack>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </GroupFieldset>
  );
}

/** Multiple-choice: options of the question only, as many as its minItems and maxItems allow; focus goes to the first box. */
export const multipleChoiceQuestionType: QuestionTypeEntry = {
  Field: CheckboxGroupField,
  validate: whenAnswered(
    (question) => question.validation?.message ?? MESSAGES.chooseSome,
    (_first, question, value) => {
      const rules = question.validation ?? {};
      const known = new Set(questionOptions(question).map((option) => option.value));
      if (!value.every((item) => known.has(item))) return MESSAGES.chooseSome;
      if (rules.minItems !== undefined && value.length < rules.minItems) {
        return rules.message ?? `Choose at least ${rules.minItems} answers.`;
      }
      if (rules.maxItems !== undefined && value.length > rules.maxItems) {
        return rules.message ?? `Choose no more than ${rules.maxItems} answers.`;
      }
      return undefined;
    },
  ),
  focusTarget: (_question, id) => `${id}-option-0`,
};
