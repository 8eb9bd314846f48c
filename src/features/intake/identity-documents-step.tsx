import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import type { QuestionPage } from '../../contract/api-types.ts';
import { RadioGroupField } from '../../shared/questions/fields/radio-group-field.tsx';
import { TextField } from '../../shared/questions/fields/text-field.tsx';
import { validatePage, type PageErrors } from '../../shared/questions/validate-page.ts';
import {
  IdentityAnswersProblem,
  identityDocumentQuestions,
  INTAKE_FORM_ID,
  ssnDigits,
  type IdentityDocuments,
} from './intake-pages.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { SaveProblem } from '../../shared/ui/save-problem.tsx';

export interface IdentityDocumentsStepProps {
  /** The patient's state; it decides which documents are asked (SPEC §5). */
  state: string;
  /**
   * Runs the identity check; a rejection keeps the patient on the step with what they typed,
   * told why and what to do (Try again).
   */
  onSubmit: (documents: IdentityDocuments) => Promise<void>;
  /** Back to the intake questions. */
  onBack: () => void;
}

type DocumentRef = keyof IdentityDocuments;

/**
 * The last intake step: the identity documents the patient's state asks for (an ID in the
 * states of SPEC §5, and the SSN in Kentucky), or none. What is typed here lives only in this
 * component's state: it is sent once to the identity check and never saved in the journey,
 * so it is gone when the patient moves on or reloads.
 */
export function IdentityDocumentsStep({ state, onSubmit, onBack }: IdentityDocumentsStepProps) {
  const baseId = useId();
  const questions = identityDocumentQuestions(state);
  const [documents, setDocuments] = useState<IdentityDocuments>({});
  const [errors, setErrors] = useState<PageErrors>({});
  const [busy, setBusy] = useState(false);
  // The last press that failed, shown until one succeeds (attempt counts the failures).
  const [problem, setProblem] = useState<{ error: unknown; attempt: number } | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ ref: string; attempt: number }>();
  const fieldId = (ref: string) => `${baseId}-${ref}`;

  useEffect(() => {
    if (!focusRequest) return;
    const target = focusRequest.ref === 'idType' ? `${fieldId('idType')}-option-0` : fieldId(focusRequest.ref);
    document.getElementById(target)?.focus();
    // Only a new submit attempt moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const valueOf = (ref: DocumentRef): string[] => {
    const value = documents[ref];
    return value === undefined ? [] : [value];
  };

  const change = (ref: DocumentRef, value: string | undefined) => {
    setDocuments((previous) => ({ ...previous, [ref]: value }));
    if (Object.hasOwn(errors, ref)) {
      setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([name]) => name !== ref)));
    }
  };

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const page: QuestionPage = { id: 'intake-identity', formId: INTAKE_FORM_ID, questions };
    const values: Record<string, string[]> = {};
    for (const question of questions) {
      const ref = question.ref as DocumentRef;
      const value = documents[ref];
      if (value !== undefined) values[ref] = [ref === 'ssn' ? ssnDigits(value) : value];
    }
    const found = validatePage(page, values);
    const first = questions.map((question) => question.ref ?? question.id).find((ref) => Object.hasOwn(found, ref));
    if (first !== undefined) {
      setErrors(found);
      setFocusRequest((previous) => ({ ref: first, attempt: (previous?.attempt ?? 0) + 1 }));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(documents);
      setProblem(null);
    } catch (error) {
      // What was typed stays for another try.
      setProblem((before) => ({ error, attempt: (before?.attempt ?? 0) + 1 }));
    } finally {
      setBusy(false);
    }
  }

  const errorCount = Object.keys(errors).length;
  const titleId = `${baseId}-title`;
  const asksSsn = questions.some((question) => question.ref === 'ssn');

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-labelledby={titleId}>
      <Stack gap="lg">
        <Title order={2} id={titleId}>
          Confirm your identity
        </Title>
        {questions.length === 0 ? (
          <Text>We confirm your identity with your name, date of birth and state. This takes a moment.</Text>
        ) : (
          <Text>
            The law in your state asks us to confirm your identity before a provider can treat you. We send these
            details once to our identity service and do not keep them.
          </Text>
        )}
        <div role="alert">
          {errorCount > 0 && (
            <Text c="red" fw={600}>
              {errorCount === 1
                ? 'One answer needs fixing before you continue. It is marked below.'
                : `${errorCount} answers need fixing before you continue. They are marked below.`}
            </Text>
          )}
        </div>
        {questions.map((question) => {
          const ref = question.ref as DocumentRef;
          const common = {
            question,
            id: fieldId(ref),
            value: valueOf(ref),
            error: Object.hasOwn(errors, ref) ? errors[ref] : undefined,
            disabled: busy,
          };
          if (ref === 'idType') {
            return (
              <RadioGroupField
                key={ref}
                {...common}
                onChange={(value) => {
                  change(ref, value[0]);
                }}
              />
            );
          }
          if (ref === 'ssn') {
            return (
              <TextInput
                key={ref}
                id={fieldId(ref)}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                label={question.label}
                description="9 digits. It stays hidden as you type, and we do not keep it."
                required
                aria-required
                value={documents.ssn ?? ''}
                error={common.error}
                disabled={busy}
                maxLength={11}
                onChange={(event) => {
                  change(ref, event.currentTarget.value);
                }}
              />
            );
          }
          return (
            <TextField
              key={ref}
              {...common}
              onChange={(value) => {
                change(ref, value[0]);
              }}
            />
          );
        })}
        {asksSsn && (
          <Text size="sm" c="dimmed">
            Kentucky asks for your Social Security number to confirm your identity.
          </Text>
        )}
        {problem !== null &&
          (problem.error instanceof IdentityAnswersProblem ? (
            <Alert role="alert" color="red" title="We cannot check your identity yet">
              {problem.error.message}
            </Alert>
          ) : (
            <SaveProblem error={problem.error} attempt={problem.attempt} retry="submit" busy={busy} />
          ))}
        <ActionBar>
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Confirm and continue'}
          </Button>
          <Button variant="default" disabled={busy} onClick={onBack}>
            Back
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}
