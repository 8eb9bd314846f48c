import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { ActionBar } from '../layout/action-bar.tsx';
import type { Question, QuestionPage as QuestionPageData } from '../../contract/api-types.ts';
import { addressPartId, AddressField } from './fields/address-field.tsx';
import { CheckboxGroupField } from './fields/checkbox-group-field.tsx';
import { ConsentField } from './fields/consent-field.tsx';
import { DateField } from './fields/date-field.tsx';
import { EmailField } from './fields/email-field.tsx';
import type { FieldProps } from './fields/field-props.ts';
import { NumberField } from './fields/number-field.tsx';
import { PhoneField } from './fields/phone-field.tsx';
import { RadioGroupField } from './fields/radio-group-field.tsx';
import { TextField } from './fields/text-field.tsx';
import { UsStateField } from './fields/us-state-field.tsx';
import classes from './question-page.module.css';
import { questionOptions, questionRef } from './question-helpers.ts';
import { invalidAddressPart, validatePage, type PageErrors } from './validate-page.ts';

export interface QuestionPageProps {
  /** One page of a form, as the API returns it. */
  page: QuestionPageData;
  /** The answers by question ref; every answer is a list (a date is ['YYYY-MM-DD']). */
  values: Readonly<Record<string, string[]>>;
  /** Called with a question's whole new answer. */
  onChange: (ref: string, value: string[]) => void;
  /** Messages by question ref, shown next to their fields. */
  errors?: Readonly<Record<string, string>>;
  /** Called with what needs fixing when the patient submits a page that does not validate. */
  onErrors: (errors: PageErrors) => void;
  /** Called when the patient submits a page that validates. */
  onSubmit: () => void;
  /** The submit button's text. @default 'Next' */
  submitLabel?: string;
  /** Whether the page is read-only, e.g. while it is being saved. @default false */
  disabled?: boolean;
  /** Secondary actions after the submit button, such as Back. */
  secondaryActions?: ReactNode;
  /** Shown just above the buttons, where the patient pressed: why the last press did not go through. */
  problem?: ReactNode;
}

function Field({ type, ...props }: FieldProps & { type: Question['type'] }) {
  switch (type) {
    case 'single-choice':
    case 'yes-no':
      return <RadioGroupField {...props} />;
    case 'multiple-choice':
      return <CheckboxGroupField {...props} />;
    case 'text':
      return <TextField {...props} />;
    case 'email':
      return <EmailField {...props} />;
    case 'phone':
      return <PhoneField {...props} />;
    case 'date':
      return <DateField {...props} />;
    case 'us-state':
      return <UsStateField {...props} />;
    case 'number':
      return <NumberField {...props} />;
    case 'consent':
      return <ConsentField {...props} />;
    case 'address':
      return <AddressField {...props} />;
    default:
      // A type the API added after this build: say so instead of dropping the question silently.
      return <Text c="red">This question cannot be shown: {props.question.label}</Text>;
  }
}

/** The control to focus when a question's answer needs fixing. */
function focusTargetId(question: Question, id: string, value: readonly string[]): string {
  switch (question.type) {
    case 'single-choice':
    case 'yes-no': {
      const index = questionOptions(question).findIndex((option) => option.value === value[0]);
      return `${id}-option-${Math.max(index, 0)}`;
    }
    case 'multiple-choice':
      return `${id}-option-0`;
    case 'address':
      return addressPartId(id, invalidAddressPart(question, value)?.part ?? 'line1');
    default:
      return id;
  }
}

/**
 * A controlled form page: it renders one field per question, and on submit validates the
 * answers, calling onSubmit when they are fine, or onErrors and focusing the first field that
 * needs fixing when they are not. It keeps no answers of its own.
 */
export function QuestionPage({
  page,
  values,
  onChange,
  errors = {},
  onErrors,
  onSubmit,
  submitLabel = 'Next',
  disabled = false,
  secondaryActions,
  problem,
}: QuestionPageProps) {
  const baseId = useId();
  const fieldId = (ref: string) => `${baseId}-${ref}`;
  // Focus waits for the render that carries the new errors, so the field is announced as invalid.
  const [focusRequest, setFocusRequest] = useState<{ ref: string; attempt: number }>();

  useEffect(() => {
    if (!focusRequest) return;
    const question = page.questions.find((candidate) => questionRef(candidate) === focusRequest.ref);
    if (!question) return;
    const target = focusTargetId(question, fieldId(focusRequest.ref), values[focusRequest.ref] ?? []);
    document.getElementById(target)?.focus();
    // Only a new submit attempt moves focus; typing afterwards must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled) return;
    const found = validatePage(page, values);
    const first = page.questions.map(questionRef).find((ref) => Object.hasOwn(found, ref));
    if (first === undefined) {
      onSubmit();
      return;
    }
    onErrors(found);
    setFocusRequest((previous) => ({ ref: first, attempt: (previous?.attempt ?? 0) + 1 }));
  }

  const errorCount = page.questions.filter((question) => Object.hasOwn(errors, questionRef(question))).length;
  const titleId = `${baseId}-title`;

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={page.title ? titleId : undefined}>
      <Stack gap="lg">
        {page.title && (
          <Title order={2} id={titleId}>
            {page.title}
          </Title>
        )}
        {page.questions.some((question) => question.required) && (
          <Text size="sm" c="dimmed">
            Questions marked * are required.
          </Text>
        )}
        {/* Always in the page, so screen readers announce it when a message appears. */}
        <div role="alert" className={classes.errorSummary}>
          {errorCount > 0 && (
            <Text c="red" fw={600}>
              {errorCount === 1
                ? 'One answer needs fixing before you continue. It is marked below.'
                : `${errorCount} answers need fixing before you continue. They are marked below.`}
            </Text>
          )}
        </div>
        {page.questions.map((question) => {
          const ref = questionRef(question);
          return (
            <Field
              key={question.id}
              type={question.type}
              question={question}
              id={fieldId(ref)}
              value={values[ref] ?? []}
              onChange={(value) => {
                onChange(ref, value);
              }}
              error={Object.hasOwn(errors, ref) ? errors[ref] : undefined}
              disabled={disabled}
            />
          );
        })}
        {problem}
        <ActionBar>
          <Button type="submit" disabled={disabled}>
            {submitLabel}
          </Button>
          {secondaryActions}
        </ActionBar>
      </Stack>
    </form>
  );
}
