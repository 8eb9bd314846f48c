import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import type { UsState } from '../../contract/api-types.ts';
import { usStateName } from '../../domain/us-states.ts';
import { CONTACT_QUESTION_OF } from '../billing/billing-values.ts';
import { validateQuestion } from '../questions/question-types.ts';
import { joinStateWaitlist } from '../api/waitlist.ts';
import { ActionBar } from '../layout/action-bar.tsx';

/** The message a state the clinic does not serve yet gets on its field. */
export function notServedMessage(state: string): string {
  return `We don't treat patients in ${usStateName(state)} yet.`;
}

export interface NotServedNoticeProps {
  /** The campaign code: the server reads the product from it. */
  code: string;
  state: UsState;
  /** The address the patient already gave, offered in the field; '' when none. */
  email: string;
  /**
   * Where the patient can say another state: the payment form's field above (`form`), or the
   * assessment they answered (`answers`: the results page, with the way back beside it).
   */
  change: 'form' | 'answers';
}

/**
 * What a patient whose state the clinic does not serve yet is told, before anything is charged
 * (issue 38 point 1): that it does not, that nothing was charged, and a way to hear when it
 * does (`POST /state-waitlist`). The address goes to the server only; it is not kept anywhere
 * in the browser.
 */
export function NotServedNotice({ code, state, email: given, change }: NotServedNoticeProps) {
  const id = useId();
  const [email, setEmail] = useState(given);
  const [error, setError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const sending = useRef(false);
  const name = usStateName(state);

  const submit = async () => {
    if (sending.current) return;
    const problem = validateQuestion(CONTACT_QUESTION_OF.email, [email.trim()], new Date());
    setError(problem);
    if (problem !== undefined) {
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    sending.current = true;
    setStatus('sending');
    try {
      await joinStateWaitlist({ pathCode: code, state, email: email.trim() });
      setStatus('sent');
    } catch {
      setStatus('failed');
    } finally {
      sending.current = false;
    }
  };

  return (
    <Alert color="yellow" title={notServedMessage(state)} role="status" data-testid="not-served">
      <Stack gap="sm">
        <Text size="sm">
          Our clinicians cannot treat patients who live in {name} yet, so we cannot take an order from you.{' '}
          <strong>Nothing has been charged.</strong>{' '}
          {change === 'form'
            ? 'If you live in another state, choose it above.'
            : 'If you live in another state, go back to your answers and change it.'}
        </Text>
        {status === 'sent' ? (
          <Text size="sm" fw={500} role="status">
            Thank you. We will email {email.trim()} as soon as we treat patients in {name}.
          </Text>
        ) : (
          <>
            <TextInput
              id={`${id}-email`}
              label={`Email me when you treat patients in ${name}`}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              error={error}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
              }}
            />
            <ActionBar>
              <Button variant="default" loading={status === 'sending'} onClick={() => void submit()}>
                Tell me when
              </Button>
            </ActionBar>
            {status === 'failed' && (
              <Text size="sm" c="red.8" role="alert">
                We could not save your address. Check your connection and press Tell me when again.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Alert>
  );
}
