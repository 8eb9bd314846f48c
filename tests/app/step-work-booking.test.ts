import { HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { STEP_WORK_ACTORS } from '../../src/app/step-work.ts';
import type { StepWorkDone } from '../../src/engine/funnel-machine.ts';
import { BookingProblem } from '../../src/features/booking/book-consult.ts';
import { parseBookingId } from '../../src/domain/booking-id.ts';
import { setRuntimeConfig } from '../../src/shared/api/http.ts';
import type { ConsultBooking } from '../../src/shared/funnel-step.ts';
import type { JourneyChange } from '../../src/shared/journey/journey-store.ts';
import { failure, operationHandler, server, TEST_API_BASE, TEST_API_TOKEN, useApiServer } from '../api/msw.ts';
import { journeyState } from '../support/journey.ts';

/**
 * The funnel machine's `bookConsult` work actor as the app provides it (src/app/step-work.ts),
 * with the network at MSW: it books (or records) once, returns the booking's record for the
 * move's one journey write, and never writes the journey itself.
 */

useApiServer();
beforeEach(() => {
  setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: TEST_API_TOKEN, retryIntervalMs: 5 });
});

const SLOT_ID = 'bk_hrt-consult_31697370_AbCdEfGhIj';
const SLOT_START = parseBookingId(SLOT_ID)?.startTime ?? '';

/** The scheduler: books every id it is sent once (a repeat answers with the same booking), or as told. */
function useScheduler(answer?: (appointmentId: string) => Response | undefined) {
  const sent: string[] = [];
  const looked: string[] = [];
  const made = new Set<string>();
  const appointment = (appointmentId: string) =>
    HttpResponse.json({
      data: {
        appointmentId,
        startTime: parseBookingId(appointmentId)?.startTime ?? '2030-03-04T15:00:00.000Z',
        status: 'made',
        madeFrom: 'flow',
        updatedAt: '2030-03-01T12:00:00.000Z',
      },
    });
  server.use(
    operationHandler('appointmentMadeFromFlow', async (request) => {
      const { appointmentId } = (await request.json()) as { appointmentId: string };
      sent.push(appointmentId);
      const told = answer?.(appointmentId);
      if (told) return told;
      made.add(appointmentId);
      return appointment(appointmentId);
    }),
    operationHandler('getAppointment', (request) => {
      const appointmentId = new URL(request.url).searchParams.get('appointmentId') ?? '';
      looked.push(appointmentId);
      return made.has(appointmentId)
        ? appointment(appointmentId)
        : HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 });
    }),
  );
  return { sent, looked, made };
}

/** Runs the actor on a booking, as the machine invokes it. */
function runBooking(booking: ConsultBooking): Promise<StepWorkDone> {
  const actor = createActor(STEP_WORK_ACTORS.bookConsult, { input: booking });
  actor.start();
  return toPromise(actor);
}

function recordOf(done: StepWorkDone): JourneyChange {
  if (typeof done.record !== 'function') throw new Error('the work returned no record');
  return done.record as JourneyChange;
}

test('a slot is booked with its id and the record keeps it under the step; stay is as the screen asked', async () => {
  const scheduler = useScheduler();
  const done = await runBooking({ stepIndex: 1, appointmentId: SLOT_ID, madeBy: 'slot', stay: true });

  expect(scheduler.sent).toEqual([SLOT_ID]);
  expect(done.stay).toBe(true);
  const state = recordOf(done)(journeyState({ records: { 'booking.appointmentPending.1': SLOT_ID } }));
  expect(state.records).toEqual({ 'booking.appointmentId.1': SLOT_ID, 'booking.appointmentStart.1': SLOT_START });
  expect(state.completed).toEqual(['appointment', 'appointment.1']);
});

test('a slot no longer free is BookingProblem taken, and nothing is recorded', async () => {
  const scheduler = useScheduler(() => failure(409, 'This time is no longer available.')());
  const outcome = await runBooking({ stepIndex: 4, appointmentId: SLOT_ID, madeBy: 'slot' }).catch(
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(BookingProblem);
  expect(outcome).toMatchObject({ kind: 'taken', appointmentId: SLOT_ID });
  expect(scheduler.sent).toEqual([SLOT_ID]);
});

test('no answer is BookingProblem unanswered with the attempt’s id; the retry sends the same id, booked once', async () => {
  let down = true;
  const scheduler = useScheduler(() => (down ? failure(503, 'Unavailable')() : undefined));
  const booking: ConsultBooking = { stepIndex: 4, appointmentId: SLOT_ID, madeBy: 'slot' };

  const outcome = await runBooking(booking).catch((error: unknown) => error);
  expect(outcome).toMatchObject({ kind: 'unanswered', appointmentId: SLOT_ID });
  // The client's own retries, all with the one id.
  expect(new Set(scheduler.sent)).toEqual(new Set([SLOT_ID]));

  down = false;
  const done = await runBooking(booking);
  expect(recordOf(done)(journeyState()).records['booking.appointmentId.4']).toBe(SLOT_ID);
  expect(new Set(scheduler.sent)).toEqual(new Set([SLOT_ID]));
  expect(scheduler.made).toEqual(new Set([SLOT_ID]));
});

test('another time after one that got no answer: the earlier one, if made, is the booking, and no second is made', async () => {
  const scheduler = useScheduler();
  scheduler.made.add(SLOT_ID);
  const other = 'bk_hrt-consult_31697400_ZyXwVuTsRq';

  const done = await runBooking({ stepIndex: 4, appointmentId: other, madeBy: 'slot', unanswered: SLOT_ID });

  expect(scheduler.looked).toEqual([SLOT_ID]);
  expect(scheduler.sent).toEqual([]);
  expect(recordOf(done)(journeyState()).records['booking.appointmentId.4']).toBe(SLOT_ID);
});

test('a booking the scheduling service made is recorded, and a refusal is unanswered, never taken', async () => {
  const scheduler = useScheduler((id) => (id === 'REFUSED1' ? failure(404, 'Not found')() : undefined));

  const done = await runBooking({ stepIndex: 4, appointmentId: 'GBGBDCAADAEDCRZ2', madeBy: 'service' });
  expect(done.stay).toBe(false);
  expect(recordOf(done)(journeyState()).records['booking.appointmentId.4']).toBe('GBGBDCAADAEDCRZ2');

  const refused = await runBooking({ stepIndex: 4, appointmentId: 'REFUSED1', madeBy: 'service' }).catch(
    (error: unknown) => error,
  );
  expect(refused).toMatchObject({ kind: 'unanswered', appointmentId: 'REFUSED1' });
  expect(scheduler.sent).toEqual(['GBGBDCAADAEDCRZ2', 'REFUSED1']);
});
