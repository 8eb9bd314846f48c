import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { JourneyState } from '../../contract/journey-state.ts';
import type { AfterFinish } from '../../engine/config-types.ts';
import { bookedAppointments, type BookedAppointment } from './appointment-records.ts';
import { MICROCLINIC_DONE } from './microclinic-areas.ts';
import { formatAppointmentTime, formatDay, formatTime, timeZoneName } from '../../shared/appointment-time.ts';
import { MemberPortalLink, SupportContact } from '../../shared/ui/support-contact.tsx';
import { ActionBar } from '../../shared/layout/action-bar.tsx';
import { AddToCalendar } from './add-to-calendar.tsx';
import { orderReference, paidSummaryOf, PAYMENT_COMPLETED } from '../../shared/journey/paid-order.ts';
import { FORM_IDS } from '../../contract/form-ids.ts';
import classes from './journey-end.module.css';

/**
 * What the patient has finished, in words, by the part ids the screens record in `completed`.
 * Parts not named here (internal ones) are not shown. Only that a part is done is shown: never
 * an answer. Booked consults have cards of their own.
 */
const DONE_LABELS: readonly (readonly [part: string, label: string])[] = [
  [FORM_IDS.assessment, 'Your hormone assessment'],
  [PAYMENT_COMPLETED, 'Your payment'],
  [MICROCLINIC_DONE, 'Your microclinic choice'],
  [FORM_IDS.intake, 'Your intake questionnaire'],
  [FORM_IDS.continuingCare, 'Your refill request'],
];

/** The lines of the 'what you have done' list, in the order a patient does them. */
export function doneLines(state: JourneyState): string[] {
  return DONE_LABELS.filter(([part]) => state.completed.includes(part)).map(([, label]) => label);
}

/** What the patient does next about their booked consults (the first, and a follow-up). */
export function joinLine(booked: readonly BookedAppointment[]): string {
  const [first, followUp] = booked;
  if (!first) return 'Our care team will call you to book your video consult with a licensed clinician.';
  const on = (appointment: BookedAppointment) => {
    const when = appointment.startTime === undefined ? null : formatAppointmentTime(appointment.startTime);
    return when ? ` on ${when}` : '';
  };
  if (!followUp) return `Join your video consult${on(first)}. The link to join comes by email and text message.`;
  return `Join your video consult${on(first)}, then your follow-up consult${on(followUp)}. The links to join come by email and text message.`;
}

const PRESCRIPTION =
  'If treatment is right for you, your clinician sends your prescription and your medication is shipped to you.';

/**
 * What comes next, in order, as the funnel's care goes on (config/funnels.json afterFinish): a
 * consult (booked, or the care team calls to book it), a refill review with no consult, or a
 * review of the patient's answers. The member portal is the last line of each.
 */
export function nextLines(afterFinish: AfterFinish, booked: readonly BookedAppointment[]): string[] {
  if (afterFinish === 'refill-review')
    return [
      'Your clinician reviews your refill request. A refill needs no consult: if your clinician has a question, our care team will contact you.',
      'Once your refill is approved, your medication is shipped to you.',
    ];
  if (afterFinish === 'review')
    return [
      'A licensed clinician reviews your answers. If they need to know more, our care team will contact you.',
      PRESCRIPTION,
    ];
  return [joinLine(booked), PRESCRIPTION];
}

/** The panel's sentence: the one thing the patient came to this page to read. */
export function outcomeLine(afterFinish: AfterFinish, state: JourneyState): string {
  const booked = bookedAppointments(state);
  if (afterFinish === 'consult' && booked.length > 1) return 'Your consults are booked.';
  if (afterFinish === 'consult' && booked.length === 1) return 'Your consult is booked.';
  if (afterFinish === 'refill-review' && state.completed.includes(FORM_IDS.continuingCare))
    return 'Your refill request is in.';
  if (paidSummaryOf(state) !== null) return 'Your order is in.';
  return 'Your answers are in.';
}

/** A consult's day, and its time from start to end in the patient's zone, with the zone named. */
function consultWhen(booked: BookedAppointment): { day: string; time: string } | null {
  if (booked.startTime === undefined) return null;
  const start = new Date(booked.startTime);
  if (Number.isNaN(start.getTime())) return null;
  const end = booked.endTime === undefined ? null : new Date(booked.endTime);
  const until = end !== null && !Number.isNaN(end.getTime()) ? ` to ${formatTime(end)}` : '';
  return { day: formatDay(start), time: `${formatTime(start)}${until} ${timeZoneName(start)}` };
}

function CheckMark({ size }: { size: number }) {
  return (
    <svg className={classes.mark} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" />
      <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** One booked consult as a card: the day as its title, the time with the zone, and what it is (how to join is the next step). */
function ConsultCard({ booked, name }: { booked: BookedAppointment; name: string | null }) {
  const when = consultWhen(booked);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={4}>
        {name !== null && (
          <Text size="sm" fw={600} c="dimmed">
            {name}
          </Text>
        )}
        <Title order={3}>{when?.day ?? 'Booked'}</Title>
        {when !== null && <Text>{when.time}</Text>}
        <Text>Video consult with a licensed clinician</Text>
      </Stack>
    </Card>
  );
}

/** A titled part of the page, named by its heading (a region for assistive technology). */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export interface JourneyEndProps {
  /** The page's heading: the route's title. */
  title: string;
  /** A line under the outcome, such as the thank-you page's thanks. */
  intro?: string | undefined;
  state: JourneyState;
  /** What the care team does next (config/funnels.json afterFinish). */
  afterFinish: AfterFinish;
}

/**
 * The end of a journey, as GOV.UK's confirmation pages have it: a panel with the heading, the
 * outcome and the order reference; each booked consult as a card, with "Add to calendar" (its
 * .ics file) as the page's one primary action; what the patient has done, each with a mark;
 * what happens next as the funnel's care goes on (no consult is promised for a refill or a
 * funnel without booking); the member portal and the support line. Never an answer.
 */
export function JourneyEnd({ title, intro, state, afterFinish }: JourneyEndProps) {
  const booked = afterFinish === 'consult' ? bookedAppointments(state) : [];
  const done = doneLines(state);
  const paid = paidSummaryOf(state);
  const reference = paid !== null && paid.orderId !== '' ? orderReference(paid.orderId) : null;
  return (
    <Stack gap="xl" py="lg">
      <div className={classes.panel}>
        <CheckMark size={40} />
        <Title order={1}>{title}</Title>
        <Text size="lg" fw={600}>
          {outcomeLine(afterFinish, state)}
        </Text>
        {reference !== null && (
          <Text>
            Order reference <strong className={classes.reference}>{reference}</strong>
          </Text>
        )}
        {intro !== undefined && <Text>{intro}</Text>}
      </div>

      {booked.length > 0 && (
        <Part title={booked.length > 1 ? 'Your consults' : 'Your consult'}>
          {booked.map((appointment, index) => (
            <ConsultCard
              key={appointment.appointmentId}
              booked={appointment}
              name={booked.length > 1 ? (index === 0 ? 'Your consult' : 'Your follow-up consult') : null}
            />
          ))}
          <ActionBar>
            <AddToCalendar appointments={booked} />
          </ActionBar>
        </Part>
      )}

      {done.length > 0 && (
        <Part title="What you have done">
          <List spacing="xs" center icon={<CheckMark size={22} />}>
            {done.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Part>
      )}

      <Part title="What happens next">
        <List spacing="xs" type="ordered">
          {nextLines(afterFinish, booked).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
          <List.Item>
            See your care, messages and appointments in the <MemberPortalLink />.
          </List.Item>
        </List>
      </Part>
      <SupportContact />
    </Stack>
  );
}
