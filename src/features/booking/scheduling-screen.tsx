import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import type { ConsultBooking, FunnelStep, StepMove } from '../../shared/funnel-step.ts';
import { resolveRouteContext } from '../../domain/route-context.ts';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { focusWhenShown } from '../../lib/focus-when-shown.ts';
import {
  bookedAt,
  bookingKeys,
  earlierBooking,
  skippedAt,
  withBooking,
  withoutPendingBooking,
  withoutSkippedBooking,
  withPendingBooking,
  withSkippedBooking,
  type BookedAppointment,
} from './appointment-records.ts';
import { bookConsult, BookingProblem, findSentBooking, madeAtService } from './book-consult.ts';
import { consultEventType, schedulingUriLike } from './event-type.ts';
import { formatAppointmentTime } from '../../shared/appointment-time.ts';
import { AddToCalendar } from './add-to-calendar.tsx';
import { MemberPortalLink, SupportContact } from '../../shared/ui/support-contact.tsx';
import { useJourney, type JourneyHandle } from '../../shared/journey/journey-context.tsx';
import { consoleLogger } from '../../shared/console-logger.ts';
import { useApiData } from '../../shared/api/use-api-data.ts';
import { track } from '../../shared/services/analytics.ts';
import { useFlag } from '../../shared/services/flags/use-flag.ts';
import { pageServiceSettings } from '../../shared/services/page-settings.ts';
import { BookingFallback } from './services/booking-fallback.tsx';
import { consultBookingProvider, type ConsultBookingProps } from './services/consult-booking.ts';
import { EmbedBooking } from './services/embed-booking.tsx';
import { LocalBooking } from './services/local-booking.tsx';
import { UnrecordedBooking } from './services/unrecorded-booking.tsx';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { SaveProblem } from '../../shared/ui/save-problem.tsx';
import { ENDING_SCREENS } from '../../engine/config-types.ts';
import { funnelStartUrl } from '../../engine/funnel-plan.ts';
import { funnelEngine } from '../../contract/funnel-config.ts';

/**
 * A booking that must come before an order on the same step (issue 38: an ED checkout in a state
 * that asks a live video visit first, src/app/visit-before-order.tsx): the page's title and a
 * word on why, and booked, the patient stays on the step for the order; with no online booking
 * the way on is the phone, never going on without the visit.
 */
export interface SchedulingOptions {
  beforeOrder?: { title: string; intro: ReactNode } | undefined;
}

/**
 * Consult booking (/mip/calendly/{code}, /f/appointment/{type}/{code}) through the
 * deployment's provider (src/features/booking/services/consult-booking.ts): the local server's free
 * slots, or the scheduling service's embed. A booking is kept in the journey under the step's
 * index, so a reload shows the booking instead of offering to book again. A later booking
 * step of the same funnel (microbh) is a follow-up, offered only after the first consult.
 * When the service does not load, the patient can book by phone or go on without booking.
 *
 * Booked, the patient must be able to read the confirmation: when the next step is the
 * funnel's finish page, it confirms the booking (the consult as a card with its calendar file),
 * so the funnel goes straight on and this page shows no confirmation only to take it away;
 * before another step (microbh's assessment), the confirmation stays until they press Continue.
 * Each press is one journey write, the funnel machine's: the booking is the move's work
 * (`bookConsult`), a skip or a booking left pending its record (docs/screens.md).
 */
export default function SchedulingScreen({ route, code, step, beforeOrder }: ScreenProps & SchedulingOptions) {
  const { site, brand } = useBrand();
  const location = useLocation();
  const journey = useJourney(code);
  const context = useMemo(
    () =>
      resolveRouteContext(
        { query: location.search, state: location.state, portalLinkBase: brand.portalLink },
        consoleLogger,
      ),
    [location.search, location.state, brand.portalLink],
  );
  const eventType = consultEventType(site, code);
  const stepIndex = step?.index ?? null;
  const provider = consultBookingProvider(pageServiceSettings().scheduling, useFlag('schedulingEmbed'));
  // The funnel's step arrives just after the first render; bookings are kept under its index.
  const waiting = journey.status === 'loading' || (route.funnel === true && step === null);
  // A booking sent on an earlier visit whose answer never came is checked before anything is
  // offered; one sent from this page is the booking form's own business. Whether the step was
  // booked when the patient arrived tells a booking made here from one shown again.
  const [sentBefore, setSentBefore] = useState<{
    stepIndex: number | null;
    id: string | null;
    booked: boolean;
  } | null>(null);
  if (!waiting && (sentBefore === null || sentBefore.stepIndex !== stepIndex)) {
    setSentBefore({
      stepIndex,
      id: journey.state.records[bookingKeys(stepIndex).pending] ?? null,
      booked: bookedAt(journey.state, stepIndex) !== null,
    });
  }
  // The step whose booking, made on this page, has been written (or failed to be): shown booked.
  const [reportedAt, setReportedAt] = useState<number | null | undefined>(undefined);

  // Going on: the page shows the wait, not the booked state it is leaving, until the next page
  // takes over; when the next step is a booking too (this same page, microbh's follow-up), until
  // the step has moved. If the move cannot be saved, the patient stays, and the booked (or
  // skipped) state shows with its Continue and what went wrong.
  const [going, setGoing] = useState<{ from: number | null; samePage: boolean } | null>(null);
  const goingOn = going !== null && (!going.samePage || going.from === stepIndex);
  // A move of this page that could not be saved, said under the page with Try again (the same move).
  const [problem, setProblem] = useState<{ error: unknown; attempt: number; retry: () => void } | null>(null);
  const failed = (error: unknown, retry: () => void) => {
    setProblem((before) => ({ error, attempt: (before?.attempt ?? 0) + 1, retry }));
  };
  const leave = () => {
    if (!step?.canNext) return false;
    setGoing({ from: stepIndex, samePage: step.laterScreens[0] === 'scheduling' });
    return true;
  };
  // One journey write: the machine's, with the step moved to and the move's record; where there
  // is no step to move to (the funnel's last step, a page outside the steps), the record alone.
  const goOn = async (move: StepMove = {}): Promise<void> => {
    if (!leave()) {
      if (move.record) await journey.save(move.record);
      return;
    }
    try {
      await step?.advance(move);
      setProblem(null);
    } catch (error) {
      setGoing(null);
      failed(error, () => void goOn(move).catch(() => undefined));
      throw error;
    }
  };
  // Reported once per booking: a journey write that failed and its Try again are one booking.
  const reported = useRef<string | null>(null);
  const reportBooked = (appointmentId?: string) => {
    if (appointmentId !== undefined && reported.current === appointmentId) return;
    reported.current = appointmentId ?? null;
    track('consult_booked', { outcome: 'booked' });
  };
  const nextScreen = step?.laterScreens[0];
  const nextConfirms = nextScreen !== undefined && ENDING_SCREENS.includes(nextScreen);
  // The booking is the move: the machine's `bookConsult` books it, then writes the journey once
  // with the booking under the step. When the next step confirms it (the finish page), the
  // patient moves on; else they stay, the journey written at this step, and the page shows the
  // booking with Continue. A booking that fails throws to the form, which says so; a journey
  // write that fails after the booking leaves it shown (kept in memory) with Try again, which
  // sends the same booking id again: the scheduler answers a repeat with the same booking.
  const onBook = async (booking: ConsultBooking): Promise<void> => {
    // Booked before an order, the patient stays: the order is this same step's, next.
    const move = { ...booking, stay: beforeOrder !== undefined || !nextConfirms };
    try {
      if (step?.canNext) await step.advance({ booking: move });
      else await journey.save((await bookConsult(move)).record);
    } catch (error) {
      if (error instanceof BookingProblem) {
        // It may have been made: a later visit asks the scheduler about it before booking again.
        if (error.kind === 'unanswered')
          void journey
            .save((state) => withPendingBooking(state, stepIndex, error.appointmentId), { report: false })
            .catch(() => undefined);
        throw error;
      }
      setReportedAt(stepIndex);
      reportBooked(booking.appointmentId);
      failed(error, () => void onBook(booking).catch(() => undefined));
      throw error;
    }
    setProblem(null);
    reportBooked(booking.appointmentId);
    if (move.stay || !step?.canNext) setReportedAt(stepIndex);
    else setGoing({ from: stepIndex, samePage: step.laterScreens[0] === 'scheduling' });
  };
  // Booked at the scheduling service, not recorded by our API, and the patient goes on: the
  // booking is left pending in the journey, so a later visit to the step records it.
  const onUnrecorded = (appointmentId: string) => {
    setReportedAt(stepIndex);
    reportBooked(appointmentId);
    if (beforeOrder !== undefined) {
      void journey.save((state) => withPendingBooking(state, stepIndex, appointmentId)).catch(() => undefined);
      return;
    }
    void goOn({ record: (state) => withPendingBooking(state, stepIndex, appointmentId) }).catch(() => undefined);
  };
  const onSkip = async (serviceFailed: boolean) => {
    await goOn({ record: (state) => withSkippedBooking(state, stepIndex, new Date().toISOString()) });
    track('consult_booked', { outcome: 'skipped' });
    if (serviceFailed) track('service_fallback', { outcome: 'scheduling' });
  };

  let content;
  let title = beforeOrder?.title ?? route.title;
  if (waiting || goingOn || sentBefore?.stepIndex !== stepIndex) {
    content = <LoadingIndicator />;
  } else {
    const booked = bookedAt(journey.state, stepIndex);
    const earlier = earlierBooking(journey.state, stepIndex);
    // Booked on this page, and the form has not yet said how it went on: nothing to show yet.
    const recording = booked !== null && !sentBefore.booked && sentBefore.id === null && reportedAt !== stepIndex;
    if (booked && !recording) title = bookedTitle(earlier !== null);
    const sent = journey.state.records[bookingKeys(stepIndex).pending];
    const props: ConsultBookingProps = {
      eventType,
      uriLike: schedulingUriLike(eventType, context.calendlyPage),
      stepIndex,
      earlier,
      onBack: step?.canBack ? step.onBack : undefined,
      // Where a patient the server will not book for (no contact details) gives them: the
      // code's funnel's first step as config has it, else the brand's start.
      startUrl: (code === null ? null : funnelStartUrl(funnelEngine, code, site)) ?? brand.startPath,
      onBook,
      onUnrecorded,
      // A visit that must come before the order has no going on without it: the phone is the way.
      onSkip: beforeOrder === undefined ? onSkip : undefined,
    };
    if (recording) content = <LoadingIndicator />;
    else if (booked) content = <BookedConsult booked={booked} earlier={earlier} step={step} />;
    else if (sent !== undefined && sent === sentBefore.id)
      content = (
        <SentBookingCheck
          appointmentId={sent}
          stepIndex={stepIndex}
          journey={journey}
          // A booking the scheduling service made stands whatever our API says; one sent to the
          // local stand-in may not have been made, so going on reports nothing. The patient
          // pressed Continue: they go on either way.
          onContinue={() => {
            if (madeAtService(sent)) reportBooked();
            void goOn().catch(() => undefined);
          }}
        />
      );
    else if (skippedAt(journey.state, stepIndex))
      content = (
        <SkippedConsult
          step={step}
          onBookOnline={
            provider.kind === 'unavailable'
              ? undefined
              : () => journey.save((state) => withoutSkippedBooking(state, stepIndex))
          }
        />
      );
    else if (provider.kind === 'local') content = <LocalBooking {...props} />;
    else if (provider.kind === 'embed') content = <EmbedBooking {...props} baseUrl={provider.baseUrl} />;
    else
      content = (
        <BookingFallback reason="off" onContinue={beforeOrder === undefined ? () => onSkip(false) : undefined} />
      );
  }

  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{title}</Title>
      {beforeOrder?.intro}
      {content}
      {problem !== null && !goingOn && (
        <SaveProblem
          error={problem.error}
          attempt={problem.attempt}
          retry={problem.retry}
          busy={step?.saving === true}
          subject="progress"
        />
      )}
    </Stack>
  );
}

/** The page's heading once the step's consult is booked (a follow-up completes two). */
function bookedTitle(followUp: boolean): string {
  return followUp ? 'Your consults are booked' : 'Your consult is booked';
}

/** '…is booked for Monday, March 9, 2026 at 9:00 AM Central Daylight Time.' */
function bookedSentence(name: string, booked: BookedAppointment): string {
  const when = booked.startTime === undefined ? null : formatAppointmentTime(booked.startTime);
  return when ? `Your ${name} is booked for ${when}.` : `Your ${name} is booked.`;
}

/**
 * The booked state: when, in the patient's zone with the zone named (both consults when this
 * is a follow-up), an "Add to calendar" file of them, and Continue (or, on the funnel's last
 * step, what comes next).
 */
function BookedConsult({
  booked,
  earlier,
  step,
}: {
  booked: BookedAppointment;
  earlier: BookedAppointment | null;
  step: FunnelStep | null;
}) {
  const confirmation = useRef<HTMLDivElement>(null);
  // The patient pressed Book at the foot of a long page: bring the confirmation into view and
  // give it focus, so it is seen and announced rather than left above the fold.
  useEffect(() => focusWhenShown(() => confirmation.current, { scroll: true }), []);
  const canNext = step?.canNext === true;
  return (
    <Stack gap="md">
      <Alert ref={confirmation} color="green" role="status">
        <Stack gap="xs">
          {earlier ? (
            <>
              <Text>{bookedSentence('first consult', earlier)}</Text>
              <Text>{bookedSentence('follow-up consult', booked)}</Text>
            </>
          ) : (
            <Text>{bookedSentence('consult', booked)}</Text>
          )}
          <Text>We will send you the details and the link to join by email and text message.</Text>
        </Stack>
      </Alert>
      <ActionBar>
        {canNext && <Button onClick={step.onNext}>Continue</Button>}
        <AddToCalendar
          appointments={earlier ? [earlier, booked] : [booked]}
          emphasis={canNext ? 'secondary' : 'primary'}
        />
      </ActionBar>
      {!canNext && (
        <Text>
          You are all set. You can see your appointments in the <MemberPortalLink />.
        </Text>
      )}
      <SupportContact lead="Need a different time? Call us at" />
    </Stack>
  );
}

/**
 * The step was passed without booking: the care team will call. Continue (or, on the last
 * step, what comes next), and a way back to the calendar.
 */
function SkippedConsult({
  step,
  onBookOnline,
}: {
  step: FunnelStep | null;
  onBookOnline?: (() => Promise<void>) | undefined;
}) {
  return (
    <Stack gap="md">
      <Alert color="blue" role="status" title="Your consult is not booked yet">
        <Text>Our care team will call you to book your video consult with a licensed clinician.</Text>
      </Alert>
      <ActionBar>
        {step?.canNext && <Button onClick={step.onNext}>Continue</Button>}
        {onBookOnline && (
          // The primary action when there is no step to go on to.
          <Button
            variant={step?.canNext ? 'default' : 'filled'}
            onClick={() => void onBookOnline().catch(() => undefined)}
          >
            Book online now
          </Button>
        )}
      </ActionBar>
      {!step?.canNext && (
        <Text>
          You can see your care and messages in the <MemberPortalLink />.
        </Text>
      )}
      <SupportContact lead="Prefer to book now? Call us at" />
    </Stack>
  );
}

/**
 * A booking was sent and its answer never came (the page was closed or reloaded): ask the
 * scheduler before offering to book again, and record what it says. When our API does not
 * answer (within RECORDING_CALL), the patient can try again or go on; the booking stays
 * pending, to be checked on a later visit.
 */
function SentBookingCheck({
  appointmentId,
  stepIndex,
  journey,
  onContinue,
}: {
  appointmentId: string;
  stepIndex: number | null;
  journey: JourneyHandle;
  onContinue: () => void;
}) {
  const check = useApiData(`sent:${appointmentId}`, async (signal) => {
    const appointment = await findSentBooking(appointmentId, signal);
    // What the scheduler says is kept even if this save fails: the store says so and retries.
    await journey
      .save((state) =>
        appointment ? withBooking(state, stepIndex, appointment) : withoutPendingBooking(state, stepIndex),
      )
      .catch(() => undefined);
    return appointment;
  });
  if (check.status === 'failed') {
    return (
      <Stack gap="md">
        <UnrecordedBooking problem="check" onRetry={check.retry} onContinue={onContinue} />
        <SupportContact lead="Questions about your booking? Call us at" />
      </Stack>
    );
  }
  return <LoadingIndicator />;
}
