import { JOURNEY_VERSION, type JourneyState } from '../../src/contract/journey-state.ts';

/** A journey of the current version that has nothing in it yet but what `change` sets. */
export function journeyState(change: Partial<JourneyState> = {}, landedAt = '2030-03-01T12:00:00.000Z'): JourneyState {
  return { version: JOURNEY_VERSION, landedAt, answers: {}, pages: {}, completed: [], records: {}, ...change };
}
