import { Alert, Button, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { SupportContact } from '../../../shared/ui/support-contact.tsx';
import { ActionBar } from '../../../shared/layout/action-bar.tsx';

export interface BookingFallbackProps {
  /** `not-loading`: the calendar failed or was blocked; `off`: online booking is switched off. */
  reason: 'not-loading' | 'off';
  /** Loads the calendar again (not offered when booking is switched off). */
  onRetry?: (() => void) | undefined;
  /**
   * Goes on without an appointment; rejects when the journey could not be saved. Undefined where
   * the visit must come first (an order in a state that asks one): then the way on is the phone.
   */
  onContinue?: (() => Promise<void>) | undefined;
}

/**
 * The way on when the scheduling service cannot be used: book by phone, try again, or go on
 * now and be called by the care team. A failing calendar never holds a patient at this step.
 */
export function BookingFallback({ reason, onRetry, onContinue }: BookingFallbackProps) {
  const [busy, setBusy] = useState(false);
  // A second click lands before React re-renders the button as busy.
  const sending = useRef(false);
  const go = async () => {
    if (sending.current || onContinue === undefined) return;
    sending.current = true;
    setBusy(true);
    try {
      await onContinue();
    } catch {
      // The journey store has told the patient; they can press again.
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        role="alert"
        title={reason === 'off' ? 'Online booking is not available right now.' : 'The booking calendar is not loading.'}
      >
        <Text>
          {onContinue === undefined
            ? reason === 'off'
              ? 'Call us to book your visit, and we will place your order with you on the phone.'
              : 'It may be blocked by your browser or our scheduling service may be down. You can try again, or call us to book your visit and we will place your order with you on the phone.'
            : reason === 'off'
              ? 'You can book your consult by phone, or go on now and our care team will call you to book it.'
              : 'It may be blocked by your browser or our scheduling service may be down. You can try again, book by phone, or go on now and our care team will call you to book it.'}
        </Text>
      </Alert>
      <SupportContact lead="Book your consult by phone: call us at" />
      <ActionBar>
        {onContinue !== undefined && (
          <Button onClick={() => void go()} loading={busy}>
            Continue without booking now
          </Button>
        )}
        {onRetry && (
          <Button variant="default" onClick={onRetry} disabled={busy}>
            Try again
          </Button>
        )}
      </ActionBar>
    </Stack>
  );
}
