import { createActor, toPromise } from 'xstate';
import type { ReactNode } from 'react';
import { STEP_WORK, type StepWorkDone } from '../../src/engine/funnel-machine.ts';
import { STEP_WORK_ACTORS, workOf } from '../../src/app/step-work.ts';
import type { StepMove } from '../../src/shared/funnel-step.ts';
import { useJourneyStore } from '../../src/shared/journey/journey-context.tsx';
import type { JourneyChange } from '../../src/shared/journey/journey-store.ts';
import type { FakeStep } from './fake-step.ts';

/** A journey store's writes, counted: what a test of "one write per press" reads. */
export interface WriteCount {
  writes: number;
}

/**
 * Makes a fake step's `advance` do with a move what the funnel machine does: the app's own
 * work actors (src/app/step-work.ts) the move carries, in STEP_WORK order, then one journey
 * write with every record, through the page's journey store (the step itself is the fake's).
 * A work actor's failure rejects before anything is written, as the machine's does.
 */
export function MachineMoves({ step, code, children }: { step: FakeStep; code: string; children: ReactNode }) {
  const journeys = useJourneyStore();
  step.advance.mockImplementation(async (move: StepMove = {}) => {
    const inputs = workOf(move);
    const records: JourneyChange[] = [];
    for (const name of STEP_WORK) {
      if (inputs[name] === undefined) continue;
      const actor = createActor(STEP_WORK_ACTORS[name], { input: inputs[name] });
      actor.start();
      const done: StepWorkDone = await toPromise(actor);
      if (typeof done.record === 'function') records.push(done.record as JourneyChange);
    }
    if (move.record) records.push(move.record);
    await journeys.save(code, (state) => records.reduce((now, change) => change(now), state), { report: false });
  });
  return <>{children}</>;
}
