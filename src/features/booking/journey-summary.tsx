import { List, Stack, Title } from '@mantine/core';
import type { JourneyState } from '../../contract/journey-state.ts';
import { bookedAppointments, type BookedAppointment } from './appointment-records.ts';
import { MICROCLINIC_DONE } from './microclinic-areas.ts';
import { formatAppointmentTime } from './slot-format.ts';
import { MemberPortalLink, SupportContact } from '../../shared/ui/support-contact.tsx';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { AddToCalendar } from './add-to-calendar.tsx';
import { orderReference, paidSummaryOf, PAYMENT_COMPLETED } from '../../shared/journey/paid-order.ts';
import { FORM_IDS } from '../../contract/form-ids.ts';

/**
 * What the patient has finished, in words, by the part ids the screens record in `completed`.
 * Parts not named here (internal ones) are not shown. Only that a part is done is shown: never
 * an answer.
 */
const DONE_LABELS: readonly (readonly [part: string, label: string])[] = [
  [FORM_IDS.assessment, 'Your hormone assessment'],
  [PAYMENT_COMPLETED, 'Your payment'],
  [MICROCLINIC_DONE, 'Your microclinic choice'],
  [FORM_IDS.intake, 'Your intake questionnaire'],
  [FORM_IDS.continuingCare, 'Your continuing-care form'],
];

function consultLine(booked: BookedAppointment, index: number): string {
  const name = index === 0 ? 'Your consult' : 'Your follow-up consult';
  const when = booked.startTime === undefined ? null : formatAppointmentTime(booked.startTime);
  return when ? `${name}, booked for ${when}` : `${name}, booked`;
}

/** What the patient does next about their booked consults (the first, and a follow-up). */
export function joinLine(booked: readonly BookedAppointment[]): string {
  const [first, followUp] = booked;
  if (!first) return 'Our care team will contact you to book your video consult with a licensed clinician.';
  const on = (appointment: BookedAppointment) => {
    const when = appointment.startTime === undefined ? null : formatAppointmentTime(appointment.startTime);
    return when ? ` on ${when}` : '';
  };
  if (!followUp) return `Join your video consult${on(first)}. The link to join comes by email and text message.`;
  return `Join your video consult${on(first)}, then your follow-up consult${on(followUp)}. The links to join come by email and text message.`;
}

/** The lines of the 'what you have done' list, in the order a patient does them. */
export function doneLines(state: JourneyState): string[] {
  // The payment line carries the order reference, the one thing to quote when calling about it.
  const paid = paidSummaryOf(state);
  const done = DONE_LABELS.filter(([part]) => state.completed.includes(part)).map(([part, label]) =>
    part === PAYMENT_COMPLETED && paid !== null && paid.orderId !== ''
      ? `${label} (order reference ${orderReference(paid.orderId)})`
      : label,
  );
  return [...done, ...bookedAppointments(state).map(consultLine)];
}

/**
 * The end of a journey: what the patient has done (from the journey), what happens next with
 * "Add to calendar" for the booked consults, the member portal and the support line. For the
 * finish and thank-you pages, where adding the consults to a calendar is the one action.
 */
export function JourneySummary({ state }: { state: JourneyState }) {
  const done = doneLines(state);
  const booked = bookedAppointments(state);
  return (
    <Stack gap="lg">
      {done.length > 0 && (
        <Stack gap="xs">
          <Title order={2}>What you have done</Title>
          <List spacing="xs">
            {done.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={2}>What happens next</Title>
        <List spacing="xs" type="ordered">
          <List.Item>{joinLine(booked)}</List.Item>
          <List.Item>
            If treatment is right for you, your clinician sends your prescription and your medication is shipped to you.
          </List.Item>
          <List.Item>
            See your care, messages and appointments in the <MemberPortalLink />.
          </List.Item>
        </List>
      </Stack>
      {booked.some((appointment) => appointment.startTime !== undefined) && (
        <ActionBar>
          <AddToCalendar appointments={booked} />
        </ActionBar>
      )}
      <SupportContact />
    </Stack>
  );
}
