import { Alert, Container, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { bookedAppointments, type BookedAppointment } from './appointment-records.ts';
import { formatAppointmentTime } from '../../shared/appointment-time.ts';
import { MemberPortalLink, SupportContact } from '../../shared/ui/support-contact.tsx';
import { useJourney } from '../../shared/journey/journey-context.tsx';
import { ConsultVideoPlayer } from './video/consult-video-player.tsx';
import { CONSULT_VIDEOS } from './video/consult-videos.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';

/** The consult to show: the next one still to come, else the last one booked. */
function nextConsult(booked: readonly BookedAppointment[], now: number): BookedAppointment | null {
  const timed = booked.filter((item) => item.startTime !== undefined);
  const upcoming = timed
    .filter((item) => new Date(item.startTime ?? '').getTime() >= now)
    .sort((a, b) => new Date(a.startTime ?? '').getTime() - new Date(b.startTime ?? '').getTime());
  return upcoming[0] ?? booked.at(-1) ?? null;
}

/**
 * The upcoming consult (/f/consult-upcoming/{code}): the consult booked in this journey, if
 * any, the video on getting ready (captions, transcript) and how to join. Not a funnel step.
 */
export default function ConsultUpcomingScreen({ route, code }: ScreenProps) {
  const journey = useJourney(code);
  // 'Upcoming' is judged once, when the page opens.
  const [openedAt] = useState(() => Date.now());
  if (journey.status === 'loading') return <LoadingIndicator />;
  const consult = nextConsult(bookedAppointments(journey.state), openedAt);
  const when = consult?.startTime === undefined ? null : formatAppointmentTime(consult.startTime);
  return (
    <Container size={640} px="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{route.title}</Title>
        {consult ? (
          <Alert color="green" role="status" title="Your consult is booked">
            {when ? `Your consult is on ${when}.` : 'Your consult is booked.'} The link to join is in the email and text
            message we sent you.
          </Alert>
        ) : (
          <Text>
            If you have booked your consult, you will find its time and the link to join in your confirmation email and
            in the <MemberPortalLink />.
          </Text>
        )}
        <ConsultVideoPlayer video={CONSULT_VIDEOS['consult-upcoming']} />
        <Title order={2}>Getting ready</Title>
        <List spacing="sm">
          <List.Item>Find a quiet, private place with a good internet connection.</List.Item>
          <List.Item>Have your photo ID and a list of your medicines and supplements at hand.</List.Item>
          <List.Item>Check that your camera and microphone work.</List.Item>
        </List>
        <Title order={2}>Joining</Title>
        <Text>
          Open the link from your email or text message a few minutes before your consult. Your clinician will join you.
        </Text>
        <SupportContact lead="Need to change your time? Call us at" />
      </Stack>
    </Container>
  );
}
