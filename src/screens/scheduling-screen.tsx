import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getAvailableDates, getEvents } from '../api/scheduling.ts';
import type { TimeSlot } from '../api/types.ts';
import { useBrand } from '../app/brand-context.tsx';
import type { FunnelStep } from '../app/funnel-sync.tsx';
import { useNotifications } from '../app/notifications.tsx';
import { resolveRouteContext } from '../domain/route-context.ts';
import { LoadingIndicator } from '../layout/loading-indicator.tsx';
import {
  bookedAt,
  bookingKeys,
  earlierBooking,
  withBooking,
  withoutPendingBooking,
  type BookedAppointment,
} from '../patient/booking/appointment-records.ts';
import { bookConsult, findSentBooking } from '../patient/booking/book-consult.ts';
import { consultEventType, schedulingUriLike, type ConsultEventType } from '../patient/booking/event-type.ts';
import '../patient/booking/mantine-styles.ts';
import { formatAppointmentTime, slotDays, timeZoneName } from '../patient/booking/slot-format.ts';
import { SlotPicker } from '../patient/booking/slot-picker.tsx';
import { SupportContact } from '../patient/support-contact.tsx';
import { useJourney, type JourneyHandle } from '../patient/journey.tsx';
import { consoleLogger } from '../patient/lead.ts';
import { LoadProblem } from '../patient/load-problem.tsx';
import { useApiData } from '../patient/use-api-data.ts';
import type { ScreenProps } from './screen-props.ts';

/**
 * Consult booking (/mip/calendly/{code}, /f/appointment/{type}/{code}): the free slots of the
 * funnel's consult by day in the patient's time zone, booked once through the scheduling
 * calls and kept in the journey under the step's index, so a reload shows the booking
 * instead of offering to book again. A later booking step of the same funnel (microbh) is a
 * follow-up, offered only after the first consult.
 */
export default function SchedulingScreen({ route, code, step }: ScreenProps) {
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
  // The funnel's step arrives just after the first render; bookings are kept under its index.
  const waiting = journey.status === 'loading' || (route.funnel === true && step === null);
  // A booking sent on an earlier visit whose answer never came is checked before anything is
  // offered; one sent from this page is the booking form's own business.
  const [sentBefore, setSentBefore] = useState<{ stepIndex: number | null; id: string | null } | null>(null);
  if (!waiting && (sentBefore === null || sentBefore.stepIndex !== stepIndex)) {
    setSentBefore({ stepIndex, id: journey.state.records[bookingKeys(stepIndex).pending] ?? null });
  }

  let content;
  if (waiting || sentBefore?.stepIndex !== stepIndex) {
    content = <LoadingIndicator />;
  } else {
    const booked = bookedAt(journey.state, stepIndex);
    const earlier = earlierBooking(journey.state, stepIndex);
    const sent = journey.state.records[bookingKeys(stepIndex).pending];
    if (booked) content = <BookedConsult booked={booked} followUp={earlier !== null} step={step} />;
    else if (sent !== undefined && sent === sentBefore.id)
      content = <SentBookingCheck appointmentId={sent} stepIndex={stepIndex} journey={journey} />;
    else
      content = (
        <BookingForm
          eventType={eventType}
          uriLike={schedulingUriLike(eventType, context.calendlyPage)}
          stepIndex={stepIndex}
          earlier={earlier}
          journey={journey}
          step={step}
        />
      );
  }

  return (
    <Stack gap="lg" py="lg">
      <Title order={1}>{route.title}</Title>
      {content}
    </Stack>
  );
}

function consultName(followUp: boolean): string {
  return followUp ? 'follow-up consult' : 'consult';
}

/** The booked state: when, and Continue (or, on the funnel's last step, what comes next). */
function BookedConsult({
  booked,
  followUp,
  step,
}: {
  booked: BookedAppointment;
  followUp: boolean;
  step: FunnelStep | null;
}) {
  const { brand } = useBrand();
  const when = booked.startTime === undefined ? null : formatAppointmentTime(booked.startTime);
  const name = consultName(followUp);
  return (
    <Stack gap="md">
      <Alert color="green" role="status" title={`Your ${name} is booked`}>
        <Stack gap="xs">
          <Text>{when ? `Your ${name} is booked for ${when}.` : `Your ${name} is booked.`}</Text>
          <Text>We will send you the details and the link to join by email and text message.</Text>
        </Stack>
      </Alert>
      {step?.canNext ? (
        <Group>
          <Button onClick={step.onNext}>Continue</Button>
        </Group>
      ) : (
        <Text>
          You are all set. You can see your appointments in the{' '}
          <Anchor href={brand.portalLink} target="_blank" rel="noopener noreferrer">
            member portal
          </Anchor>
          .
        </Text>
      )}
      <SupportContact lead="Need a different time? Call us at" />
    </Stack>
  );
}

/**
 * A booking was sent and its answer never came (the page was closed or reloaded): ask the
 * scheduler before offering to book again, and record what it says.
 */
function SentBookingCheck({
  appointmentId,
  stepIndex,
  journey,
}: {
  appointmentId: string;
  stepIndex: number | null;
  journey: JourneyHandle;
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
  if (check.status === 'failed') return <LoadProblem what="your booking" error={check.error} onRetry={check.retry} />;
  return <LoadingIndicator />;
}

interface BookingFormProps {
  eventType: ConsultEventType;
  uriLike: string;
  stepIndex: number | null;
  /** The consult booked at an earlier step: this booking follows it up. */
  earlier: BookedAppointment | null;
  journey: JourneyHandle;
  step: FunnelStep | null;
}

/** The free slots, a day and a time chosen, and the booking. */
function BookingForm({ eventType, uriLike, stepIndex, earlier, journey, step }: BookingFormProps) {
  const { showSnackbar } = useNotifications();
  const events = useApiData(`events:${eventType}:${uriLike}`, (signal) =>
    getEvents({ eventType, uriLike }, { signal, maxRetries: 2 }),
  );
  const event =
    events.status === 'ready'
      ? (events.data.events.find((item) => item.eventType === eventType) ?? events.data.events[0] ?? null)
      : undefined;
  const dates = useApiData(event ? `dates:${event.eventType}` : null, (signal) =>
    getAvailableDates(event?.eventType ?? eventType, { signal, maxRetries: 2 }),
  );
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [startTime, setStartTime] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | undefined>();
  const [taken, setTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  // A second click lands before React re-renders the button as busy.
  const sending = useRef(false);

  const followUp = earlier !== null;
  const name = consultName(followUp);
  const takenAlert = taken && (
    <Alert color="yellow" role="alert" title="That time was just taken">
      Someone booked that time while you were choosing. Here are the times that are open now: please choose another.
    </Alert>
  );

  if (events.status === 'failed')
    return <LoadProblem what="the consult times" error={events.error} onRetry={events.retry} />;
  if (dates.status === 'failed')
    return <LoadProblem what="the consult times" error={dates.error} onRetry={dates.retry} />;
  if (event === null) {
    return (
      <Stack gap="md">
        <Alert color="yellow" role="alert" title="Online booking is not available right now">
          We could not find consult times to book online.
        </Alert>
        <SupportContact lead="Please call us to book your consult at" />
      </Stack>
    );
  }
  if (event === undefined || dates.status === 'loading') {
    return (
      <Stack gap="md">
        {takenAlert}
        <LoadingIndicator />
      </Stack>
    );
  }

  // A follow-up starts after the first consult has ended.
  const firstStart = earlier?.startTime === undefined ? Number.NaN : new Date(earlier.startTime).getTime();
  const notBefore = Number.isFinite(firstStart)
    ? new Date(firstStart + event.durationMinutes * 60_000).toISOString()
    : undefined;
  const days = slotDays(dates.data.dates, notBefore);
  if (days.length === 0) {
    return (
      <Stack gap="md">
        {takenAlert}
        <Alert color="yellow" role="alert" title="No open times in the next three weeks">
          Every consult time we can offer online is taken.
        </Alert>
        <SupportContact lead="Please call us and we will find a time with you:" />
      </Stack>
    );
  }
  const day = days.find((item) => item.key === chosenDay) ?? days[0];
  const slot: TimeSlot | undefined = day?.slots.find((item) => item.startTime === startTime);
  // Named on the chosen day: daylight saving time may begin or end within the weeks offered.
  const firstOfDay = day?.slots[0];
  const zoneName = firstOfDay ? timeZoneName(new Date(firstOfDay.startTime)) : '';

  const book = async () => {
    if (sending.current) return;
    if (!slot) {
      setTimeError(`Choose a time for your ${name}.`);
      return;
    }
    sending.current = true;
    setBusy(true);
    setTaken(false);
    try {
      const outcome = await bookConsult({ journey, stepIndex, eventType: event.eventType, slot });
      if (outcome.kind === 'taken') {
        setTaken(true);
        setStartTime(null);
        dates.retry();
        return;
      }
      if (outcome.kind === 'not-sent') return;
      try {
        await journey.save((state) => withBooking(state, stepIndex, outcome.appointment));
      } catch {
        // The booking stands and shows from memory; the journey store has told the patient.
        return;
      }
      if (step?.canNext) step.onNext();
    } catch (error) {
      showSnackbar(error instanceof Error ? error.message : 'Request Timeout');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      {takenAlert}
      <Text>
        {followUp
          ? `Choose a time for your follow-up: a ${event.durationMinutes}-minute video visit with your clinician, after your first consult.`
          : `Choose a time for your ${event.durationMinutes}-minute video consult with a licensed clinician.`}
      </Text>
      <SlotPicker
        days={days}
        dayKey={day?.key ?? ''}
        startTime={slot?.startTime ?? null}
        onDayChange={(key) => {
          setChosenDay(key);
          setStartTime(null);
        }}
        onTimeChange={(time) => {
          setStartTime(time);
          setTimeError(undefined);
        }}
        zoneName={zoneName}
        error={timeError}
        disabled={busy}
      />
      <Group>
        {step?.canBack && (
          <Button variant="default" onClick={step.onBack} disabled={busy}>
            Back
          </Button>
        )}
        <Button onClick={() => void book()} loading={busy}>
          {followUp ? 'Book my follow-up' : 'Book my consult'}
        </Button>
      </Group>
      <SupportContact lead="Prefer to book by phone? Call us at" />
    </Stack>
  );
}
