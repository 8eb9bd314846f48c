import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { ActionBar } from '../layout/action-bar.tsx';
import type { QuestionPage as QuestionPageData } from '../../contract/api-types.ts';
import classes from './question-page.module.css';
import { questionRef } from './question-helpers.ts';
import { focusTargetOf, questionTypeOf } from './question-types.ts';
import { validatePage, type PageErrors } from './validate-page.ts';

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
    const target = focusTargetOf(question, fieldId(focusRequest.ref), values[focusRequest.ref] ?? []);
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
          const { Field } = questionTypeOf(question.type);
          return (
            <Field
              key={question.id}
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
