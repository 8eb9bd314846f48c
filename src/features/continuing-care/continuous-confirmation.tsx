import { Card, Group, List, Stack, Text, Title } from '@mantine/core';
import classes from './continuous-confirmation.module.css';
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
    <Stack gap="lg">
      {/* The outcome first, at a glance (GOV.UK's confirmation panel): done, and when. */}
      <Card withBorder radius="md" padding="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <svg className={classes.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="11" />
            <path d="M7 12.5l3.2 3.2L17 9" />
          </svg>
          <Stack gap={4}>
            <Title order={2}>{confirmation.heading}</Title>
            {sent}
          </Stack>
        </Group>
      </Card>
      <Stack gap="xs">
        <Title order={3} size="h4">
          What happens next
        </Title>
        <List type="ordered" spacing="xs">
          {confirmation.next.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
      {children}
      <Text>
        You can follow your treatment in your <MemberPortalLink />.
      </Text>
      <SupportContact />
    </Stack>
  );
}
