import { fromPromise } from 'xstate';
import type { StepWork, StepWorkDone } from '../engine/funnel-machine.ts';
import type { ConsultBooking, IdentityMove, StepMove } from '../shared/funnel-step.ts';
import type { SaveLeadInput } from '../shared/journey/lead.ts';
import { loadChunk } from '../lib/lazy-chunk.ts';

/**
 * The funnel machine's work actors (STEP_WORK in src/engine/funnel-machine.ts): each does one
 * kind of a step's work with what the screen handed over and returns the change recording it,
 * which the machine writes with the step in one journey write (saveStep, src/app/funnel-sync.tsx).
 * None writes the journey. Each loads its code on first use: most pages never need it.
 */
export const STEP_WORK_ACTORS = {
  /** Saves the lead Next carried; its record notes the landing id and the finished form. */
  saveLead: fromPromise<StepWorkDone, unknown>(async ({ input }) => {
    const { saveLeadOf } = await loadChunk(() => import('../shared/journey/lead.ts'));
    return { record: (await saveLeadOf(input as SaveLeadInput)).record };
  }),
  /**
   * Runs the intake's identity check (after the lead); its record notes the result and the
   * finished intake, or the check pending while its documents' page comes next, and any
   * result but `verified` says stay (src/features/intake/intake-work.ts).
   */
  checkIdentity: fromPromise<StepWorkDone, unknown>(async ({ input }) => {
    const { checkIdentityWork } = await loadChunk(() => import('../features/intake/intake-work.ts'));
    return checkIdentityWork(input as IdentityMove);
  }),
  /**
   * Books the consult the move carries (or records one the scheduling service booked); its
   * record keeps it under the step, and `stay` keeps the patient on a page that confirms it.
   */
  bookConsult: fromPromise<StepWorkDone, unknown>(async ({ input }) => {
    const { bookConsult } = await loadChunk(() => import('../features/booking/book-consult.ts'));
    return bookConsult(input as ConsultBooking);
  }),
};

/** The input of each work actor (STEP_WORK) a move carries: the one map from a screen's StepMove to the machine's names. */
export function workOf(move: StepMove): StepWork {
  return {
    ...(move.lead === undefined ? {} : { saveLead: move.lead }),
    ...(move.identity === undefined ? {} : { checkIdentity: move.identity }),
    ...(move.booking === undefined ? {} : { bookConsult: move.booking }),
  };
}
