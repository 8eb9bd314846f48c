import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../shared/api/http.ts';
import { appointmentMade, getAppointment } from './scheduling-api.ts';
import type { Appointment } from '../../contract/api-types.ts';
import { useNotifications } from '../../shared/notifications/notifications.tsx';
import { LoadingIndicator } from '../../shared/layout/loading-indicator.tsx';
import { formatAppointmentTime } from '../../shared/appointment-time.ts';
import { SupportContact } from '../../shared/ui/support-contact.tsx';
import { LoadProblem } from '../../shared/ui/load-problem.tsx';
import { useApiData } from '../../shared/api/use-api-data.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

/** The contract's appointment id pattern: anything else cannot name an appointment. */
const APPOINTMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Looks an appointment up; null when there is none with this id (404), so the page can say so
 * plainly instead of showing a load failure.
 */
async function findAppointment(appointmentId: string, signal: AbortSignal): Promise<Appointment | null> {
  try {
    return await getAppointment({ appointmentId }, { signal, maxRetries: 2 });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * An appointment from a link (/memo/appointment?appointmentId=…, bare layout, reached from
 * the member portal's messages): when it is, and Confirm, which records it made from the
 * portal. A missing, malformed or unknown id, a cancelled or past appointment each get a
 * plain message and the support line.
 */
export default function MemoAppointmentScreen({ route }: ScreenProps) {
  const { search } = useLocation();
  const raw = new URLSearchParams(search).get('appointmentId')?.trim() ?? '';
  const appointmentId = APPOINTMENT_ID.test(raw) ? raw : null;
  return (
    <Stack gap="lg" p="lg" maw={640} mx="auto">
      <Title order={1}>{route.title}</Title>
      {raw === '' ? (
        <NoAppointment title="This link has no appointment in it">
          Please open the link from your message again.
        </NoAppointment>
      ) : appointmentId === null ? (
        <NoAppointment title="We could not find this appointment">
          The link may be incomplete. Please open the link from your message again.
        </NoAppointment>
      ) : (
        <AppointmentDetails appointmentId={appointmentId} />
      )}
    </Stack>
  );
}

function NoAppointment({ title, children }: { title: string; children: string }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" role="alert" title={title}>
        {children}
      </Alert>
      <SupportContact lead="Need help with your appointment? Call us at" />
    </Stack>
  );
}

function AppointmentDetails({ appointmentId }: { appointmentId: string }) {
  const { showSnackbar } = useNotifications();
  const loaded = useApiData(`appointment:${appointmentId}`, (signal) => findAppointment(appointmentId, signal));
  const [confirmed, setConfirmed] = useState<Appointment | null>(null);
  const [busy, setBusy] = useState(false);
  // 'Past' is judged once, when the page opens.
  const [openedAt] = useState(() => Date.now());

  if (loaded.status === 'loading') return <LoadingIndicator />;
  if (loaded.status === 'failed')
    return <LoadProblem what="your appointment" error={loaded.error} onRetry={loaded.retry} />;
  const appointment = confirmed ?? loaded.data;
  if (appointment === null) {
    return (
      <NoAppointment title="We could not find this appointment">
        It may have been changed. Please check your latest message from us.
      </NoAppointment>
    );
  }

  const when = appointment.startTime === undefined ? null : formatAppointmentTime(appointment.startTime);
  const past = appointment.startTime !== undefined && new Date(appointment.startTime).getTime() < openedAt;
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      setConfirmed(await appointmentMade({ appointmentId }, { maxRetries: 2 }));
    } catch (error) {
      showSnackbar(error instanceof Error ? error.message : 'Request Timeout');
    } finally {
      setBusy(false);
    }
  };

  let action;
  if (appointment.status === 'cancelled') {
    action = (
      <Alert color="yellow" role="alert" title="This appointment was cancelled">
        Please call us to book a new time.
      </Alert>
    );
  } else if (appointment.status === 'made') {
    action = (
      <Alert color="green" role="status" title="Your appointment is confirmed">
        {confirmed ? 'Thank you. ' : ''}We will send you the link to join before your consult.
      </Alert>
    );
  } else if (past) {
    action = (
      <Alert color="yellow" role="alert" title="This appointment time has passed">
        Please call us to book a new time.
      </Alert>
    );
  } else {
    action = (
      <ActionBar>
        <Button onClick={() => void confirm()} loading={busy}>
          Confirm my appointment
        </Button>
      </ActionBar>
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Text fw={600}>Your consult</Text>
        <Text>{when ?? 'The time of this appointment is not set yet.'}</Text>
      </Paper>
      {action}
      <SupportContact lead="Need a different time? Call us at" />
    </Stack>
  );
}
