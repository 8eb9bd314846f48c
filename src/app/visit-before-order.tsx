import { Alert, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import CheckoutScreen from '../features/payment/checkout-screen.tsx';
import { getStateEncounterTypes } from '../features/booking/scheduling-api.ts';
import { bookedAppointments, bookedAt } from '../features/booking/appointment-records.ts';
import { formatAppointmentTime } from '../shared/appointment-time.ts';
import type { ScreenProps } from '../shared/screen-props.ts';
import { useJourney } from '../shared/journey/journey-context.tsx';
import { useApiData } from '../shared/api/use-api-data.ts';
import { patientStateOf } from '../shared/questions/patient-state.ts';
import { LoadingIndicator } from '../shared/layout/loading-indicator.tsx';
import { asksLiveVisit } from '../engine/state-rules.ts';
import { usStateName } from '../domain/us-states.ts';

// Only a patient whose state asks a visit first fetches the booking's code.
const SchedulingScreen = lazy(() => import('../features/booking/scheduling-screen.tsx'));

/**
 * The ED checkout (/mip/checkout/{code}) in a state that asks a live video visit before a
 * clinician may prescribe (issue 38 point 1): the order a clinician would otherwise review in
 * writing waits for the visit. Where the patient lives (their answers: the intake asks it before
 * checkout) and what their state allows (GET /memoForm/stateEncounterTypes, the server's rules)
 * decide; when the funnel's later steps are that visit, or its staff make it (an HRT payment buys
 * the consult booked next: `liveVisitLater`), nothing comes first. The visit is booked on this
 * same step (the booking feature's screen, told it comes before an order), and once it is in the
 * journey the checkout shows, the order placed after it. The server refuses an order without it
 * all the same (src/server/state-doors.ts). The two features meet here, in the app, since a
 * feature never imports another.
 */
export default function CheckoutWithVisit(props: ScreenProps) {
  const { code, step } = props;
  const journey = useJourney(code);
  const state = journey.status === 'loading' ? undefined : patientStateOf(journey.state.answers);
  // Asked only where it can matter: a step whose order no later visit covers, a state known, nothing booked yet.
  const booked = journey.status !== 'loading' && bookedAppointments(journey.state).length > 0;
  const asks = step !== null && !step.liveVisitLater && state !== undefined && !booked;
  const encounter = useApiData(asks ? `encounter-types|${state}` : null, (signal) =>
    getStateEncounterTypes(state ?? 'AL', { signal, maxRetries: 2 }),
  );
  if (journey.status === 'loading') return <LoadingIndicator />;
  // Booked on this very step: the visit first, so the order's page says when it is.
  const visit = step === null ? null : bookedAt(journey.state, step.index);
  const when = visit?.startTime === undefined ? null : formatAppointmentTime(visit.startTime);
  if (visit !== null)
    return (
      <CheckoutScreen
        {...props}
        intro={
          <Alert color="green" title="Your video visit is booked">
            <Text size="sm">
              {when === null ? 'We have your visit.' : `Your visit is on ${when}.`} Now place your order: the clinician
              reviews it at your visit.
            </Text>
          </Alert>
        }
      />
    );
  if (!asks) return <CheckoutScreen {...props} />;
  if (encounter.status === 'loading') return <LoadingIndicator />;
  // The rules could not be read: the checkout goes on, and the server's door decides.
  if (encounter.status === 'failed' || !asksLiveVisit(encounter.data.encounterTypes))
    return <CheckoutScreen {...props} />;
  const name = usStateName(state);
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <SchedulingScreen
        {...props}
        beforeOrder={{
          title: 'Book your video visit first',
          intro: (
            <Alert color="blue" title={`${name} asks for a video visit`}>
              <Text size="sm">
                In {name}, a clinician must meet you by live video before they can prescribe. Choose a time for your
                visit; you place your order right after, and nothing is charged until you do.
              </Text>
            </Alert>
          ),
        }}
      />
    </Suspense>
  );
}
