import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { expect, test } from 'vitest';
import { FunnelSync, useFunnelStep } from '../../src/app/funnel-sync.tsx';
import type { FunnelStep } from '../../src/shared/funnel-step.ts';
import { useApiServer } from '../api/msw.ts';
import { journeyOnStep } from '../support/journey.ts';
import type { JourneyState } from '../../src/contract/journey-state.ts';
import { recordedFunnel } from '../../src/engine/funnel-version.ts';
import type { JourneyCalls } from '../../src/shared/journey/journey-store.ts';
import { loadEngine } from '../support/config.ts';
import { memoryJourneyCalls, renderWithProviders } from '../support/render.tsx';

useApiServer();

const ENGINE = loadEngine();

/** What a screen shows of its step, without the functions. */
function viewOf(step: FunnelStep | null): string {
  if (step === null) return 'null';
  const { index, total, laterScreens, afterFinish, canNext, canBack, saving, unsaved } = step;
  return JSON.stringify({ index, total, laterScreens, afterFinish, canNext, canBack, saving, unsaved });
}

test('a screen rerenders only when what its step shows changes, not at every snapshot of the machine', async () => {
  const user = userEvent.setup();
  const rendered: string[] = [];
  function Probe() {
    const step = useFunnelStep();
    rendered.push(viewOf(step));
    return (
      <button type="button" onClick={step?.onNext}>
        Next
      </button>
    );
  }
  const journey = memoryJourneyCalls();
  renderWithProviders(
    <FunnelSync engine={ENGINE} site="male">
      <Routes>
        <Route path="/hormone-assessment/:pathCode" element={<Probe />} />
        <Route path="/results/:pathCode" element={<h1>Your results are ready</h1>} />
      </Routes>
    </FunnelSync>,
    { path: '/hormone-assessment/shrt', journeyCalls: journey },
  );

  // The journey arrives (a new snapshot: the step and how far the patient got), then Next
  // saves the step and moves on: each render of the screen shows something new.
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'Your results are ready' })).toBeVisible();
  await waitFor(() => {
    expect(journey.saved.get('shrt')?.step?.index).toBe(1);
  });
  expect(rendered.length).toBeGreaterThan(1);
  const repeats = rendered.filter((view, position) => position > 0 && view === rendered[position - 1]);
  expect(repeats).toEqual([]);
});

test('a returning patient back on the campaign link resumes at their step with no write: the server has that place already', async () => {
  const planned = ENGINE.planVisit({ code: 'shrt', brand: 'male', query: '' });
  if (!planned.ok) throw new Error(planned.problem.message);
  const url = '/results/shrt';
  const saved = journeyOnStep(url, 1, recordedFunnel(planned.plan));
  const memory = memoryJourneyCalls({ shrt: saved });
  const saves: JourneyState[] = [];
  const calls: JourneyCalls = {
    load: memory.load,
    save: (code, state, base) => {
      saves.push(state);
      return memory.save(code, state, base);
    },
  };
  renderWithProviders(
    <FunnelSync engine={ENGINE} site="male">
      <Routes>
        <Route path="/hormone-assessment/:pathCode" element={<h1>Hormone Assessment</h1>} />
        <Route path="/results/:pathCode" element={<h1>Your results are ready</h1>} />
      </Routes>
    </FunnelSync>,
    { path: '/hormone-assessment/shrt', journeyCalls: calls },
  );
  expect(await screen.findByRole('heading', { name: 'Your results are ready' })).toBeVisible();
  // Neither the campaign link's page it passes through nor the step the server already has is written.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(saves).toEqual([]);
});
