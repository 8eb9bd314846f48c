import type { JourneyState } from '../../contract/journey-state.ts';
import type { StepWorkDone } from '../../engine/funnel-machine.ts';
import { identityCheck } from '../../shared/api/identity.ts';
import type { IdentityMove, StepMove } from '../../shared/funnel-step.ts';
import type { JourneyHandle } from '../../shared/journey/journey-context.tsx';
import type { JourneyChange } from '../../shared/journey/journey-store.ts';
import { saveLeadOf } from '../../shared/journey/lead.ts';
import { IDENTITY_PENDING, INTAKE_FORM_ID, INTAKE_RECORDS } from './intake-pages.ts';

/** What the identity work produced: the change recording it, and whether the patient stays on the intake. */
export interface IdentityWorkDone extends StepWorkDone {
  record: JourneyChange;
  stay: boolean;
}

/** The journey without an identity result, and with the intake not finished. */
function withoutIdentity(state: JourneyState): JourneyState {
  const records = Object.fromEntries(
    Object.entries(state.records).filter(
      ([key]) => key !== INTAKE_RECORDS.identity && key !== INTAKE_RECORDS.identityCheckId,
    ),
  );
  return { ...state, completed: state.completed.filter((part) => part !== INTAKE_FORM_ID), records };
}

/**
 * The intake's identity work (the funnel machine's `checkIdentity` actor, src/app/step-work.ts):
 * runs the check with the move's customer and returns the change that records its result and
 * the finished intake; any result but `verified` keeps the patient on the intake (it says the
 * care team may contact them). With no customer yet (the documents' page comes next) nothing is
 * checked: the change clears any earlier result and marks the check pending, so the intake
 * counts as finished only once the check has answered, and the patient stays for that page.
 * Writes nothing: the machine writes the journey once with the step (or the fallback of a page
 * with no next step, `saveIntakeMove`). Rejects when the check cannot be made.
 */
export async function checkIdentityWork({ customer }: IdentityMove): Promise<IdentityWorkDone> {
  if (customer === null) {
    return {
      record: (state) => {
        const cleared = withoutIdentity(state);
        return { ...cleared, records: { ...cleared.records, [INTAKE_RECORDS.identity]: IDENTITY_PENDING } };
      },
      stay: true,
    };
  }
  const result = await identityCheck(customer);
  return {
    record: (state) => ({
      ...state,
      completed: state.completed.includes(INTAKE_FORM_ID) ? state.completed : [...state.completed, INTAKE_FORM_ID],
      records: {
        ...state.records,
        [INTAKE_RECORDS.identity]: result.status,
        [INTAKE_RECORDS.identityCheckId]: result.checkId,
      },
    }),
    stay: result.status !== 'verified',
  };
}

/**
 * The intake's move where there is no next step to move to (no funnel, or the funnel's last
 * step), so no machine to hand it to: the same work in the machine's order (the lead, then the
 * identity check), then one journey write with every record, the screen's last. Rejects, with
 * nothing written, when any of it fails.
 */
export async function saveIntakeMove(move: StepMove, journey: JourneyHandle): Promise<void> {
  const records: JourneyChange[] = [];
  if (move.lead !== undefined) records.push((await saveLeadOf(move.lead)).record);
  if (move.identity !== undefined) records.push((await checkIdentityWork(move.identity)).record);
  if (move.record !== undefined) records.push(move.record);
  await journey.save((state) => records.reduce((now, change) => change(now), state), { report: false });
}
