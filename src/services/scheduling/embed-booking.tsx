import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNotifications } from '../../app/notifications.tsx';
import { withBooking } from '../../patient/booking/appointment-records.ts';
import { recordServiceBooking } from '../../patient/booking/book-consult.ts';
import { SupportContact } from '../../patient/support-contact.tsx';
import { BookingFallback } from './booking-fallback.tsx';
import { EMBED_LOAD_TIMEOUT_MS, embedOrigin, embedSrc, readEmbedMessage } from './calendly-messages.ts';
import type { ConsultBookingProps } from './consult-booking.ts';

export interface EmbedBookingProps extends ConsultBookingProps {
  /** The deployment's scheduling URL (SCHEDULING_URL): the organisation's booking pages. */
  baseUrl: string;
  /** How long the embed has to say it loaded. @default EMBED_LOAD_TIMEOUT_MS */
  loadTimeoutMs?: number;
}

type Recording = { appointmentId: string; status: 'sending' | 'failed' };

/**
 * The scheduling service's provider: its booking page in a frame (no script of the service
 * runs in this page, so the policy needs only `frame-src` for its origin). The patient books
 * in the frame; its `calendly.event_scheduled` message names the appointment, which is
 * recorded once through appointmentMadeFromFlow and kept in the journey. A frame that does
 * not say it has loaded within the timeout gets the fallback.
 */
export function EmbedBooking({
  baseUrl,
  eventType,
  stepIndex,
  journey,
  onBooked,
  onSkip,
  loadTimeoutMs = EMBED_LOAD_TIMEOUT_MS,
}: EmbedBookingProps) {
  const { showSnackbar } = useNotifications();
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<'loading' | 'shown' | 'failed'>('loading');
  const [recording, setRecording] = useState<Recording | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // The first scheduled event of this visit: the embed (or a replayed message) may post it again.
  const scheduled = useRef<string | null>(null);

  const src = embedSrc(baseUrl, eventType, window.location.host);
  const origin = embedOrigin(baseUrl);

  const record = async (appointmentId: string) => {
    setRecording({ appointmentId, status: 'sending' });
    try {
      const outcome = await recordServiceBooking({
        journey,
        stepIndex,
        appointmentId,
      });
      if (outcome.kind === 'not-sent') {
        setRecording({ appointmentId, status: 'failed' });
        return;
      }
      try {
        await journey.save((state) => withBooking(state, stepIndex, outcome.appointment));
      } catch {
        // The booking stands and shows from memory; the journey store has told the patient.
        return;
      }
      onBooked();
    } catch (error) {
      setRecording({ appointmentId, status: 'failed' });
      showSnackbar(error instanceof Error ? error.message : 'Request Timeout');
    }
  };
  // The listener is set up once per attempt; the booking it starts sees the latest journey.
  const onScheduled = useEffectEvent((appointmentId: string) => {
    void record(appointmentId);
  });

  useEffect(() => {
    let loaded = false;
    const timer = window.setTimeout(() => {
      if (!loaded) setPhase('failed');
    }, loadTimeoutMs);
    const onMessage = (event: MessageEvent) => {
      const message = readEmbedMessage(event, { origin, source: frame.current?.contentWindow ?? null });
      if (message === null) return;
      if (message.kind === 'loaded') {
        if (!loaded) {
          loaded = true;
          window.clearTimeout(timer);
          setPhase((phase_) => (phase_ === 'loading' ? 'shown' : phase_));
        }
        return;
      }
      if (scheduled.current !== null) return;
      scheduled.current = message.appointmentId;
      onScheduled(message.appointmentId);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [attempt, origin, loadTimeoutMs]);

  if (phase === 'failed' && recording === null) {
    return (
      <BookingFallback
        reason="not-loading"
        onRetry={() => {
          setPhase('loading');
          setAttempt((count) => count + 1);
        }}
        onContinue={() => onSkip(true)}
      />
    );
  }

  return (
    <Stack gap="md">
      {phase === 'loading' && <Text role="status">Loading the booking calendar…</Text>}
      {recording?.status === 'sending' && <Text role="status">Saving your booking…</Text>}
      {recording?.status === 'failed' && (
        <Alert color="red" role="alert" title="We could not save your booking yet">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Your consult is booked with our scheduling service, but our system has not recorded it yet. Please try
              again.
            </Text>
            <Button variant="default" onClick={() => void record(recording.appointmentId)}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      <iframe
        key={attempt}
        ref={frame}
        src={src}
        title="Book your consult"
        width="100%"
        style={{ border: 0, minHeight: 700, width: '100%' }}
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        onError={() => {
          setPhase('failed');
        }}
      />
      <SupportContact lead="Prefer to book by phone? Call us at" />
    </Stack>
  );
}
