import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ActionBar } from '../../../shared/layout/action-bar.tsx';

export interface UnrecordedBookingProps {
  /**
   * `save`: the scheduling service booked the consult and our API did not record it;
   * `check`: a booking sent on an earlier visit could not be checked with our API.
   */
  problem: 'save' | 'check';
  onRetry: () => void;
  /**
   * Goes on with the booking left pending in the journey, so a later visit to the step records
   * it. Called once.
   */
  onContinue: () => void;
}

const TEXT = {
  save: {
    title: 'We could not save your booking yet',
    body: 'Your consult is booked with our scheduling service, but our system has not recorded it yet. You can try again, or continue: you do not need to book again.',
    goneOnTitle: 'Your consult is booked',
    goneOn: 'Our scheduling service has your booking. Our system will record it when you next open this page.',
  },
  check: {
    title: 'We could not check your booking yet',
    body: 'You booked a consult on an earlier visit, and our system has not confirmed it yet. You can try again, or continue: your booking is kept.',
    goneOnTitle: 'Your booking is kept',
    goneOn: 'Our system will check it when you next open this page.',
  },
} as const;

/**
 * Our API did not answer about a booking the patient has made: Try again, or Continue. Our
 * API being slow or down never holds a patient at the booking step.
 */
export function UnrecordedBooking({ problem, onRetry, onContinue }: UnrecordedBookingProps) {
  const [goneOn, setGoneOn] = useState(false);
  const text = TEXT[problem];
  if (goneOn) {
    // Shown on the funnel's last step, where going on leaves the patient here.
    return (
      <Alert color="green" role="status" title={text.goneOnTitle}>
        <Text size="sm">{text.goneOn}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" title={text.title}>
      <Stack gap="sm">
        <Text size="sm">{text.body}</Text>
        <ActionBar>
          <Button
            onClick={() => {
              setGoneOn(true);
              onContinue();
            }}
          >
            Continue
          </Button>
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
        </ActionBar>
      </Stack>
    </Alert>
  );
}
