import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { focusWhenShown } from '../../lib/focus-when-shown.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { SupportContact } from '../../shared/ui/support-contact.tsx';

/**
 * The booking was refused because the clinic has no way to reach this browser's patient (the
 * server's 409 `contact-needed`: a booking link opened cold, with no assessment or intake
 * before it). Nothing was booked. One way on: the start of the code's funnel, where the
 * patient gives their details (`startUrl`, from the funnel config), and the phone.
 */
export function ContactNeeded({ name, startUrl }: { name: string; startUrl: string }) {
  const message = useRef<HTMLDivElement>(null);
  // Said where the patient pressed Book, and announced: the calendar they chose from is gone.
  useEffect(() => focusWhenShown(() => message.current, { scroll: true }), []);
  return (
    <Stack gap="md">
      <Alert ref={message} color="yellow" role="alert" title="We need your contact details first">
        <Stack gap="xs">
          <Text size="sm">
            Before we can book your {name}, the clinic needs your name, email and phone number, so your clinician can
            send you the link to join and reach you if anything changes.
          </Text>
          <Text size="sm">Nothing was booked. Start from the beginning to give your details, then book your time.</Text>
        </Stack>
      </Alert>
      <ActionBar>
        <Button component={Link} to={startUrl}>
          Start from the beginning
        </Button>
      </ActionBar>
      <SupportContact lead="Prefer to book by phone? Call us at" />
    </Stack>
  );
}
