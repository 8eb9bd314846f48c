import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/http.ts';
import { ActionBar } from '../layout/action-bar.tsx';

/** Whether the browser says it is connected, kept up to date by its online and offline events. */
export type Connection = 'online' | 'offline' | 'back-online';

function useConnection(): Connection {
  const [connection, setConnection] = useState<Connection>(() =>
    typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'online',
  );
  useEffect(() => {
    const offline = () => {
      setConnection('offline');
    };
    const online = () => {
      setConnection((before) => (before === 'offline' ? 'back-online' : before));
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return connection;
}

/** What was not saved: a form's answers, or the move on from a page with nothing to type. */
export type SaveSubject = 'answers' | 'progress';

const WORDS: Readonly<
  Record<SaveSubject, { title: string; kept: string; offline: string; backOnline: string; notSaved: string }>
> = {
  answers: {
    title: 'Your answers are not saved yet',
    kept: ' They are kept on this page:',
    offline: 'You are offline, so we could not save your answers.',
    backOnline: 'You are back online. Press Try again to save your answers and go on.',
    notSaved: 'so your answers are not saved yet.',
  },
  progress: {
    title: 'You are still on this page',
    kept: '',
    offline: 'You are offline, so we could not save your progress.',
    backOnline: 'You are back online. Press Try again to go on.',
    notSaved: 'so we could not save your progress.',
  },
};

/** What the patient reads: why the press did nothing, what is kept, and what to do. */
function explanation(error: unknown, connection: Connection, subject: SaveSubject): string {
  const words = WORDS[subject];
  // After what is kept ("...: please"), or, with nothing to keep, a sentence of its own ("Please").
  const then = (rest: string) =>
    words.kept === '' ? ` ${rest.charAt(0).toUpperCase()}${rest.slice(1)}` : `${words.kept} ${rest}`;
  if (connection === 'offline') return `${words.offline}${then('press Try again once you are back online.')}`;
  if (connection === 'back-online') return words.backOnline;
  // A stale tab's answers for a step its funnel has not opened (the server's 409,
  // src/shared/api/step-not-allowed.ts): trying again will not help. Spelled here, on every first load.
  if (error instanceof ApiError && error.body?.reason === 'step-not-allowed')
    return 'This page is ahead of where you are, so these answers are not saved. Please reload the page to go on.';
  const cause =
    error instanceof ApiError && error.status !== null
      ? 'Something went wrong on our side'
      : 'We could not reach our service';
  return `${cause}, ${words.notSaved}${then('please try again.')}`;
}

export interface SaveProblemProps {
  /** Why the save failed: an ApiError (its status tells an answer from no answer), or anything thrown. */
  error: unknown;
  /**
   * Counts the failures: each new one brings the message into view and focus again, so a
   * patient who presses Try again and fails again is told again.
   */
  attempt: number;
  /** Try again: a submit button of the form the message is in (its checks run again), or a click handler. */
  retry: 'submit' | (() => void);
  /** While the retry is under way the button ignores presses (it keeps focus, unlike a disabled one). @default false */
  busy?: boolean;
  /** What was not saved. @default 'answers' */
  subject?: SaveSubject;
}

/**
 * A press that could not be saved (Next, Continue), said where the patient is looking: the
 * message is scrolled into view and focused (a screen reader reads it), says whether the
 * connection is the cause, that the answers are kept, and offers Try again. It follows the
 * connection: offline, then back online. The API's own text (SPEC §8) is shown small, for the
 * care team, when the server answered.
 */
export function SaveProblem({ error, attempt, retry, busy = false, subject = 'answers' }: SaveProblemProps) {
  const connection = useConnection();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [attempt]);

  return (
    <Alert ref={ref} tabIndex={-1} role="alert" color="red" title={WORDS[subject].title}>
      <Stack gap="sm">
        <Text size="sm">{explanation(error, connection, subject)}</Text>
        {error instanceof ApiError && error.status !== null && connection !== 'offline' && (
          <Text size="xs" c="dimmed">
            {error.message}
          </Text>
        )}
        <ActionBar>
          <Button
            variant="default"
            aria-disabled={busy}
            {...(retry === 'submit' ? { type: 'submit' as const } : { onClick: busy ? undefined : retry })}
          >
            {busy ? 'Saving…' : 'Try again'}
          </Button>
        </ActionBar>
      </Stack>
    </Alert>
  );
}
