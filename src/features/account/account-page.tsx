import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApiError } from '../../shared/api/http.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import { SupportContact } from '../../shared/ui/support-contact.tsx';

/** An account page: its heading, its content and the care team's phone at the end. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{title}</Title>
      {children}
      <SupportContact size="sm" />
    </Stack>
  );
}

/** The page while what it shows loads: the heading stays, so the patient knows where they are. */
export function AccountLoading({ title }: { title: string }) {
  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{title}</Title>
      <LoadingIndicator />
    </Stack>
  );
}

/**
 * A link that cannot work: no id, a malformed one, or one the clinic does not know. Trying
 * again will not help, so the page says what to do instead.
 */
export function LinkProblem({ title, heading, children }: { title: string; heading: string; children: ReactNode }) {
  return (
    <AccountPage title={title}>
      <Alert color="yellow" title={heading} role="alert">
        {children}
      </Alert>
    </AccountPage>
  );
}

/** A load that failed for a reason another try may fix. */
export function AccountLoadProblem({
  title,
  what,
  error,
  onRetry,
}: {
  title: string;
  what: string;
  error: ApiError;
  onRetry: () => void;
}) {
  return (
    <AccountPage title={title}>
      <LoadProblem what={what} error={error} onRetry={onRetry} />
    </AccountPage>
  );
}
