import type { JourneyState } from '../../contract/journey-state.ts';
import type { FormIds } from '../../engine/config-types.ts';
import { FACT_NAMES, type FactName } from '../../engine/step-facts.ts';
import { isoDayOf } from '../../domain/calendar.ts';
import { disqualifyingReasons } from '../../domain/qualification.ts';
import { cleanAnswerText } from '../../domain/answer-text.ts';
import { paidSummaryOf } from './paid-order.ts';

/**
 * How the patient's journey proves each fact a step can require (config/routes.json `facts`,
 * src/engine/step-facts.ts): one proof per fact, here only. The app proves them when the journey
 * is read and tells the funnel machine, which keeps each step's door with them. The journey is
 * the browser's own record of what the patient did; the server keeps the same doors with its own
 * records (a booking for a session nobody can reach, a second paid order), so a journey edited
 * by hand opens a page, never a charge or a booking.
 */

/** The finished part a booked consult leaves in the journey (at least one consult is booked). */
export const CONSULT_BOOKED_PART = 'appointment';

/** The finished part the microclinic choice leaves in the journey: where the patient is seen in person. */
export const IN_PERSON_VISIT_PART = 'microclinic';

/** A birthdate answer as the form takes it (`MM/DD/YYYY`), as the rule reads it (`YYYY-MM-DD`). */
function isoBirthdate(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return match === null ? text : `${match[3] ?? ''}-${match[1] ?? ''}-${match[2] ?? ''}`;
}

type Proof = (state: JourneyState, forms: FormIds, today: string) => boolean;

const PROOFS = {
  // A saved lead carries the name, email and phone the clinic reaches the patient by.
  'contact-known': (state) => state.landingId !== undefined && state.landingId !== '',
  'assessment-answered': (state, forms) => state.completed.includes(forms.assessment),
  'no-contraindication': (state, forms, today) =>
    state.completed.includes(forms.assessment) &&
    disqualifyingReasons(
      Object.entries(state.answers).map(([ref, value]) => ({
        ref,
        // As the lead sends them (SPEC §5): trimmed, a choice's leading # gone, a birthdate as YYYY-MM-DD.
        value: value.map((text) =>
          ref.toLowerCase().startsWith('birthdate') ? isoBirthdate(text) : cleanAnswerText(text),
        ),
      })),
      today,
    ).length === 0,
  paid: (state) => paidSummaryOf(state) !== null,
  'intake-done': (state, forms) => state.completed.includes(forms.intake),
  'consult-booked': (state) => state.completed.includes(CONSULT_BOOKED_PART),
  'in-person-visit': (state) => state.completed.includes(IN_PERSON_VISIT_PART),
} as const satisfies Record<FactName, Proof>;

/** The facts the journey holds, in the order src/engine/step-facts.ts names them. */
export function factsOfJourney(state: JourneyState, forms: FormIds, now: Date = new Date()): FactName[] {
  const today = isoDayOf(now, 'local');
  return FACT_NAMES.filter((fact) => PROOFS[fact](state, forms, today));
}
