import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { AvailableDates } from '../../../src/contract/api-types.ts';
import type { RouteConfig, ScreenName } from '../../../src/engine/config-types.ts';
import { parseBookingId } from '../../../src/domain/booking-id.ts';
import SchedulingScreen from '../../../src/features/booking/scheduling-screen.tsx';
import { setRuntimeConfig } from '../../../src/shared/api/http.ts';
import { failure, operationHandler, server, TEST_API_BASE, TEST_API_TOKEN, useApiServer } from '../../api/msw.ts';
import { loadConfig, must } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep } from '../../support/fake-step.ts';
import { journeyState } from '../../support/journey.ts';
import { MachineMoves } from '../../support/machine-moves.tsx';

useApiServer();

// The patient is in Chicago: times and the zone's name are theirs, not the scheduler's.
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Chicago';
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

const routes = loadConfig().routes.routes;
const maleRoute: RouteConfig = must(routes.find((route) => route.path === '/mip/calendly/:pathCode'));
const femaleRoute: RouteConfig = must(routes.find((route) => route.path.startsWith('/f/appointment/')));

/** Two days of slots in March 2030 (Central Standard Time: UTC-6). */
const DATES: AvailableDates = {
  eventTypeId: 'hrt-consult',
  timezone: 'America/New_York',
  dates: [
    {
      date: '2030-03-04',
      slots: [
        { startTime: '2030-03-04T15:00:00.000Z', endTime: '2030-03-04T15:30:00.000Z' },
        { startTime: '2030-03-04T15:30:00.000Z', endTime: '2030-03-04T16:00:00.000Z' },
      ],
    },
    { date: '2030-03-05', slots: [{ startTime: '2030-03-05T16:00:00.000Z', endTime: '2030-03-05T16:30:00.000Z' }] },
  ],
};

const journey = (change: Partial<JourneyState> = {}) => journeyState(change);

/** A booking step; by default the finish page comes next, which confirms the booking. */
function fakeStep(index: number, canNext = true, next: ScreenName = 'finish'): FakeStep {
  return fakeFunnelStep({ index, total: 5, laterScreens: [next], canNext, canBack: true });
}

/** The booking screen on a step whose moves run the machine's work and write the journey once. */
function renderBooking(code: string, step: FakeStep, calls: ReturnType<typeof memoryJourneyCalls>) {
  return renderWithProviders(
    <MachineMoves step={step} code={code}>
      <SchedulingScreen route={maleRoute} params={{}} code={code} step={step} />
    </MachineMoves>,
    { journeyCalls: calls },
  );
}

/** Counts the journey writes made through `calls`. */
function countingWrites(calls: ReturnType<typeof memoryJourneyCalls>): { writes: number } {
  const count = { writes: 0 };
  const save = calls.save;
  calls.save = (...args) => {
    count.writes += 1;
    return save(...args);
  };
  return count;
}

interface Scheduler {
  eventQueries: URLSearchParams[];
  dateLoads: string[];
  bookings: string[];
  /** Appointment ids looked up (a booking sent earlier is checked before booking again). */
  lookups: string[];
}

/** The scheduling calls: the event types, the free dates (changing after each load if told), and bookings. */
function useScheduler(
  options: {
    dates?: AvailableDates[];
    book?: (appointmentId: string) => Response;
    /** Holds each booking's answer until it resolves: a slow network. */
    gate?: Promise<void>;
  } = {},
): Scheduler {
  const log: Scheduler = { eventQueries: [], dateLoads: [], bookings: [], lookups: [] };
  const dates = options.dates ?? [DATES];
  server.use(
    operationHandler('getEvents', (request) => {
      const query = new URL(request.url).searchParams;
      log.eventQueries.push(query);
      const eventType = query.get('eventType') ?? '';
      return HttpResponse.json({
        data: {
          events: [
            {
              uri: `https://scheduling.example.com/event_types/${eventType}`,
              name: 'Consultation',
              eventType,
              durationMinutes: 30,
            },
          ],
        },
      });
    }),
    http.get(`${TEST_API_BASE}/calendly/availableDates/:id`, ({ params }) => {
      const answer = dates[Math.min(log.dateLoads.length, dates.length - 1)] ?? DATES;
      log.dateLoads.push(String(params.id));
      return HttpResponse.json({ data: { ...answer, eventTypeId: String(params.id) } });
    }),
    operationHandler('getAppointment', (request) => {
      const appointmentId = new URL(request.url).searchParams.get('appointmentId') ?? '';
      log.lookups.push(appointmentId);
      return log.bookings.includes(appointmentId)
        ? HttpResponse.json({
            data: { appointmentId, status: 'made', madeFrom: 'flow', updatedAt: '2030-03-01T12:00:00.000Z' },
          })
        : HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
    }),
    operationHandler('appointmentMadeFromFlow', async (request) => {
      const { appointmentId } = (await request.json()) as { appointmentId: string };
      log.bookings.push(appointmentId);
      await options.gate;
      if (options.book) return options.book(appointmentId);
      const slot = parseBookingId(appointmentId);
      return HttpResponse.json({
        data: {
          appointmentId,
          eventType: slot?.eventType,
          startTime: slot?.startTime,
          endTime: slot ? new Date(new Date(slot.startTime).getTime() + 30 * 60_000).toISOString() : undefined,
          status: 'made',
          madeFrom: 'flow',
          updatedAt: '2030-03-01T12:00:00.000Z',
        },
      });
    }),
  );
  return log;
}

test('the free times show by day in the patient’s time zone, which is named', async () => {
  const user = userEvent.setup();
  useScheduler();
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4)} />);

  const days = await screen.findByRole('radiogroup', { name: 'Choose a day' });
  expect(
    within(days)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value')),
  ).toEqual(['2030-03-04', '2030-03-05']);
  expect(within(days).getByRole('radio', { name: 'Monday, March 4, 2030' })).toBeChecked();
  const times = screen.getByRole('radiogroup', { name: 'Choose a time on Monday, March 4, 2030' });
  expect(within(times).getAllByRole('radio')).toHaveLength(2);
  expect(within(times).getByRole('radio', { name: '9:00 AM' })).not.toBeChecked();
  expect(within(times).getByRole('radio', { name: '9:30 AM' })).toBeInTheDocument();
  expect(screen.getByText('Times are in your time zone: Central Standard Time.')).toBeInTheDocument();

  await user.click(within(days).getByRole('radio', { name: 'Tuesday, March 5, 2030' }));
  const tuesday = screen.getByRole('radiogroup', { name: 'Choose a time on Tuesday, March 5, 2030' });
  expect(within(tuesday).getByRole('radio', { name: '10:00 AM' })).toBeInTheDocument();
});

test('booking without a time says so next to the times and sends nothing', async () => {
  const user = userEvent.setup();
  const scheduler = useScheduler();
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4)} />);

  await user.click(await screen.findByRole('button', { name: 'Book my consult' }));
  const times = screen.getByRole('radiogroup', { name: /Choose a time/ });
  expect(times).toHaveAttribute('aria-invalid', 'true');
  expect(times).toHaveAccessibleDescription(/Choose a time for your consult\./);
  expect(scheduler.bookings).toEqual([]);
});

test('booking sends one call however often it is pressed, and the move writes it in the journey once as it goes on', async () => {
  const user = userEvent.setup();
  let answer = () => {};
  const scheduler = useScheduler({
    gate: new Promise((resolve) => {
      answer = resolve;
    }),
  });
  const calls = memoryJourneyCalls({ shrt: journey() });
  const count = countingWrites(calls);
  const step = fakeStep(4);
  renderBooking('shrt', step, calls);

  await user.click(await screen.findByRole('radio', { name: '9:30 AM' }));
  const book = screen.getByRole('button', { name: 'Book my consult' });
  await user.click(book);
  await waitFor(() => {
    expect(scheduler.bookings).toHaveLength(1);
  });
  // The answer is slow: the patient presses again, and the choices are held still meanwhile.
  await user.click(book);
  expect(screen.getByRole('radio', { name: '9:00 AM' })).toBeDisabled();
  answer();

  await waitFor(() => {
    expect(calls.saved.get('shrt')?.completed).toEqual(['appointment', 'appointment.4']);
  });
  // The booking is the move: the finish page comes next and confirms it, so it goes on.
  expect(step.advance).toHaveBeenCalledTimes(1);
  expect(step.advance.mock.calls[0]?.[0]?.booking).toMatchObject({ stepIndex: 4, madeBy: 'slot', stay: false });
  expect(count.writes).toBe(1);
  expect(scheduler.bookings).toHaveLength(1);
  expect(scheduler.lookups).toEqual([]);
  const appointmentId = scheduler.bookings[0] ?? '';
  expect(parseBookingId(appointmentId)).toEqual({ eventType: 'hrt-consult', startTime: '2030-03-04T15:30:00.000Z' });
  expect(scheduler.eventQueries[0]?.get('eventType')).toBe('hrt-consult');
  expect(calls.saved.get('shrt')?.records).toEqual({
    'booking.appointmentId.4': appointmentId,
    'booking.appointmentStart.4': '2030-03-04T15:30:00.000Z',
    'booking.appointmentEnd.4': '2030-03-04T16:00:00.000Z',
  });
  // The finish page confirms it: this page shows no confirmation only to take it away.
  expect(screen.queryByText(/Your consult is booked/)).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Book Your Consult' })).toBeInTheDocument();
});

test('booked with another step next (microbh’s assessment): written once at this step, the confirmation stays, focused, until Continue', async () => {
  const user = userEvent.setup();
  useScheduler();
  const calls = memoryJourneyCalls({ microbh: journey() });
  const count = countingWrites(calls);
  const step = fakeStep(1, true, 'hormone-assessment');
  renderBooking('microbh', step, calls);
  await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
  await user.click(screen.getByRole('button', { name: 'Book my consult' }));

  const confirmation = await screen.findByRole('status');
  expect(confirmation).toHaveTextContent(
    'Your consult is booked for Monday, March 4, 2030 at 9:00 AM Central Standard Time.',
  );
  await waitFor(() => {
    expect(confirmation).toHaveFocus();
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Your consult is booked' })).toBeInTheDocument();
  // The move stays: the machine writes the booking at this step, once.
  expect(step.advance).toHaveBeenCalledTimes(1);
  expect(step.advance.mock.calls[0]?.[0]?.booking).toMatchObject({ stay: true });
  expect(count.writes).toBe(1);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(step.onNext).toHaveBeenCalledTimes(1);
});

test('the journey write after a booking fails: the booking shows, and Try again sends the same booking id', async () => {
  const user = userEvent.setup();
  const scheduler = useScheduler();
  const calls = memoryJourneyCalls({ shrt: journey() });
  const save = calls.save;
  let failures = 1;
  calls.save = (...args) => {
    if (failures > 0) {
      failures -= 1;
      return Promise.reject(new Error('Request Timeout'));
    }
    return save(...args);
  };
  const step = fakeStep(4);
  renderBooking('shrt', step, calls);
  await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
  await user.click(screen.getByRole('button', { name: 'Book my consult' }));

  // Booked, so it shows, kept on the page, with what went wrong and Try again.
  expect(await screen.findByRole('heading', { level: 1, name: 'Your consult is booked' })).toBeInTheDocument();
  const problem = await screen.findByRole('alert', { name: 'You are still on this page' });
  expect(calls.saved.get('shrt')?.records).toEqual({});
  await user.click(within(problem).getByRole('button', { name: 'Try again' }));

  await waitFor(() => {
    expect(calls.saved.get('shrt')?.records['booking.appointmentId.4']).toBe(scheduler.bookings[0]);
  });
  expect(step.advance).toHaveBeenCalledTimes(2);
  // The same id both times: the scheduler answers the repeat with the same booking.
  expect(scheduler.bookings).toHaveLength(2);
  expect(new Set(scheduler.bookings).size).toBe(1);
});

test('a reload after booking shows the booking with Continue, and offers no times', async () => {
  const user = userEvent.setup();
  const scheduler = useScheduler();
  const calls = memoryJourneyCalls({
    shrt: journey({
      completed: ['appointment', 'appointment.4'],
      records: {
        'booking.appointmentId.4': 'bk_hrt-consult_31697370_AbCdEfGhIj',
        'booking.appointmentStart.4': '2030-03-04T15:30:00.000Z',
      },
    }),
  });
  const step = fakeStep(4);
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={step} />, {
    journeyCalls: calls,
  });

  expect(
    await screen.findByText('Your consult is booked for Monday, March 4, 2030 at 9:30 AM Central Standard Time.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Book my consult' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(step.onNext).toHaveBeenCalledTimes(1);
  expect(scheduler.eventQueries).toHaveLength(0);
  expect(scheduler.bookings).toHaveLength(0);
});

test('a time taken meanwhile: a clear message, the times loaded again without it, and nothing kept', async () => {
  const user = userEvent.setup();
  const afterTaken: AvailableDates = {
    ...DATES,
    dates: DATES.dates.map((date) => ({
      ...date,
      slots: date.slots.filter((slot) => slot.startTime !== '2030-03-04T15:30:00.000Z'),
    })),
  };
  const scheduler = useScheduler({
    dates: [DATES, afterTaken],
    book: failure(404, 'Not found', 'This time is no longer available.'),
  });
  const calls = memoryJourneyCalls({ shrt: journey() });
  const count = countingWrites(calls);
  const step = fakeStep(4);
  renderBooking('shrt', step, calls);

  await user.click(await screen.findByRole('radio', { name: '9:30 AM' }));
  await user.click(screen.getByRole('button', { name: 'Book my consult' }));

  expect(await screen.findByRole('alert', { name: 'That time was just taken' })).toBeInTheDocument();
  const times = await screen.findByRole('radiogroup', { name: 'Choose a time on Monday, March 4, 2030' });
  expect(within(times).getAllByRole('radio')).toHaveLength(1);
  expect(within(times).queryByRole('radio', { name: '9:30 AM' })).not.toBeInTheDocument();
  expect(scheduler.dateLoads).toHaveLength(2);
  // The move stopped at the booking: nothing was written.
  expect(step.advance).toHaveBeenCalledTimes(1);
  expect(count.writes).toBe(0);
  expect(calls.saved.get('shrt')?.records).toEqual({});
});

test('a booking call that gets no answer says so, keeps the time and the booking pending, and Book sends the same id', async () => {
  const user = userEvent.setup();
  setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: TEST_API_TOKEN, retryIntervalMs: 5 });
  let down = true;
  const scheduler = useScheduler({
    book: (appointmentId) =>
      down
        ? failure(500, 'Internal server error')()
        : HttpResponse.json({
            data: {
              appointmentId,
              startTime: '2030-03-04T15:00:00.000Z',
              status: 'made',
              madeFrom: 'flow',
              updatedAt: '2030-03-01T12:00:00.000Z',
            },
          }),
  });
  const calls = memoryJourneyCalls({ shrt: journey() });
  const count = countingWrites(calls);
  const step = fakeStep(4);
  renderBooking('shrt', step, calls);

  await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
  await user.click(screen.getByRole('button', { name: 'Book my consult' }));

  const alert = await screen.findByRole('alert', { name: 'Your consult is not booked yet' });
  expect(alert).toHaveTextContent(/press Book again\. You will not be booked twice\./);
  // The client retries a PUT twice, with the same id: three attempts at one booking.
  expect(scheduler.bookings).toHaveLength(3);
  expect(new Set(scheduler.bookings).size).toBe(1);
  // It may have been made: kept pending (one write, no move), so a reload asks about it.
  await waitFor(() => {
    expect(calls.saved.get('shrt')?.records).toEqual({ 'booking.appointmentPending.4': scheduler.bookings[0] });
  });
  expect(count.writes).toBe(1);
  expect(screen.getByRole('radio', { name: '9:00 AM' })).toBeChecked();

  down = false;
  await user.click(screen.getByRole('button', { name: 'Book my consult' }));
  await waitFor(() => {
    expect(calls.saved.get('shrt')?.records['booking.appointmentId.4']).toBe(scheduler.bookings[0]);
  });
  expect(new Set(scheduler.bookings).size).toBe(1);
});

test('a booking sent before a reload is looked up, and recorded when the scheduler made it', async () => {
  const sent = 'bk_hrt-consult_31697370_AbCdEfGhIj';
  const lookups: string[] = [];
  server.use(
    operationHandler('getAppointment', (request) => {
      lookups.push(new URL(request.url).searchParams.get('appointmentId') ?? '');
      return HttpResponse.json({
        data: {
          appointmentId: sent,
          startTime: '2030-03-04T15:30:00.000Z',
          status: 'made',
          madeFrom: 'flow',
          updatedAt: '2030-03-01T12:00:00.000Z',
        },
      });
    }),
  );
  const calls = memoryJourneyCalls({ shrt: journey({ records: { 'booking.appointmentPending.4': sent } }) });
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4)} />, {
    journeyCalls: calls,
  });

  expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
  expect(screen.getByText(/Your consult is booked for Monday, March 4, 2030 at 9:30 AM/)).toBeInTheDocument();
  expect(lookups).toEqual([sent]);
  expect(calls.saved.get('shrt')?.records).toEqual({
    'booking.appointmentId.4': sent,
    'booking.appointmentStart.4': '2030-03-04T15:30:00.000Z',
  });
});

test('microbh: the second booking is a follow-up, a week or more after the first consult, kept under its own step', async () => {
  const user = userEvent.setup();
  const slot = (startTime: string) => ({
    startTime,
    endTime: new Date(new Date(startTime).getTime() + 30 * 60_000).toISOString(),
  });
  // Open times the same day as the first consult, six days after it, and a week after it.
  const scheduler = useScheduler({
    dates: [
      {
        ...DATES,
        dates: [
          ...DATES.dates,
          { date: '2030-03-10', slots: [slot('2030-03-10T15:00:00.000Z')] },
          { date: '2030-03-11', slots: [slot('2030-03-11T14:00:00.000Z'), slot('2030-03-11T19:00:00.000Z')] },
        ],
      },
    ],
  });
  const first = 'bk_hrt-consult_31697370_AbCdEfGhIj';
  const calls = memoryJourneyCalls({
    microbh: journey({
      completed: ['payment', 'appointment', 'appointment.1'],
      records: { 'booking.appointmentId.1': first, 'booking.appointmentStart.1': '2030-03-04T15:00:00.000Z' },
    }),
  });
  const step = fakeStep(4);
  renderBooking('microbh', step, calls);

  expect(
    await screen.findByText(
      /^Your first consult is on Monday, March 4, 2030 at 9:00 AM Central Standard Time\. .* at least 1 week after your first consult\.$/,
    ),
  ).toBeInTheDocument();
  const days = screen.getByRole('radiogroup', { name: 'Choose a day' });
  expect(
    within(days)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value')),
  ).toEqual(['2030-03-11']);
  const times = screen.getByRole('radiogroup', { name: 'Choose a time on Monday, March 11, 2030' });
  await user.click(within(times).getByRole('radio', { name: '9:00 AM' }));
  await user.click(screen.getByRole('button', { name: 'Book my follow-up' }));

  await waitFor(() => {
    expect(calls.saved.get('microbh')?.records['booking.appointmentId.4']).toBeDefined();
  });
  expect(step.advance).toHaveBeenCalledTimes(1);
  const records = calls.saved.get('microbh')?.records ?? {};
  expect(records['booking.appointmentId.1']).toBe(first);
  expect(records['booking.appointmentId.4']).toBe(scheduler.bookings[0]);
  expect(records['booking.appointmentStart.4']).toBe('2030-03-11T14:00:00.000Z');
  expect(calls.saved.get('microbh')?.completed).toEqual(['payment', 'appointment', 'appointment.1', 'appointment.4']);
});

test('the first microbh booking step shows as booked only for itself', async () => {
  useScheduler();
  const calls = memoryJourneyCalls({
    microbh: journey({ records: { 'booking.appointmentId.1': 'bk_hrt-consult_31697370_AbCdEfGhIj' } }),
  });
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="microbh" step={fakeStep(1)} />, {
    journeyCalls: calls,
  });
  expect(await screen.findByText('Your consult is booked.')).toBeInTheDocument();
});

test('the women’s brand books the women’s consult, ED codes the ED consult, a calendlyPage narrows the events', async () => {
  const scheduler = useScheduler();
  const female = renderWithProviders(
    <SchedulingScreen route={femaleRoute} params={{}} code="fha1" step={fakeStep(5)} />,
    { brand: 'female', path: '/f/appointment/consult/fha1?calendlyPage=clinic/fhrt-consult' },
  );
  await screen.findByRole('radiogroup', { name: 'Choose a day' });
  female.unmount();
  // /mip/calendly is not a step of the ED funnels: the page has a step with no index.
  const notAStep = { ...fakeStep(0), index: null };
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="dailytada" step={notAStep} />);
  await screen.findByRole('radiogroup', { name: 'Choose a day' });

  expect(scheduler.eventQueries.map((query) => [query.get('eventType'), query.get('uriLike')])).toEqual([
    ['fhrt-consult', 'clinic/fhrt-consult'],
    ['ed-consult', 'ed-consult'],
  ]);
  expect(scheduler.dateLoads).toEqual(['fhrt-consult', 'ed-consult']);
});

test('no event to book: a clear message with the phone number instead of times', async () => {
  server.use(operationHandler('getEvents', () => HttpResponse.json({ data: { events: [] } })));
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4)} />);
  expect(await screen.findByRole('alert', { name: 'Online booking is not available right now' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:8885550142');
});

test('times that do not load: the load problem with Try again', async () => {
  const user = userEvent.setup();
  let attempts = 0;
  server.use(
    operationHandler('getEvents', () => {
      attempts += 1;
      return HttpResponse.json({ status: 400, message: 'Bad request' }, { status: 400 });
    }),
  );
  renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="shrt" step={fakeStep(4)} />);
  expect(await screen.findByText('We could not load the consult times')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => {
    expect(attempts).toBe(2);
  });
});

test('the funnel step arrives after the first render: nothing is offered until it does, then it keys the booking', async () => {
  const user = userEvent.setup();
  useScheduler();
  const calls = memoryJourneyCalls({ microbh: journey() });
  const page = renderWithProviders(<SchedulingScreen route={maleRoute} params={{}} code="microbh" step={null} />, {
    journeyCalls: calls,
  });
  expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Book my consult' })).not.toBeInTheDocument();

  const step = fakeStep(1);
  page.rerender(
    <MachineMoves step={step} code="microbh">
      <SchedulingScreen route={maleRoute} params={{}} code="microbh" step={step} />
    </MachineMoves>,
  );
  await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
  await user.click(screen.getByRole('button', { name: 'Book my consult' }));
  await waitFor(() => {
    expect(calls.saved.get('microbh')?.completed).toContain('appointment.1');
  });
  expect(step.advance).toHaveBeenCalledTimes(1);
  expect(Object.keys(calls.saved.get('microbh')?.records ?? {})).toEqual([
    'booking.appointmentId.1',
    'booking.appointmentStart.1',
    'booking.appointmentEnd.1',
  ]);
});
