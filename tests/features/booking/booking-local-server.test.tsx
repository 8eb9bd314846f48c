import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import SchedulingScreen from '../../../src/features/booking/scheduling-screen.tsx';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { countRows, startTestServer, type TestServer } from '../../server/test-server.ts';
import { loadConfig, must } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep } from '../../support/fake-step.ts';
import { MachineMoves } from '../../support/machine-moves.tsx';

/**
 * The booking screen against the local server itself (its handlers and SQLite, no network):
 * MSW hands every API call to the server's `inject`. This proves the booking contract end to
 * end: the id the browser mints books the slot, once.
 */
useApiServer();

let local: TestServer;
beforeAll(async () => {
  local = await startTestServer();
});
afterAll(async () => {
  await local.remove();
});

beforeEach(() => {
  const base = new URL(TEST_API_BASE).pathname;
  server.use(
    http.all(`${TEST_API_BASE}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const reply = await local.app.inject({
        method: request.method as 'GET' | 'PUT',
        url: `/api${url.pathname.slice(base.length)}${url.search}`,
        headers: { 'content-type': request.headers.get('content-type') ?? 'application/json' },
        ...(request.method === 'GET' ? {} : { payload: await request.text() }),
      });
      return new HttpResponse(reply.body, {
        status: reply.statusCode,
        headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
      });
    }),
  );
});

const route: RouteConfig = must(loadConfig().routes.routes.find((item) => item.path === '/mip/calendly/:pathCode'));

function fakeStep(): FakeStep {
  return fakeFunnelStep({
    index: 4,
    total: 5,
    laterScreens: ['finish'],
    canNext: true,
    canBack: true,
  });
}

/** The first time offered on the first day: its radio and its start. */
async function firstTime(): Promise<{ radio: HTMLElement; startTime: string }> {
  const times = await screen.findByRole('radiogroup', { name: /^Choose a time on / }, { timeout: 5000 });
  const radio = must(within(times).getAllByRole('radio')[0], 'a time');
  return { radio, startTime: radio.getAttribute('value') ?? '' };
}

test('a booking on the local server books the slot once, made from the flow, and the slot is no longer offered', async () => {
  const user = userEvent.setup();
  const calls = memoryJourneyCalls();
  const step = fakeStep();
  const page = renderWithProviders(
    <MachineMoves step={step} code="shrt">
      <SchedulingScreen route={route} params={{}} code="shrt" step={step} />
    </MachineMoves>,
    { journeyCalls: calls },
  );

  const { radio, startTime } = await firstTime();
  await user.click(radio);
  await user.dblClick(screen.getByRole('button', { name: 'Book my consult' }));
  await waitFor(() => {
    expect(calls.saved.get('shrt')?.records['booking.appointmentId.4']).toBeDefined();
  });
  expect(step.advance).toHaveBeenCalledTimes(1);

  const appointmentId = calls.saved.get('shrt')?.records['booking.appointmentId.4'] ?? '';
  expect(
    countRows(
      local.db,
      'appointments',
      "event_type_id = 'hrt-consult' AND status = 'made' AND made_from = 'flow' AND start_time = ?",
      startTime,
    ),
  ).toBe(1);
  expect(countRows(local.db, 'appointments', 'id = ?', appointmentId)).toBe(1);
  expect(countRows(local.db, 'status_updates', "kind = 'appointment-made' AND appointment_id = ?", appointmentId)).toBe(
    1,
  );

  // Another patient opening the page is not offered the booked time.
  page.unmount();
  renderWithProviders(<SchedulingScreen route={route} params={{}} code="shrt" step={fakeStep()} />);
  expect((await firstTime()).startTime).not.toBe(startTime);
});

test('a slot another patient books meanwhile is refused, and the patient chooses again', async () => {
  const user = userEvent.setup();
  const step = fakeStep();
  const calls = memoryJourneyCalls();
  renderWithProviders(
    <MachineMoves step={step} code="shrt">
      <SchedulingScreen route={route} params={{}} code="shrt" step={step} />
    </MachineMoves>,
    { journeyCalls: calls },
  );

  const { radio, startTime } = await firstTime();
  await user.click(radio);
  local.db
    .prepare(
      "INSERT INTO appointments (id, event_type_id, start_time, status, updated_at) VALUES ('apt_meanwhile', 'hrt-consult', ?, 'scheduled', ?)",
    )
    .run(startTime, new Date().toISOString());
  await user.click(screen.getByRole('button', { name: 'Book my consult' }));

  expect(await screen.findByRole('alert', { name: 'That time was just taken' })).toBeInTheDocument();
  expect((await firstTime()).startTime).not.toBe(startTime);
  expect(countRows(local.db, 'appointments', 'start_time = ?', startTime)).toBe(1);
  // The move stopped at the booking: nothing was written.
  expect(step.advance).toHaveBeenCalledTimes(1);
  expect(calls.saved.get('shrt')).toBeUndefined();
});
