import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import SchedulingScreen from '../../../src/features/booking/scheduling-screen.tsx';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { countRows, saveLead, startTestServer, type Browser, type TestServer } from '../../server/test-server.ts';
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

const LANDING_ID = 'Qm9va2luZ2FsZXgucml2ZXJhQGV4YW1wbGUuY29tMjAyNi0xMi0wMk1JUA';

let local: TestServer;
/** The browser the screen's calls come from: by default a patient whose assessment saved their lead. */
let browser: Browser;
beforeAll(async () => {
  local = await startTestServer();
  // A booking needs someone the clinic can reach (docs/security.md): the patient's lead.
  await saveLead(local, LANDING_ID);
});
afterAll(async () => {
  await local.remove();
});

beforeEach(() => {
  browser = local.call;
  const base = new URL(TEST_API_BASE).pathname;
  server.use(
    http.all(`${TEST_API_BASE}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const reply = await browser({
        method: request.method as 'GET' | 'PUT',
        url: `/api${url.pathname.slice(base.length)}${url.search}`,
        headers: { 'content-type': request.headers.get('content-type') ?? 'application/json' },
        ...(request.method === 'GET' ? {} : { payload: await request.text() }),
      });
      return new HttpResponse(reply.text, {
        status: reply.status,
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

test('a browser the clinic has no contact details for (a cold booking link): nothing is booked, the page says why and links to the start', async () => {
  browser = local.browser();
  const user = userEvent.setup();
  const step = fakeStep();
  const calls = memoryJourneyCalls();
  renderWithProviders(
    <MachineMoves step={step} code="shrt">
      <SchedulingScreen route={route} params={{}} code="shrt" step={step} />
    </MachineMoves>,
    { journeyCalls: calls },
  );
  const bookedBefore = countRows(local.db, 'appointments', 'demo = 0');

  const { radio } = await firstTime();
  await user.click(radio);
  await user.click(screen.getByRole('button', { name: 'Book my consult' }));

  const message = await screen.findByRole('alert', { name: 'We need your contact details first' });
  expect(message).toHaveTextContent(
    'Before we can book your consult, the clinic needs your name, email and phone number',
  );
  expect(message).toHaveTextContent('Nothing was booked.');
  // One way on: the first step of shrt's funnel, where the patient gives their details.
  expect(screen.getByRole('link', { name: 'Start from the beginning' })).toHaveAttribute(
    'href',
    '/hormone-assessment/shrt',
  );
  expect(screen.queryByRole('button', { name: 'Book my consult' })).not.toBeInTheDocument();
  expect(countRows(local.db, 'appointments', 'demo = 0')).toBe(bookedBefore);
  // The move stopped at the booking: nothing was written, and nothing is left pending.
  expect(calls.saved.get('shrt')).toBeUndefined();
});
