import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MemberPortalLink, SupportContact } from '../../shared/ui/support-contact.tsx';

/** The finish types of /f/conf/{pathCode}/{finishType} this app sends patients to. */
export const FINISH_TYPES = { refill: 'refill', restart: 'restart' } as const;
export type FinishType = (typeof FINISH_TYPES)[keyof typeof FINISH_TYPES];

interface Confirmation {
  heading: string;
  next: readonly string[];
}

const CONFIRMATIONS: Readonly<Record<string, Confirmation>> = {
  [FINISH_TYPES.refill]: {
    heading: 'Your refill request is in',
    next: [
      'Your provider reviews your answers, usually within one business day.',
      'If your treatment needs a change, our care team contacts you by phone or email first.',
      'Once approved, your next supply ships to you and we email you the tracking details.',
    ],
  },
  [FINISH_TYPES.restart]: {
    heading: 'Your request to restart treatment is in',
    next: [
      'Your provider reviews your answers and your history, usually within one to two business days.',
      'They may ask for a short consult or new lab work before you restart.',
      'Once approved, your medication ships to you and we email you the tracking details.',
    ],
  },
};

/** For a finish type this build does not know: the answers arrived, and who acts next. */
const GENERIC: Confirmation = {
  heading: 'Thank you, your answers are in',
  next: ['Our care team reviews them and contacts you if anything else is needed.'],
};

export function confirmationFor(finishType: string | undefined): Confirmation {
  return finishType !== undefined && Object.hasOwn(CONFIRMATIONS, finishType)
    ? (CONFIRMATIONS[finishType] ?? GENERIC)
    : GENERIC;
}

/**
 * The confirmation after a continuous form or a restart: what happens next, and how to reach
 * us. A request on file adds when it was sent (`sent`, under the heading) and what was sent
 * (`children`, after what happens next).
 */
export function ContinuousConfirmation({
  finishType,
  sent,
  children,
}: {
  finishType: string | undefined;
  sent?: ReactNode;
  children?: ReactNode;
}) {
  const confirmation = confirmationFor(finishType);
  return (
    <Stack gap="md">
      <Title order={2}>{confirmation.heading}</Title>
      {sent}
      <Text fw={600}>What happens next</Text>
      <List type="ordered" spacing="xs">
        {confirmation.next.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {children}
      <Text>
        You can follow your treatment in your <MemberPortalLink />.
      </Text>
      <SupportContact />
    </Stack>
  );
}
