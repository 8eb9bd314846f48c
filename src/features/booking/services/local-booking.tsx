import { Alert, Button, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { getAvailableDates, getEvents } from '../scheduling-api.ts';
import type { TimeSlot } from '../../../contract/api-types.ts';
import { LoadingIndicator } from '../../../shared/layout/loading-indicator.tsx';
import { BookingProblem, slotBooking } from '../book-consult.ts';
import { ContactNeeded } from '../contact-needed.tsx';
import type { ConsultBooking } from '../../../shared/funnel-step.ts';
import { CLINIC_CALENDAR } from '../../../domain/clinic-calendar.ts';
import { offeredDays } from '../slot-format.ts';
import { formatAppointmentTime, timeZoneName } from '../../../shared/appointment-time.ts';
import { SlotPicker } from '../slot-picker.tsx';
import { LoadProblem } from '../../../shared/ui/load-problem.tsx';
import { SupportContact } from '../../../shared/ui/support-contact.tsx';
import { useApiData } from '../../../shared/api/use-api-data.ts';
import type { ConsultBookingProps } from './consult-booking.ts';
import { ActionBar } from '../../../shared/layout/action-bar.tsx';

/**
 * The local provider: the local server's free slots, a day and a time chosen, and the booking
 * (the id is made in the browser and booked with appointmentMadeFromFlow; see
 * src/features/booking/book-consult.ts).
 */
export function LocalBooking({
  eventType,
  uriLike,
  stepIndex,
  earlier,
  onBack,
  onBook,
  startUrl,
}: ConsultBookingProps) {
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
  // The server will not book without the patient's contact details: nothing was booked.
  const [contactNeeded, setContactNeeded] = useState(false);
  // The last booking that got no answer: it may have been made, so it is kept for the retry.
  const [unanswered, setUnanswered] = useState<BookingProblem | null>(null);
  const [busy, setBusy] = useState(false);
  // A second click lands before React re-renders the button as busy.
  const sending = useRef(false);
  // This attempt's booking: its id is made once for the time chosen, and a retry (Book pressed
  // again, or Try again after the journey write failed) sends the same id; a new time is a new one.
  const attempt = useRef<{ startTime: string; booking: ConsultBooking } | null>(null);

  const followUp = earlier !== null;
  const name = followUp ? 'follow-up consult' : 'consult';
  const takenAlert = taken && (
    <Alert color="yellow" role="alert" title="That time was just taken">
      Someone booked that time while you were choosing. Here are the times that are open now: please choose another.
    </Alert>
  );

  if (contactNeeded) return <ContactNeeded name={name} startUrl={startUrl} />;
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

  // A follow-up is offered a while after the first consult (config/clinic-calendar.json).
  const days = offeredDays(dates.data.dates, earlier?.startTime);
  if (days.length === 0) {
    return (
      <Stack gap="md">
        {takenAlert}
        <Alert
          color="yellow"
          role="alert"
          title={followUp ? 'No open times for your follow-up yet' : 'No open times in the coming weeks'}
        >
          {followUp
            ? 'We cannot offer a follow-up time online yet.'
            : 'Every consult time we can offer online is taken.'}
        </Alert>
        <SupportContact lead="Please call us and we will find a time with you:" />
      </Stack>
    );
  }
  const day = days.find((item) => item.key === chosenDay) ?? days[0];
  const firstWhen = earlier?.startTime === undefined ? null : formatAppointmentTime(earlier.startTime);
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
    let booking = attempt.current?.startTime === slot.startTime ? attempt.current.booking : null;
    if (booking === null) {
      booking = slotBooking(stepIndex, event.eventType, slot);
      if (booking === null) {
        setTaken(true);
        return;
      }
      // Another time after one that got no answer: the scheduler is asked about that one first.
      if (unanswered !== null) booking = { ...booking, unanswered: unanswered.appointmentId };
      attempt.current = { startTime: slot.startTime, booking };
    }
    sending.current = true;
    setBusy(true);
    setTaken(false);
    setUnanswered(null);
    try {
      await onBook(booking);
    } catch (error) {
      if (error instanceof BookingProblem && error.kind === 'taken') {
        attempt.current = null;
        setTaken(true);
        setStartTime(null);
        dates.retry();
      } else if (error instanceof BookingProblem && error.kind === 'contact-needed') {
        attempt.current = null;
        setContactNeeded(true);
      } else if (error instanceof BookingProblem) {
        setUnanswered(error);
      }
      // Any other failure is the journey write's, after the booking: the screen shows it booked.
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
          ? `${firstWhen ? `Your first consult is on ${firstWhen}. ` : ''}Choose a time for your ${event.durationMinutes}-minute follow-up video visit with your clinician, at least ${weeksOrDays(CLINIC_CALENDAR.followUp.minDaysAfterFirst)} after your first consult.`
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
      {/* Just above Book, where the patient is looking, and announced as it appears. */}
      {unanswered !== null && <UnansweredBooking name={name} />}
      <ActionBar>
        <Button onClick={() => void book()} loading={busy}>
          {followUp ? 'Book my follow-up' : 'Book my consult'}
        </Button>
        {onBack && (
          <Button variant="default" onClick={onBack} disabled={busy}>
            Back
          </Button>
        )}
      </ActionBar>
      <SupportContact lead="Prefer to book by phone? Call us at" />
    </Stack>
  );
}

/**
 * The scheduler did not answer a booking (offline, or our service down): the chosen time is
 * kept, and Book sends the same booking again, so the patient is never booked twice.
 */
function UnansweredBooking({ name }: { name: string }) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <Alert color="red" role="alert" title={`Your ${name} is not booked yet`}>
      {offline
        ? `You are offline, so we could not book your ${name}. Your time is kept: press Book again once you are back online.`
        : `We could not reach our booking service. Your time is kept: press Book again. You will not be booked twice.`}
    </Alert>
  );
}

/** '1 week', '2 weeks' or '10 days': an interval as a patient says it. */
function weeksOrDays(days: number): string {
  if (days % 7 !== 0) return days === 1 ? '1 day' : `${days} days`;
  return days === 7 ? '1 week' : `${days / 7} weeks`;
}
