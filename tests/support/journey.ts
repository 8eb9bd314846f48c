import { JOURNEY_VERSION, type JourneyState } from '../../src/contract/journey-state.ts';

/** A journey of the current version that has nothing in it yet but what `change` sets. */
export function journeyState(change: Partial<JourneyState> = {}, landedAt = '2030-03-01T12:00:00.000Z'): JourneyState {
  return { version: JOURNEY_VERSION, landedAt, answers: {}, pages: {}, completed: [], records: {}, ...change };
}

/** A journey saved on step `index` (its URL `url`) of `funnel`, having reached no further. */
export function journeyOnStep(url: string, index: number, funnel: JourneyState['funnel']): JourneyState {
  return journeyState({ step: { url, index }, reached: { url, index }, ...(funnel === undefined ? {} : { funnel }) });
}
