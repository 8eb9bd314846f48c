import { JOURNEY_VERSION, type JourneyState } from '../../src/contract/journey-state.ts';
import { FORM_IDS } from '../../src/contract/form-ids.ts';
import { PAYMENT_RECORDS } from '../../src/shared/journey/paid-order.ts';
import { CONSULT_BOOKED_PART } from '../../src/shared/journey/journey-facts.ts';
import { loadConfig } from './config.ts';

/** A journey of the current version that has nothing in it yet but what `change` sets. */
export function journeyState(change: Partial<JourneyState> = {}, landedAt = '2030-03-01T12:00:00.000Z'): JourneyState {
  return { version: JOURNEY_VERSION, landedAt, answers: {}, pages: {}, completed: [], records: {}, ...change };
}

const ROUTES = loadConfig().routes.routes;

/**
 * What a patient who walked `steps` up to `index` has done, as their journey holds it: the
 * facts each step before it produces (config/routes.json), proved the way
 * src/shared/journey/journey-facts.ts reads them (a lead, the finished forms, an order, a booking).
 */
function workBefore(steps: readonly string[], index: number): Partial<JourneyState> {
  const produced = new Set(
    steps
      .slice(0, index)
      .flatMap(
        (step) => ROUTES.find((route) => route.funnel === true && route.path.startsWith(`${step}/:`))?.produces ?? [],
      ),
  );
  const completed = [
    ...(produced.has('assessment-answered') ? [FORM_IDS.assessment] : []),
    ...(produced.has('intake-done') ? [FORM_IDS.intake] : []),
    ...(produced.has('consult-booked') ? [CONSULT_BOOKED_PART] : []),
  ];
  return {
    ...(produced.has('contact-known') ? { landingId: 'Um9lfHJvZUBleGFtcGxlLmNvbXwyMDMwLTAzLTAxfE1JUA' } : {}),
    completed,
    records: produced.has('paid') ? { [PAYMENT_RECORDS.orderId]: 'ord_test0001' } : {},
  };
}

/**
 * A journey saved on step `index` (its URL `url`) of `funnel`, having reached no further, with
 * the work of the steps before it done, as a patient who walked there has it.
 */
export function journeyOnStep(url: string, index: number, funnel: JourneyState['funnel']): JourneyState {
  return journeyState({
    step: { url, index },
    reached: { url, index },
    ...(funnel === undefined ? {} : { funnel, ...workBefore(funnel.steps, index) }),
  });
}
