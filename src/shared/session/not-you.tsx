import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { signOut } from '../api/session.ts';

/**
 * "Not you? Sign out", where the page shows a patient's name (issue 39, point 2): on a shared
 * or borrowed computer, the next person must not go on with someone else's answers. The
 * session ends on the server, then the page is loaded afresh at `startAt` (the campaign's
 * assessment), so nothing of the patient stays in the page's memory either. Signing out
 * offline says so, and leaves the patient where they were.
 */
export function NotYou({ startAt }: { startAt: string }) {
  const [state, setState] = useState<'idle' | 'signing-out' | 'failed'>('idle');
  const press = () => {
    setState('signing-out');
    signOut().then(
      () => {
        // Back would otherwise restore this very page, answers and all, from the browser's
        // back-forward cache: such a page loads afresh instead, as a new visitor's.
        window.addEventListener('pageshow', (event) => {
          if (event.persisted) window.location.reload();
        });
        window.location.replace(startAt);
      },
      () => {
        setState('failed');
      },
    );
  };
  return (
    <Group gap={4} wrap="wrap" align="center">
      <Text size="sm" c="dimmed">
        Not you?
      </Text>
      {/* 44 px tall, as every tap target on a phone (docs/design.md). */}
      <Button
        variant="subtle"
        size="sm"
        h={44}
        px="xs"
        td="underline"
        onClick={press}
        loading={state === 'signing-out'}
      >
        Sign out
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="red.8" role="alert">
          We couldn&apos;t sign you out. Check your connection and try again.
        </Text>
      )}
    </Group>
  );
}
