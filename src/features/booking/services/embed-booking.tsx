import { Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { BookingProblem } from '../book-consult.ts';
import { ContactNeeded } from '../contact-needed.tsx';
import { SupportContact } from '../../../shared/ui/support-contact.tsx';
import { BookingFallback } from './booking-fallback.tsx';
import { EMBED_LOAD_TIMEOUT_MS, embedOrigin, embedSrc, readEmbedMessage } from './calendly-messages.ts';
import type { ConsultBookingProps } from './consult-booking.ts';
import { UnrecordedBooking } from './unrecorded-booking.tsx';

export interface EmbedBookingProps extends ConsultBookingProps {
  /** The deployment's scheduling URL (SCHEDULING_URL): the organisation's booking pages. */
  baseUrl: string;
  /** How long the embed has to say it loaded. @default EMBED_LOAD_TIMEOUT_MS */
  loadTimeoutMs?: number;
}

type Recording = { appointmentId: string; status: 'sending' | 'failed' | 'contact-needed' };

/**
 * The scheduling service's provider: its booking page in a frame (no script of the service
 * runs in this page, so the policy needs only `frame-src` for its origin). The patient books
 * in the frame; its `calendly.event_scheduled` message names the appointment, which is
 * recorded once through appointmentMadeFromFlow and kept in the journey; when our API does
 * not record it, the patient can try again or go on booked (the id stays pending in the
 * journey for a later visit). A frame that does not say it has loaded within the timeout gets
 * the fallback: a frame's `error` event never fires for a page that fails to load, so the
 * timeout is the only detection.
 */
export function EmbedBooking({
  baseUrl,
  eventType,
  stepIndex,
  onBook,
  onUnrecorded,
  onSkip,
  startUrl,
  loadTimeoutMs = EMBED_LOAD_TIMEOUT_MS,
}: EmbedBookingProps) {
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<'loading' | 'shown' | 'failed'>('loading');
  const [recording, setRecording] = useState<Recording | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // The first scheduled event of this visit: the embed (or a replayed message) may post it again.
  const scheduled = useRef<string | null>(null);

  const src = embedSrc(baseUrl, eventType, window.location.host);
  const origin = embedOrigin(baseUrl);

  // Recorded by the funnel's move (its `bookConsult` actor, then the one journey write); a
  // retry sends the same id, which the scheduler answers with the same booking.
  const record = async (appointmentId: string) => {
    setRecording({ appointmentId, status: 'sending' });
    try {
      await onBook({ stepIndex, appointmentId, madeBy: 'service' });
    } catch (error) {
      // Not recorded by our API; any other failure is the journey write's, which the screen tells.
      if (error instanceof BookingProblem)
        setRecording({ appointmentId, status: error.kind === 'contact-needed' ? 'contact-needed' : 'failed' });
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
      // Without the frame's window there is nothing to check the sender against: dropped.
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
        onContinue={onSkip && (() => onSkip(true))}
      />
    );
  }

  // The clinic would have a consult and no one to send its link to: the patient starts with their details.
  if (recording?.status === 'contact-needed') return <ContactNeeded name="consult" startUrl={startUrl} />;

  return (
    <Stack gap="md">
      {phase === 'loading' && <Text role="status">Loading the booking calendar…</Text>}
      {recording?.status === 'sending' && <Text role="status">Saving your booking…</Text>}
      {recording?.status === 'failed' && (
        <UnrecordedBooking
          problem="save"
          onRetry={() => void record(recording.appointmentId)}
          onContinue={() => {
            onUnrecorded(recording.appointmentId);
          }}
        />
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
      />
      <SupportContact lead="Prefer to book by phone? Call us at" />
    </Stack>
  );
}
