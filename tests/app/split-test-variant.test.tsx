import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { beforeEach, expect, test, vi } from 'vitest';
import { FunnelSync, useFunnelStep } from '../../src/app/funnel-sync.tsx';
import type { ExperimentsFile, StepChange } from '../../src/engine/config-types.ts';
import { recordedFunnel } from '../../src/engine/funnel-version.ts';
import type { JourneyState } from '../../src/contract/journey-state.ts';
import type { JourneyAssignment, JourneyCalls } from '../../src/shared/journey/journey-store.ts';
import { analyticsSettled, forgetAnalyticsPage } from '../../src/shared/services/analytics.ts';
import { useApiServer } from '../api/msw.ts';
import { journeyOnStep, journeyState } from '../support/journey.ts';
import { configTexts, editConfig, engineOf } from '../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../support/render.tsx';

/**
 * Issue 29, point 2, in the page: the server says which split test variant a patient is in
 * (with the journey it loads, or the answer to its first save), and the page walks that
 * variant's steps from where the patient stands, without a reload and without losing a press.
 */

useApiServer();

// The data layer allows the ids of config/experiments.json, where the project ships no split test.
vi.mock('../../config/experiments.json', () => ({
  default: { experiments: { 'shrt-short': { variants: { control: { weight: 1 }, 'no-results': { weight: 1 } } } } },
}));

beforeEach(() => {
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  forgetAnalyticsPage();
});

/** The engine of a config copy with one split test on shrt: its variant `no-results` makes `change`. */
function engineWith(change: StepChange[], running = true) {
  return engineOf(
    editConfig(configTexts(), 'experiments', (json: ExperimentsFile) => {
      json.experiments = {
        'shrt-short': {
          description: 'A shorter way to payment.',
          codes: ['shrt'],
          running,
          variants: { control: { weight: 1 }, 'no-results': { weight: 1, change } },
        },
      };
    }),
  );
}

/** The shorter variant goes from the assessment straight to payment. */
const ENGINE = engineWith([{ remove: '/results' }]);

function funnelOf(variant: string) {
  const planned = ENGINE.planVisit({
    code: 'shrt',
    brand: 'male',
    query: '',
    experiment: { experiment: 'shrt-short', variant },
  });
  if (!planned.ok) throw new Error(planned.problem.message);
  return recordedFunnel(planned.plan);
}

/**
 * The server's journeys, with a variant given on the first save as the server gives it; each
 * save is counted, and may be held until the test lets it go.
 */
function serverGiving(variant: string, initial: Record<string, JourneyState> = {}, held = false) {
  const memory = memoryJourneyCalls(initial);
  // Counted as the server counts: on the variant's own steps, up to the furthest step saved.
  let assignment: JourneyAssignment = { experiment: 'shrt-short', variant, recorded: null };
  const count = (state: JourneyState) => {
    if (state.funnel?.version !== funnelOf(variant).version || state.step === undefined) return;
    assignment = { ...assignment, recorded: Math.max(assignment.recorded ?? -1, state.step.index) };
  };
  const saves: JourneyState[] = [];
  let release: () => void = () => undefined;
  const gate = held
    ? new Promise<void>((resolve) => {
        release = resolve;
      })
    : Promise.resolve();
  const calls: JourneyCalls = {
    load: async (code) => {
      const loaded = await memory.load(code);
      return loaded === null ? null : { ...loaded, assignment };
    },
    save: async (code, state, base) => {
      await gate;
      saves.push(state);
      const answer = await memory.save(code, state, base);
      count(state);
      return { revision: typeof answer === 'number' ? answer : answer.revision, assignment };
    },
  };
  return {
    calls,
    saves,
    count,
    release: () => {
      release();
    },
  };
}

function Probe() {
  const step = useFunnelStep();
  return (
    <>
      <p>
        Step {String((step?.index ?? 0) + 1)} of {String(step?.total ?? 0)}
      </p>
      <button type="button" onClick={step?.onNext}>
        Next
      </button>
    </>
  );
}

function Elsewhere() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        void navigate('/hormone-assessment/shrt?utm_source=mail');
      }}
    >
      Open the link from the email
    </button>
  );
}

function renderFunnel(
  calls: JourneyCalls,
  path: string | { pathname: string; state?: unknown } = '/hormone-assessment/shrt',
  engine = ENGINE,
) {
  renderWithProviders(
    <FunnelSync engine={engine} site="male">
      <Routes>
        <Route
          path="/hormone-assessment/:pathCode"
          element={
            <>
              <Probe />
              <Elsewhere />
            </>
          }
        />
        <Route path="/results/:pathCode" element={<h1>Your results</h1>} />
        <Route path="/payment/:pathCode" element={<h1>Payment</h1>} />
        <Route path="/mip/checkout/:pathCode" element={<h1>Checkout</h1>} />
      </Routes>
    </FunnelSync>,
    { path, journeyCalls: calls },
  );
}

/** The split test's entries in the data layer. */
async function splitTestEntries() {
  await analyticsSettled();
  return (
    (window as unknown as { dataLayer?: { event: string }[] }).dataLayer?.filter((entry) =>
      entry.event.startsWith('experiment_'),
    ) ?? []
  );
}

test('a new patient the server puts in the shorter variant walks it from the assessment: Next goes to payment', async () => {
  const user = userEvent.setup();
  const server = serverGiving('no-results');
  renderFunnel(server.calls);
  // The control's six steps until the first save's answer, then the variant's five.
  expect(await screen.findByText('Step 1 of 5')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'Payment' })).toBeVisible();
  await waitFor(() => {
    expect(server.saves.at(-1)?.step?.index).toBe(1);
  });
  const last = server.saves.at(-1);
  expect(last?.funnel).toEqual(funnelOf('no-results'));
  expect(last?.step?.url).toBe('/payment/shrt');
  // The first save was made on the control's steps, before the answer; one more recorded the
  // variant's on the same step, then Next's.
  expect(server.saves.map((state) => state.funnel?.version)).toEqual([
    funnelOf('control').version,
    funnelOf('no-results').version,
    funnelOf('no-results').version,
  ]);
  // The tag manager hears what the server counted: shown the variant, then each step reached.
  await analyticsSettled();
  const split = (window as unknown as { dataLayer?: { event: string }[] }).dataLayer?.filter((entry) =>
    entry.event.startsWith('experiment_'),
  );
  const entry = { experiment: 'shrt-short', experiment_variant: 'no-results', funnel: 'shrt' };
  expect(split).toEqual([
    expect.objectContaining({ event: 'experiment_exposure', step_index: null, ...entry }),
    expect.objectContaining({ event: 'experiment_step', step_index: 0, ...entry }),
    expect.objectContaining({
      event: 'experiment_step',
      step_index: 1,
      funnel_version: funnelOf('no-results').version,
      ...entry,
    }),
  ]);
});

test('Next pressed before the server has said which variant: the press waits for it, and is made once', async () => {
  const user = userEvent.setup();
  const server = serverGiving('no-results', {}, true);
  renderFunnel(server.calls);
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  expect(screen.queryByRole('heading', { name: 'Your results' })).toBeNull();
  server.release();
  expect(await screen.findByRole('heading', { name: 'Payment' })).toBeVisible();
  await waitFor(() => {
    expect(server.saves.at(-1)?.step?.url).toBe('/payment/shrt');
  });
  expect(server.saves.filter((state) => state.step?.index === 1)).toHaveLength(1);
});

test('a patient the server keeps on the control walks the funnel’s own steps: Next goes to results', async () => {
  const user = userEvent.setup();
  const server = serverGiving('control');
  renderFunnel(server.calls);
  expect(await screen.findByText('Step 1 of 6')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'Your results' })).toBeVisible();
});

test('a returning patient of the shorter variant, back on the campaign link, resumes at their step of it', async () => {
  const variant = funnelOf('no-results');
  const url = '/payment/shrt';
  const saved = journeyOnStep(url, 1, variant);
  const server = serverGiving('no-results', { shrt: saved });
  server.count(saved);
  renderFunnel(server.calls);
  expect(await screen.findByRole('heading', { name: 'Payment' })).toBeVisible();
  // Where they were is what the server has: nothing is written, on the control's steps or any,
  // and nothing is reported again to the tag manager.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(server.saves).toEqual([]);
  await analyticsSettled();
  expect(
    (window as unknown as { dataLayer?: { event: string }[] }).dataLayer?.filter((entry) =>
      entry.event.startsWith('experiment_'),
    ) ?? [],
  ).toEqual([]);
});

test('the same patient opening the link again in the same page is not reported to the tag manager twice', async () => {
  const user = userEvent.setup();
  const server = serverGiving('no-results');
  renderFunnel(server.calls);
  expect(await screen.findByText('Step 1 of 5')).toBeVisible();
  await waitFor(async () => {
    expect(await splitTestEntries()).toHaveLength(2);
  });
  // Another visit of the code in the same page (another query): a new machine, the same patient.
  await user.click(screen.getByRole('button', { name: 'Open the link from the email' }));
  expect(await screen.findByText('Step 1 of 5')).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect((await splitTestEntries()).map((entry) => entry.event)).toEqual(['experiment_exposure', 'experiment_step']);
});

test('a patient of a variant that adds a step, reloading on that step, stays on it, in the variant', async () => {
  // After the intake: a checkout needs the intake done (config/routes.json requires).
  const engine = engineWith([{ insert: '/mip/checkout', after: '/mip/form' }]);
  const planned = engine.planVisit({
    code: 'shrt',
    brand: 'male',
    query: '',
    experiment: { experiment: 'shrt-short', variant: 'no-results' },
  });
  if (!planned.ok) throw new Error(planned.problem.message);
  const variant = recordedFunnel(planned.plan);
  const url = '/mip/checkout/shrt';
  // Everything before it done: the lead, the assessment, the payment, the intake.
  const saved = journeyState({
    step: { url, index: 4 },
    reached: { url, index: 4 },
    funnel: variant,
    landingId: 'Um9lfHJvZUBleGFtcGxlLmNvbXwyMDMwLTAzLTAxfE1JUA',
    completed: ['MIP', 'payment', 'MIP-H2'],
  });
  const server = serverGiving('no-results', { shrt: saved });
  renderFunnel(server.calls, { pathname: url, state: { stepIndex: 4 } }, engine);
  expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(screen.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  // Nothing rewritten on the control's steps.
  expect(server.saves).toEqual([]);
});

test('a split test stopped since (running false): its patients walk the funnel’s own steps', async () => {
  const user = userEvent.setup();
  const stopped = engineWith([{ remove: '/results' }], false);
  // The server still holds the variant it gave the patient while the test ran.
  const server = serverGiving('no-results');
  renderFunnel(server.calls, '/hormone-assessment/shrt', stopped);
  expect(await screen.findByText('Step 1 of 6')).toBeVisible();
  // Another visit in the same page, which knows the variant the server kept: still the own steps.
  await user.click(screen.getByRole('button', { name: 'Open the link from the email' }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.getByText('Step 1 of 6')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'Your results' })).toBeVisible();
});
