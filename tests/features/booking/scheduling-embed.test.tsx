import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import SchedulingScreen from '../../../src/features/booking/scheduling-screen.tsx';
import { analyticsSettled } from '../../../src/shared/services/analytics.ts';
import { EMBED_LOAD_TIMEOUT_MS } from '../../../src/features/booking/services/calendly-messages.ts';
import { operationHandler, server, useApiServer } from '../../api/msw.ts';
import { loadConfig, must } from '../../support/config.ts';
import { deployWith, undeploy } from '../../support/page-services.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep } from '../../support/fake-step.ts';
import { MachineMoves } from '../../support/machine-moves.tsx';

useApiServer();

const SERVICE = 'https://calendly.example';
const BASE_URL = `${SERVICE}/clinic-team`;
const routes = loadConfig().routes.routes;
const maleRoute: RouteConfig = must(routes.find((route) => route.path === '/mip/calendly/:pathCode'));
const femaleRoute: RouteConfig = must(routes.find((route) => route.path.startsWith('/f/appointment/')));

beforeEach(() => {
  deployWith({ scheduling: { provider: 'calendly', baseUrl: BASE_URL } });
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});

afterEach(async () => {
  undeploy();
  vi.useRealTimers();
  // Events still on their way to the data layer land here, not in the next test's.
  await analyticsSettled();
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});

/** What the tag manager was told: event names with their outcomes, once the module has them. */
async function tracked(): Promise<string[]> {
  await analyticsSettled();
  const layer = (window as unknown as { dataLayer?: { event: string; outcome: string | null }[] }).dataLayer ?? [];
  return layer.map((entry) => `${entry.event}:${entry.outcome ?? ''}`);
}

/** A patient who has typed their details earlier in the funnel. */
function journey(change: Partial<JourneyState> = {}): JourneyState {
  return {
    version: 3,
    landedAt: '2030-03-01T12:00:00.000Z',
    answers: {
      firstName: ['Canaryfirst'],
      lastName: ['Canarylast'],
      email: ['canary.patient@example.com'],
      phone: ['5125550199'],
    },
    pages: {},
    completed: ['MIP', 'payment', 'MIP-H2'],
    records: {},
    ...change,
  };
}

function fakeStep(index: number, canNext = true): FakeStep {
  // The finish page comes next, which confirms the booking: the funnel goes straight on.
  return fakeFunnelStep({ index, total: 5, laterScreens: ['finish'], canNext, canBack: true });
}

/** The men's booking step (step 4 of shrt) for a patient who has taken the assessment. */
function renderBooking() {
  const calls = memoryJourneyCalls({ shrt: journey() });
  const step = fakeStep(4);
  renderWithProviders(
    <MachineMoves step={step} code="shrt">
      <SchedulingScreen route={maleRoute} params={{}} code="shrt" step={step} />
    </MachineMoves>,
    {
      journeyCalls: calls,
    },
  );
  return { calls, step };
}

/** The appointments recorded through appointmentMadeFromFlow, and looked up. */
function useSchedulingApi(options: { record?: (appointmentId: string) => Response } = {}) {
  const log = { recorded: [] as string[], lookups: [] as string[], otherCalls: 0 };
  server.use(
    operationHandler('appointmentMadeFromFlow', async (request) => {
      const { appointmentId } = (await request.json()) as { appointmentId: string };
      log.recorded.push(appointmentId);
      if (options.record) return options.record(appointmentId);
      return HttpResponse.json({
        data: { appointmentId, status: 'made', madeFrom: 'flow', updatedAt: '2030-03-01T12:00:00.000Z' },
      });
    }),
    operationHandler('getAppointment', (request) => {
      log.lookups.push(new URL(request.url).searchParams.get('appointmentId') ?? '');
      return HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
    }),
    operationHandler('getEvents', () => {
      log.otherCalls += 1;
      return HttpResponse.json({ data: { events: [] } });
    }),
  );
  return log;
}

async function findFrame(): Promise<HTMLIFrameElement> {
  const frame = await screen.findByTitle('Book your consult');
  if (!(frame instanceof HTMLIFrameElement)) throw new Error('the calendar is not a frame');
  return frame;
}

/** The embed posts a message to this page, as Calendly's frame does. */
function post(frame: HTMLIFrameElement, data: unknown, origin = SERVICE) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }));
  });
}

function scheduled(id: string) {
  return {
    event: 'calendly.event_scheduled',
    payload: {
      event: { uri: `https://api.calendly.com/scheduled_events/${id}` },
      invitee: { uri: `https://api.calendly.com/scheduled_events/${id}/invitees/INV1` },
    },
  };
}

test('the calendar’s address holds no patient details: only the event type, the embed options and the host', async () => {
  useSchedulingApi();
  renderWithProviders(<SchedulingScreen route={femaleRoute} params={{}} code="fshrt" step={fakeStep(5)} />, {
    brand: 'female',
    journeyCalls: memoryJourneyCalls({ fshrt: journey() }),
  });

  const src = new URL((await findFrame()).src);
  expect(src.origin + src.pathname).toBe(`${BASE_URL}/fhrt-consult`);
  expect(Object.fromEntries(src.searchParams)).toEqual({
    embed_type: 'Inline',
    embed_domain: window.location.host,
    hide_gdpr_banner: '1',
  });
  expect(src.href).not.toMatch(/canary|5125550199/i);
});

test('a booking in the calendar is recorded once, however often it is posted, kept in the journey, and the funnel goes on', async () => {
  let answer = () => {};
  const gate = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const api = useSchedulingApi();
  server.use(
    operationHandler('appointmentMadeFromFlow', async (request) => {
      const { appointmentId } = (await request.json()) as { appointmentId: string };
      api.recorded.push(appointmentId);
      await gate;
      return HttpResponse.json({
        data: { appointmentId, status: 'made', madeFrom: 'flow', updatedAt: '2030-03-01T12:00:00.000Z' },
      });
    }),
  );
  const { calls, step } = renderBooking();

  const frame = await findFrame();
  post(frame, { event: 'calendly.event_type_viewed', payload: {} });
  post(frame, scheduled('GBGBDCAADAEDCRZ2'));
  await waitFor(() => {
    expect(api.recorded).toEqual(['GBGBDCAADAEDCRZ2']);
  });
  // Nothing is written until it is recorded: then the move writes it with the step, once.
  expect(calls.saved.get('shrt')?.records).toEqual({});
  post(frame, scheduled('GBGBDCAADAEDCRZ2'));
  post(frame, scheduled('ANOTHER1'));
  answer();

  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(api.recorded).toEqual(['GBGBDCAADAEDCRZ2']);
  expect(calls.saved.get('shrt')?.records).toEqual({ 'booking.appointmentId.4': 'GBGBDCAADAEDCRZ2' });
  expect(calls.saved.get('shrt')?.completed).toEqual(['MIP', 'payment', 'MIP-H2', 'appointment', 'appointment.4']);
  expect(await tracked()).toEqual(['consult_booked:booked']);
});

test('messages from another origin, or malformed ones, book nothing', async () => {
  const api = useSchedulingApi();
  const step = fakeStep(4);
  renderWithProviders(
    <MachineMoves step={step} code="shrt">
      <SchedulingScreen route={maleRoute} params={{}} code="shrt" step={step} />
    </MachineMoves>,
    {
      journeyCalls: memoryJourneyCalls({ shrt: journey() }),
    },
  );

  const frame = await findFrame();
  post(frame, scheduled('EVIL123'), 'https://evil.example');
  post(frame, scheduled('EVIL456'), 'https://calendly.example.evil.example');
  post(frame, JSON.stringify(scheduled('STRING1')));
  post(frame, { event: 'calendly.event_scheduled', payload: { event: { uri: 'https://api.calendly.com/x/<b>' } } });
  post(frame, scheduled('../../journey'));
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(api.recorded).toEqual([]);
  expect(step.advance).not.toHaveBeenCalled();
  expect(await tracked()).toEqual([]);
});

test('a calendar that does not load in time offers the phone, Try again, and going on without booking', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const api = useSchedulingApi();
  renderBooking();

  const frame = await findFrame();
  // A message from elsewhere does not count as the calendar loading.
  post(frame, { event: 'calendly.page_height', payload: { height: '800px' } }, 'https://evil.example');
  act(() => {
    vi.advanceTimersByTime(EMBED_LOAD_TIMEOUT_MS);
  });

  expect(await screen.findByRole('alert', { name: 'The booking calendar is not loading.' })).toBeInTheDocument();
  expect(screen.queryByTitle('Book your consult')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}|\d{3}[-.]\d{3}[-.]\d{4}/ })).toHaveAttribute(
    'href',
    expect.stringMatching(/^tel:/),
  );

  // Try again: the calendar is framed anew, and this time it loads.
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  post(await findFrame(), { event: 'calendly.page_height', payload: { height: '800px' } });
  act(() => {
    vi.advanceTimersByTime(EMBED_LOAD_TIMEOUT_MS);
  });
  expect(screen.queryByRole('alert', { name: 'The booking calendar is not loading.' })).not.toBeInTheDocument();
  expect(screen.getByTitle('Book your consult')).toBeInTheDocument();
  expect(api.recorded).toEqual([]);
});

test('going on without booking records the step as passed, reports it, and the funnel goes on', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const api = useSchedulingApi();
  const { calls, step } = renderBooking();

  await findFrame();
  act(() => {
    vi.advanceTimersByTime(EMBED_LOAD_TIMEOUT_MS);
  });
  await user.click(await screen.findByRole('button', { name: 'Continue without booking now' }));

  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  const saved = calls.saved.get('shrt');
  expect(Object.keys(saved?.records ?? {})).toEqual(['booking.appointment-skipped.4']);
  expect(saved?.completed).toEqual(['MIP', 'payment', 'MIP-H2', 'appointment-skipped.4']);
  expect(saved?.completed).not.toContain('appointment');
  expect(await tracked()).toEqual(['consult_booked:skipped', 'service_fallback:scheduling']);
  expect(api.recorded).toEqual([]);
});

test('on the last step, a passed booking says the care team will call, and the calendar can be opened again', async () => {
  const user = userEvent.setup();
  useSchedulingApi();
  const calls = memoryJourneyCalls({
    shrt: journey({
      records: { 'booking.appointment-skipped.4': '2030-03-01T12:00:00.000Z' },
      completed: ['MIP', 'appointment-skipped.4'],
    }),
  });
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4, false)} />, {
    journeyCalls: calls,
  });

  expect(await screen.findByRole('status', { name: 'Your consult is not booked yet' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Book online now' }));
  expect(await findFrame()).toBeInTheDocument();
  expect(calls.saved.get('shrt')?.records).toEqual({});
});

test('with the scheduling flag off, the patient is offered the phone and going on, not a calendar', async () => {
  deployWith({
    scheduling: { provider: 'calendly', baseUrl: BASE_URL },
    flags: { provider: 'local', overrides: { schedulingEmbed: false } },
  });
  const user = userEvent.setup();
  const api = useSchedulingApi();
  const { step } = renderBooking();

  expect(await screen.findByRole('alert', { name: 'Online booking is not available right now.' })).toBeInTheDocument();
  expect(screen.queryByTitle('Book your consult')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue without booking now' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  // Switched off is not a failure of the service.
  expect(await tracked()).toEqual(['consult_booked:skipped']);
  expect(api.otherCalls).toBe(0);
});

test('a booking whose recording was cut off by a reload is recorded, not offered again', async () => {
  const api = useSchedulingApi();
  const calls = memoryJourneyCalls({
    shrt: journey({ records: { 'booking.appointmentPending.4': 'GBGBDCAADAEDCRZ2' } }),
  });
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4)} />, {
    journeyCalls: calls,
  });

  expect(await screen.findByRole('heading', { level: 1, name: 'Your consult is booked' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Your consult is booked.');
  expect(api.lookups).toEqual(['GBGBDCAADAEDCRZ2']);
  expect(api.recorded).toEqual(['GBGBDCAADAEDCRZ2']);
  expect(screen.queryByTitle('Book your consult')).not.toBeInTheDocument();
  expect(calls.saved.get('shrt')?.records).toEqual({ 'booking.appointmentId.4': 'GBGBDCAADAEDCRZ2' });
});

test('a recording that fails says the booking stands, and Try again records the same appointment', async () => {
  const user = userEvent.setup();
  let fail = true;
  const api = useSchedulingApi({
    record: (appointmentId) =>
      fail
        ? HttpResponse.json({ status: 500, message: 'Server error' }, { status: 500 })
        : HttpResponse.json({
            data: { appointmentId, status: 'made', madeFrom: 'flow', updatedAt: '2030-03-01T12:00:00.000Z' },
          }),
  });
  const step = fakeStep(4);
  renderWithProviders(
    <MachineMoves step={step} code="shrt">
      <SchedulingScreen route={maleRoute} params={{}} code="shrt" step={step} />
    </MachineMoves>,
    {
      journeyCalls: memoryJourneyCalls({ shrt: journey() }),
    },
  );

  const frame = await findFrame();
  post(frame, { event: 'calendly.event_type_viewed', payload: {} });
  post(frame, scheduled('GBGBDCAADAEDCRZ2'));
  // The call is retried once, a second later, before the patient is told.
  expect(
    await screen.findByRole('alert', { name: 'We could not save your booking yet' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  // The move stopped at the recording: the patient is still here.
  expect(step.advance).toHaveBeenCalledTimes(1);

  expect(api.recorded).toEqual(['GBGBDCAADAEDCRZ2', 'GBGBDCAADAEDCRZ2']);
  expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();

  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(2);
  });
  expect(new Set(api.recorded)).toEqual(new Set(['GBGBDCAADAEDCRZ2']));
});

test('a recording that fails lets the patient go on booked, with the appointment kept to record later', async () => {
  const user = userEvent.setup();
  const api = useSchedulingApi({
    record: () => HttpResponse.json({ status: 503, message: 'Unavailable' }, { status: 503 }),
  });
  const { calls, step } = renderBooking();

  const frame = await findFrame();
  post(frame, { event: 'calendly.event_type_viewed', payload: {} });
  post(frame, scheduled('GBGBDCAADAEDCRZ2'));
  expect(
    await screen.findByRole('alert', { name: 'We could not save your booking yet' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  // The move that failed to record it, then the move on with it left pending.
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(2);
  });
  expect(step.advance.mock.calls[1]?.[0]?.booking).toBeUndefined();
  // The service has the booking; our system records it on the next visit to this step.
  expect(calls.saved.get('shrt')?.records).toEqual({ 'booking.appointmentPending.4': 'GBGBDCAADAEDCRZ2' });
  expect(calls.saved.get('shrt')?.completed).not.toContain('appointment-skipped.4');
  expect(await tracked()).toEqual(['consult_booked:booked']);
  expect(api.recorded).toEqual(['GBGBDCAADAEDCRZ2', 'GBGBDCAADAEDCRZ2']);
});

test('on the last step, going on after a failed recording says the consult is booked', async () => {
  const user = userEvent.setup();
  useSchedulingApi({ record: () => HttpResponse.json({ status: 503, message: 'Unavailable' }, { status: 503 }) });
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4, false)} />, {
    journeyCalls: memoryJourneyCalls({ shrt: journey() }),
  });

  const frame = await findFrame();
  post(frame, { event: 'calendly.event_type_viewed', payload: {} });
  post(frame, scheduled('GBGBDCAADAEDCRZ2'));
  await user.click(await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 }));

  expect(await screen.findByRole('status', { name: 'Your consult is booked' })).toBeInTheDocument();
  expect(screen.queryByRole('alert', { name: 'We could not save your booking yet' })).not.toBeInTheDocument();
});

test('after a reload, a booking that cannot be checked offers Try again and going on, and stays pending', async () => {
  const user = userEvent.setup();
  const api = useSchedulingApi();
  server.use(
    operationHandler('getAppointment', (request) => {
      api.lookups.push(new URL(request.url).searchParams.get('appointmentId') ?? '');
      return HttpResponse.json({ status: 503, message: 'Unavailable' }, { status: 503 });
    }),
  );
  const calls = memoryJourneyCalls({
    shrt: journey({ records: { 'booking.appointmentPending.4': 'GBGBDCAADAEDCRZ2' } }),
  });
  const step = fakeStep(4);
  renderWithProviders(
    <MachineMoves step={step} code="shrt">
      <SchedulingScreen route={maleRoute} params={{}} code="shrt" step={step} />
    </MachineMoves>,
    {
      journeyCalls: calls,
    },
  );

  expect(
    await screen.findByRole('alert', { name: 'We could not check your booking yet' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  // One retry, then the patient is asked.
  expect(api.lookups).toEqual(['GBGBDCAADAEDCRZ2', 'GBGBDCAADAEDCRZ2']);
  expect(screen.queryByTitle('Book your consult')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  // Made at the scheduling service, so it is reported booked; it is checked again next time.
  expect(await tracked()).toEqual(['consult_booked:booked']);
  expect(api.recorded).toEqual([]);
  expect(calls.saved.get('shrt')?.records).toEqual({ 'booking.appointmentPending.4': 'GBGBDCAADAEDCRZ2' });
});

test('after a reload, Try again checks the booking once more and records it', async () => {
  const user = userEvent.setup();
  const api = useSchedulingApi();
  let down = true;
  server.use(
    operationHandler('getAppointment', (request) => {
      api.lookups.push(new URL(request.url).searchParams.get('appointmentId') ?? '');
      return down
        ? HttpResponse.json({ status: 503, message: 'Unavailable' }, { status: 503 })
        : HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
    }),
  );
  const calls = memoryJourneyCalls({
    shrt: journey({ records: { 'booking.appointmentPending.4': 'GBGBDCAADAEDCRZ2' } }),
  });
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4)} />, {
    journeyCalls: calls,
  });

  await screen.findByRole('alert', { name: 'We could not check your booking yet' }, { timeout: 5000 });
  down = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Your consult is booked' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Your consult is booked.');
  expect(api.recorded).toEqual(['GBGBDCAADAEDCRZ2']);
  expect(calls.saved.get('shrt')?.records).toEqual({ 'booking.appointmentId.4': 'GBGBDCAADAEDCRZ2' });
});

test('a booking our server will not record for want of contact details (a cold link) says so, with the way to the start', async () => {
  const api = useSchedulingApi({
    record: () =>
      HttpResponse.json(
        {
          status: 409,
          message: 'Contact details are needed before a consult can be booked',
          details: 'We have no name, email or phone for this browser, so nothing was booked.',
          reason: 'contact-needed',
        },
        { status: 409 },
      ),
  });
  const { calls } = renderBooking();

  const frame = await findFrame();
  post(frame, { event: 'calendly.event_type_viewed', payload: {} });
  post(frame, scheduled('GBGBDCAADAEDCRZ2'));
  const message = await screen.findByRole('alert', { name: 'We need your contact details first' }, { timeout: 5000 });
  expect(message).toHaveTextContent('the clinic needs your name, email and phone number');
  expect(screen.getByRole('link', { name: 'Start from the beginning' })).toHaveAttribute(
    'href',
    '/hormone-assessment/shrt',
  );
  // Not the failed recording's offer to go on booked, and no booking kept in the journey.
  expect(screen.queryByRole('alert', { name: 'We could not save your booking yet' })).not.toBeInTheDocument();
  expect(Object.keys(calls.saved.get('shrt')?.records ?? {})).toEqual([]);
  expect(api.recorded).toEqual(['GBGBDCAADAEDCRZ2']);
});
