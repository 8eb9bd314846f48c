import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Appointment } from '../../../src/contract/api-types.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import MemoAppointmentScreen from '../../../src/features/booking/memo-appointment-screen.tsx';
import { failure, operationHandler, server, useApiServer } from '../../api/msw.ts';
import { loadConfig, must } from '../../support/config.ts';
import { renderWithProviders } from '../../support/render.tsx';

useApiServer();

const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

const route: RouteConfig = must(loadConfig().routes.routes.find((item) => item.path === '/memo/appointment'));

function appointment(change: Partial<Appointment> = {}): Appointment {
  return {
    appointmentId: 'apt_9XkP2v',
    eventType: 'hrt-consult',
    startTime: '2030-05-03T15:00:00.000Z',
    endTime: '2030-05-03T15:30:00.000Z',
    status: 'scheduled',
    updatedAt: '2030-05-01T15:04:05.000Z',
    ...change,
  };
}

function renderAt(path: string) {
  return renderWithProviders(<MemoAppointmentScreen route={route} params={{}} code={null} step={null} />, { path });
}

test('an appointment from the link shows its time, and Confirm records it made from the portal', async () => {
  const user = userEvent.setup();
  const confirmations: unknown[] = [];
  server.use(
    operationHandler('getAppointment', (request) => {
      expect(new URL(request.url).searchParams.get('appointmentId')).toBe('apt_9XkP2v');
      return HttpResponse.json({ data: appointment() });
    }),
    operationHandler('appointmentMade', async (request) => {
      confirmations.push(await request.json());
      return HttpResponse.json({ data: appointment({ status: 'made', madeFrom: 'portal' }) });
    }),
  );
  renderAt('/memo/appointment?appointmentId=apt_9XkP2v');

  expect(await screen.findByText('Friday, May 3, 2030 at 11:00 AM Eastern Daylight Time')).toBeInTheDocument();
  await user.dblClick(screen.getByRole('button', { name: 'Confirm my appointment' }));

  expect(await screen.findByRole('status', { name: 'Your appointment is confirmed' })).toHaveTextContent(/Thank you/);
  expect(confirmations).toEqual([{ appointmentId: 'apt_9XkP2v' }]);
  expect(screen.queryByRole('button', { name: 'Confirm my appointment' })).not.toBeInTheDocument();
});

test('a failed confirmation goes to the snackbar and Confirm stays', async () => {
  const user = userEvent.setup();
  server.use(
    operationHandler('getAppointment', () => HttpResponse.json({ data: appointment() })),
    operationHandler('appointmentMade', failure(400, 'Bad request', 'appointmentId')),
  );
  renderAt('/memo/appointment?appointmentId=apt_9XkP2v');

  await user.click(await screen.findByRole('button', { name: 'Confirm my appointment' }));
  expect(await screen.findByText('/appointmentMade: 400: appointmentId')).toBeInTheDocument();
  await waitFor(() => {
    expect(screen.getByRole('button', { name: 'Confirm my appointment' })).toBeEnabled();
  });
});

test('an appointment already confirmed says so, with no button', async () => {
  server.use(
    operationHandler('getAppointment', () =>
      HttpResponse.json({ data: appointment({ status: 'made', madeFrom: 'flow' }) }),
    ),
  );
  renderAt('/memo/appointment?appointmentId=apt_9XkP2v');
  expect(await screen.findByRole('status', { name: 'Your appointment is confirmed' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Confirm my appointment' })).not.toBeInTheDocument();
});

test('a cancelled appointment is not offered for confirming', async () => {
  server.use(
    operationHandler('getAppointment', () => HttpResponse.json({ data: appointment({ status: 'cancelled' }) })),
  );
  renderAt('/memo/appointment?appointmentId=apt_9XkP2v');
  expect(await screen.findByRole('alert', { name: 'This appointment was cancelled' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Confirm my appointment' })).not.toBeInTheDocument();
});

test('an unknown id, a malformed id and a missing id each get a plain message', async () => {
  server.use(operationHandler('getAppointment', failure(404, 'Not found', 'No appointment with this id.')));
  const unknown = renderAt('/memo/appointment?appointmentId=apt_none');
  expect(await screen.findByRole('alert', { name: 'We could not find this appointment' })).toBeInTheDocument();
  unknown.unmount();

  const malformed = renderAt('/memo/appointment?appointmentId=%3Cscript%3E');
  expect(screen.getByRole('alert', { name: 'We could not find this appointment' })).toBeInTheDocument();
  malformed.unmount();

  renderAt('/memo/appointment');
  expect(screen.getByRole('alert', { name: 'This link has no appointment in it' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toBeInTheDocument();
});

test('a lookup that fails for another reason offers Try again', async () => {
  server.use(operationHandler('getAppointment', failure(400, 'Bad request')));
  renderAt('/memo/appointment?appointmentId=apt_9XkP2v');
  expect(await screen.findByText('We could not load your appointment')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
