import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ApiError } from '../api/http.ts';
import { ActionBar } from '../layout/action-bar.tsx';

/**
 * What a screen shows when what it needs did not load: what went wrong in plain words, the
 * call's own text for support, and a way to try again. Nothing the patient typed is lost.
 */
export function LoadProblem({ what, error, onRetry }: { what: string; error: ApiError; onRetry: () => void }) {
  return (
    <Alert color="red" title={`We could not load ${what}`} role="alert" my="lg">
      <Stack gap="sm">
        <Text size="sm">
          {error.status === null
            ? 'It looks like you are offline or our server is slow to answer. Your answers are kept.'
            : 'Something went wrong on our side. Your answers are kept.'}
        </Text>
        <Text size="xs" c="dimmed">
          {error.message}
        </Text>
        <ActionBar>
          <Button onClick={onRetry}>Try again</Button>
        </ActionBar>
      </Stack>
    </Alert>
  );
}
