import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { MicroClinicLocation } from '../../../src/contract/api-types.ts';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import MicroclinicFinishScreen, {
  CHOOSE_A_MICROCLINIC,
  PLACE_NOT_FOUND,
  PLACE_SEARCH_UNAVAILABLE,
} from '../../../src/features/booking/microclinic-finish-screen.tsx';
import { analyticsSettled } from '../../../src/shared/services/analytics.ts';
import { operationHandler, server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { loadConfig, must } from '../../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { fakeFunnelStep, type FakeStep } from '../../support/fake-step.ts';
import { MachineMoves } from '../../support/machine-moves.tsx';

useApiServer();
vi.setConfig({ testTimeout: 15_000 });

const microclinicRoute: RouteConfig = must(
  loadConfig().routes.routes.find((route) => route.screen === 'microclinic-finish'),
);

function fakeStep(): FakeStep {
  return fakeFunnelStep({
    index: 1,
    total: 4,
    laterScreens: [],
    canNext: true,
    canBack: true,
  });
}

function journey(): JourneyState {
  return {
    version: 3,
    landedAt: '2030-03-01T12:00:00.000Z',
    answers: {},
    pages: {},
    completed: ['payment'],
    records: {},
  };
}

const CLINICS: MicroClinicLocation[] = [
  {
    id: 'mc_austin_1',
    name: 'Austin Downtown Microclinic',
    address: { line1: '200 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    lat: 30.2649,
    lng: -97.7445,
    distanceMiles: 0.2,
  },
  {
    id: 'mc_houston_1',
    name: 'Houston Galleria Microclinic',
    address: { line1: '5085 Westheimer Rd', city: 'Houston', state: 'TX', zip: '77056' },
    lat: 29.7392,
    lng: -95.4636,
    distanceMiles: 146.3,
  },
];

/** The microclinic lookup, recording the points it was asked about. */
function useMicroclinics(): string[] {
  const urls: string[] = [];
  server.use(
    operationHandler('getMicroClinic', (request) => {
      urls.push(request.url);
      return HttpResponse.json({ data: { locations: CLINICS } });
    }),
  );
  return urls;
}

/** The local places service's locate call, answering as told and recording what it was sent. */
function useLocate(answer: { place: { lat: number; lng: number; label: string } | null } | { status: number }) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${TEST_API_BASE}/places/locate`, async ({ request }) => {
      bodies.push(await request.json());
      if ('status' in answer)
        return HttpResponse.json({ status: answer.status, message: 'Down' }, { status: answer.status });
      return HttpResponse.json({ data: answer });
    }),
  );
  return bodies;
}

function pointOf(url: string | undefined): [string | null, string | null] {
  const query = new URL(url ?? 'http://x.test').searchParams;
  return [query.get('lat'), query.get('lng')];
}

/** The fallbacks reported to the tag manager's data layer, once the events are in it. */
async function fallbacks(): Promise<unknown[]> {
  await analyticsSettled();
  const layer = (window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? [];
  return layer.filter((entry) => entry.event === 'service_fallback');
}

const originalGeolocation = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
beforeEach(() => {
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(() => {
  if (originalGeolocation) Object.defineProperty(navigator, 'geolocation', originalGeolocation);
  else Reflect.deleteProperty(navigator, 'geolocation');
});

/** The browser's location service: it refuses, or shares `position`. */
function fakeGeolocation(position?: { latitude: number; longitude: number }): void {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (success: PositionCallback, failure?: PositionErrorCallback) => {
        if (position !== undefined) {
          success({ coords: position, timestamp: 0 } as unknown as GeolocationPosition);
          return;
        }
        failure?.({
          code: 1,
          message: 'User denied Geolocation',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        });
      },
    },
  });
}

function refuseLocation(): void {
  fakeGeolocation();
}

test('a shared location is rounded to about a kilometre before it is sent, and no city is asked for', async () => {
  const user = userEvent.setup();
  fakeGeolocation({ latitude: 30.267153, longitude: -97.743057 });
  const urls = useMicroclinics();
  renderWithProviders(
    <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={fakeStep()} />,
  );
  await user.click(screen.getByRole('button', { name: 'Use my location' }));
  expect(await screen.findByRole('radiogroup', { name: 'Microclinics near you' })).toBeInTheDocument();
  expect(urls.map(pointOf)).toEqual([['30.27', '-97.74']]);
  expect(screen.queryByRole('combobox', { name: /Your city/ })).not.toBeInTheDocument();
});

test('the patient types a ZIP code, sees the microclinics near it, picks one and goes on', async () => {
  const user = userEvent.setup();
  const located = useLocate({ place: { lat: 30.267153, lng: -97.743057, label: 'Austin, TX 78701' } });
  const urls = useMicroclinics();
  const calls = memoryJourneyCalls({ microclinic: journey() });
  const step = fakeStep();
  renderWithProviders(
    <MachineMoves step={step} code="microclinic">
      <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={step} />
    </MachineMoves>,
    {
      journeyCalls: calls,
    },
  );

  await user.click(screen.getByRole('button', { name: 'Enter my city or ZIP code' }));
  await user.type(screen.getByRole('textbox', { name: /City or ZIP code/ }), '78701');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  const list = await screen.findByRole('radiogroup', { name: 'Microclinics near you' });
  expect(within(list).getByRole('radio', { name: 'Austin Downtown Microclinic' })).toBeChecked();
  // The typed ZIP code goes in the places call's body; the lookup gets only the rounded point.
  expect(located).toEqual([{ text: '78701' }]);
  expect(urls).toHaveLength(1);
  expect(pointOf(urls[0])).toEqual(['30.27', '-97.74']);
  expect(urls[0]).not.toContain('78701');

  await user.click(within(list).getByRole('radio', { name: 'Houston Galleria Microclinic' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(calls.saved.get('microclinic')?.records).toEqual({ 'booking.microclinicId': 'mc_houston_1' });
  expect(await fallbacks()).toEqual([]);
});

test('the choice goes with the move, written once; a move that fails keeps it, says so, and Try again goes on', async () => {
  const user = userEvent.setup();
  useLocate({ place: { lat: 30.267153, lng: -97.743057, label: 'Austin, TX 78701' } });
  useMicroclinics();
  const calls = memoryJourneyCalls({ microclinic: journey() });
  const save = calls.save;
  let writes = 0;
  calls.save = (...args) => {
    writes += 1;
    return writes === 1 ? Promise.reject(new Error('Request Timeout')) : save(...args);
  };
  const step = fakeStep();
  renderWithProviders(
    <MachineMoves step={step} code="microclinic">
      <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={step} />
    </MachineMoves>,
    { journeyCalls: calls },
  );
  await user.click(screen.getByRole('button', { name: 'Enter my city or ZIP code' }));
  await user.type(screen.getByRole('textbox', { name: /City or ZIP code/ }), '78701{Enter}');
  const list = await screen.findByRole('radiogroup', { name: 'Microclinics near you' });
  await user.click(within(list).getByRole('radio', { name: 'Houston Galleria Microclinic' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  const problem = await screen.findByRole('alert', { name: 'You are still on this page' });
  expect(writes).toBe(1);
  expect(within(list).getByRole('radio', { name: 'Houston Galleria Microclinic' })).toBeChecked();
  await user.click(within(problem).getByRole('button', { name: 'Try again' }));
  await waitFor(() => {
    expect(calls.saved.get('microclinic')?.records).toEqual({ 'booking.microclinicId': 'mc_houston_1' });
  });
  expect(writes).toBe(2);
  expect(step.advance).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('alert', { name: 'You are still on this page' })).not.toBeInTheDocument();
});

test('after refusing to share their location, the patient searches by city', async () => {
  const user = userEvent.setup();
  refuseLocation();
  const located = useLocate({ place: { lat: 29.7604, lng: -95.3698, label: 'Houston, TX 77002' } });
  const urls = useMicroclinics();
  renderWithProviders(
    <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={fakeStep()} />,
  );
  await user.click(screen.getByRole('button', { name: 'Use my location' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'You chose not to share your location. Enter your city or ZIP code instead.',
  );
  await user.type(screen.getByRole('textbox', { name: /City or ZIP code/ }), 'Houston, TX{Enter}');
  expect(await screen.findByRole('radiogroup', { name: 'Microclinics near you' })).toBeInTheDocument();
  expect(located).toEqual([{ text: 'Houston, TX' }]);
  expect(pointOf(urls[0])).toEqual(['29.76', '-95.37']);
});

test('an empty search asks for a city or ZIP code and sends nothing', async () => {
  const user = userEvent.setup();
  const located = useLocate({ place: null });
  renderWithProviders(
    <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={fakeStep()} />,
  );
  await user.click(screen.getByRole('button', { name: 'Enter my city or ZIP code' }));
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(screen.getByRole('textbox', { name: /City or ZIP code/ })).toHaveAccessibleDescription(
    /Enter your city or ZIP code\./,
  );
  expect(located).toEqual([]);
});

test('a place the service does not know offers the list of cities, and the search stays', async () => {
  const user = userEvent.setup();
  useLocate({ place: null });
  const urls = useMicroclinics();
  renderWithProviders(
    <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={fakeStep()} />,
  );
  await user.click(screen.getByRole('button', { name: 'Enter my city or ZIP code' }));
  await user.type(screen.getByRole('textbox', { name: /City or ZIP code/ }), 'Atlantis{Enter}');
  expect(await screen.findByRole('status')).toHaveTextContent(PLACE_NOT_FOUND);
  expect(screen.getByRole('textbox', { name: /City or ZIP code/ })).toHaveValue('Atlantis');

  await user.selectOptions(screen.getByRole('combobox', { name: /Your city/ }), 'Austin, TX 78701');
  await user.click(screen.getByRole('button', { name: 'Find microclinics' }));
  expect(await screen.findByRole('radiogroup', { name: 'Microclinics near you' })).toBeInTheDocument();
  expect(pointOf(urls[0])).toEqual(['30.2672', '-97.7431']);
  // Not finding a place is no outage.
  expect(await fallbacks()).toEqual([]);
});

test('when the places service fails, the patient chooses their city from the list, and it is reported once', async () => {
  const user = userEvent.setup();
  const located = useLocate({ status: 503 });
  const urls = useMicroclinics();
  const step = fakeStep();
  renderWithProviders(
    <MachineMoves step={step} code="microclinic">
      <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={step} />
    </MachineMoves>,
  );
  await user.click(screen.getByRole('button', { name: 'Enter my city or ZIP code' }));
  await user.type(screen.getByRole('textbox', { name: /City or ZIP code/ }), 'Austin{Enter}');

  expect(await screen.findByRole('status')).toHaveTextContent(PLACE_SEARCH_UNAVAILABLE);
  expect(screen.queryByRole('textbox', { name: /City or ZIP code/ })).not.toBeInTheDocument();
  expect(located).toHaveLength(1);
  expect(await fallbacks()).toEqual([expect.objectContaining({ event: 'service_fallback', outcome: 'places' })]);
  expect(JSON.stringify((window as unknown as { dataLayer: unknown }).dataLayer)).not.toContain('Austin');

  await user.selectOptions(screen.getByRole('combobox', { name: /Your city/ }), 'New York, NY 10001');
  await user.click(screen.getByRole('button', { name: 'Find microclinics' }));
  expect(await screen.findByRole('radiogroup', { name: 'Microclinics near you' })).toBeInTheDocument();
  expect(pointOf(urls[0])).toEqual(['40.7506', '-73.9972']);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
});

test('no microclinic near the place found says so, and the patient can still go on, with no choice recorded', async () => {
  const user = userEvent.setup();
  useLocate({ place: { lat: 47.6036, lng: -122.3294, label: 'Seattle, WA' } });
  server.use(operationHandler('getMicroClinic', () => HttpResponse.json({ data: { locations: [] } })));
  const calls = memoryJourneyCalls({ microclinic: journey() });
  const step = fakeStep();
  renderWithProviders(
    <MachineMoves step={step} code="microclinic">
      <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={step} />
    </MachineMoves>,
    {
      journeyCalls: calls,
    },
  );
  await user.click(screen.getByRole('button', { name: 'Enter my city or ZIP code' }));
  await user.type(screen.getByRole('textbox', { name: /City or ZIP code/ }), 'Seattle{Enter}');
  expect(await screen.findByRole('status', { name: 'No microclinic near you yet' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  // Nothing was chosen, so the finish page does not list a microclinic choice as done.
  expect(calls.saved.get('microclinic')?.completed ?? ['payment']).toEqual(['payment']);
  expect(calls.saved.get('microclinic')?.records ?? {}).toEqual({});
});

test('Continue before a microclinic is chosen says so, puts focus on the way to find one, and goes nowhere', async () => {
  const user = userEvent.setup();
  useLocate({ place: { lat: 30.267153, lng: -97.743057, label: 'Austin, TX 78701' } });
  useMicroclinics();
  const calls = memoryJourneyCalls({ microclinic: journey() });
  const step = fakeStep();
  renderWithProviders(
    <MachineMoves step={step} code="microclinic">
      <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={step} />
    </MachineMoves>,
    {
      journeyCalls: calls,
    },
  );

  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByRole('alert')).toHaveTextContent(CHOOSE_A_MICROCLINIC);
  const find = screen.getByRole('button', { name: 'Use my location' });
  expect(find).toHaveFocus();
  expect(find).toHaveAccessibleDescription(CHOOSE_A_MICROCLINIC);
  expect(step.advance).not.toHaveBeenCalled();
  expect(calls.saved.get('microclinic')?.completed).toEqual(['payment']);

  // Found and chosen (the nearest is chosen for them), the message goes and Continue works.
  await user.click(screen.getByRole('button', { name: 'Enter my city or ZIP code' }));
  await user.type(screen.getByRole('textbox', { name: /City or ZIP code/ }), '78701{Enter}');
  await screen.findByRole('radiogroup', { name: 'Microclinics near you' });
  expect(screen.queryByText(CHOOSE_A_MICROCLINIC)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => {
    expect(step.advance).toHaveBeenCalledTimes(1);
  });
  expect(calls.saved.get('microclinic')?.completed).toEqual(['payment', 'microclinic']);
});

/** The serious and critical axe violations of the page; colour contrast needs a real browser. */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

test('axe finds no serious problem with the search, a failed search and the list of cities shown', async () => {
  const user = userEvent.setup();
  useLocate({ status: 500 });
  renderWithProviders(
    <MicroclinicFinishScreen route={microclinicRoute} params={{}} code="microclinic" step={fakeStep()} />,
  );
  await user.click(screen.getByRole('button', { name: 'Enter my city or ZIP code' }));
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(await seriousViolations()).toEqual([]);
  await user.type(screen.getByRole('textbox', { name: /City or ZIP code/ }), 'Austin{Enter}');
  await screen.findByRole('status');
  expect(await seriousViolations()).toEqual([]);
});
