// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  analyticsSettled,
  forgetAnalyticsPage,
  setAnalyticsPage,
  track,
  trackExperiment,
  type AnalyticsEvent,
} from '../../../src/shared/services/analytics.ts';
import { ANALYTICS_OUTCOMES } from '../../../src/contract/data-layer.ts';

/** Distinctive made-up patient details; none may reach the data layer in any field. */
const CANARIES = [
  'Zyxcanaryfirst',
  'qwcanarylast@example.com',
  '2125550199',
  '03/17/1977',
  'Canarymedicine 42mg',
  // A hash of an email is still the email.
  '5d41402abc4b2a76b9719d911017c592',
];

/**
 * `track` as a careless or old caller might call it: any event, any outcome. The type of `track`
 * refuses these; the data layer must drop them all the same.
 */
const trackAnything = track as (event: string, detail?: { outcome?: string }) => void;

/** The fields only a split test's events fill. */
const NO_SPLIT_TEST = { experiment: null, experiment_variant: null, funnel_version: null };

/** The data layer once the events reported so far have reached it. */
async function dataLayer(): Promise<unknown[]> {
  await analyticsSettled();
  return (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
}

beforeEach(() => {
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  forgetAnalyticsPage();
});

afterEach(() => {
  forgetAnalyticsPage();
});

test('an event is pushed with the page’s funnel code, brand, variant and step index', async () => {
  setAnalyticsPage({
    funnel: 'ghrt',
    brand: 'male',
    variant: 'ghrt',
    stepIndex: 0,
    route: '/hormone-assessment/ghrt',
  });
  track('funnel_step_view');
  setAnalyticsPage({ funnel: 'ghrt', brand: 'male', variant: null, stepIndex: 1, route: '/results/:pathCode' });
  track('assessment_complete');

  expect(await dataLayer()).toEqual([
    {
      event: 'funnel_step_view',
      funnel: 'ghrt',
      brand: 'male',
      variant: 'ghrt',
      step_index: 0,
      outcome: null,
      page_path: '/hormone-assessment/ghrt',
      ...NO_SPLIT_TEST,
    },
    {
      event: 'assessment_complete',
      funnel: 'ghrt',
      brand: 'male',
      variant: null,
      step_index: 1,
      outcome: null,
      page_path: '/results/:pathCode',
      ...NO_SPLIT_TEST,
    },
  ]);
});

test('the data layer is created as an array, and an existing one is pushed to', async () => {
  track('intake_complete');
  expect(Array.isArray(await dataLayer())).toBe(true);
  expect(await dataLayer()).toHaveLength(1);

  const seen: unknown[] = [];
  // The tag manager replaces push once it runs: later events go through its push.
  (window as unknown as { dataLayer: { push: (entry: unknown) => void } }).dataLayer.push = (entry) => {
    seen.push(entry);
  };
  track('consult_booked', { outcome: 'booked' });
  expect(seen).toEqual([expect.objectContaining({ event: 'consult_booked', outcome: 'booked' })]);
});

test('canary values given in every field, as the outcome or as the event name never reach the data layer', async () => {
  for (const canary of CANARIES) {
    setAnalyticsPage({
      funnel: canary,
      brand: canary as 'male',
      variant: canary,
      stepIndex: canary as unknown as number,
      route: canary,
    });
    for (const event of Object.keys(ANALYTICS_OUTCOMES) as AnalyticsEvent[]) {
      trackAnything(event, { outcome: canary });
      // Extra fields a caller might slip in are never read.
      trackAnything(event, { outcome: canary, email: canary, answers: [canary] } as { outcome: string });
    }
    trackAnything(canary, { outcome: 'booked' });
    for (const event of ['experiment_exposure', 'experiment_step'] as const)
      trackExperiment(event, {
        experiment: canary,
        variant: canary,
        code: canary,
        version: canary,
        step: canary as unknown as number,
      });
  }

  const text = JSON.stringify(await dataLayer());
  for (const canary of CANARIES) expect(text).not.toContain(canary);
  // The known events were still pushed, with nothing but nulls in place of the canaries.
  expect(await dataLayer()).toHaveLength(CANARIES.length * (Object.keys(ANALYTICS_OUTCOMES).length * 2 + 2));
  for (const entry of await dataLayer()) {
    expect(Object.keys(entry as object).sort()).toEqual([
      'brand',
      'event',
      'experiment',
      'experiment_variant',
      'funnel',
      'funnel_version',
      'outcome',
      'page_path',
      'step_index',
      'variant',
    ]);
    expect(entry).toMatchObject({
      funnel: null,
      brand: null,
      variant: null,
      step_index: null,
      outcome: null,
      ...NO_SPLIT_TEST,
    });
  }
});

test('an unknown event is dropped, and an outcome from another event’s list is dropped', async () => {
  trackAnything('page_view');
  trackAnything('constructor');
  trackAnything('payment_result', { outcome: 'booked' });
  track('service_fallback', { outcome: 'places' });

  expect(await dataLayer()).toEqual([
    expect.objectContaining({ event: 'payment_result', outcome: null }),
    expect.objectContaining({ event: 'service_fallback', outcome: 'places' }),
  ]);
});

/** Words of what the answers say: the clinic's verdict, the scores and their bands, a contraindication. */
const HEALTH_OUTCOMES = /qualif|eligib|score|band|contraindicat|reason|symptom|cancer|clot|pregnan|under.?age|result/i;

test('no event may carry an outcome of the answers: the assessment’s event has none at all', () => {
  expect(ANALYTICS_OUTCOMES.assessment_complete).toEqual([]);
  for (const [event, outcomes] of Object.entries(ANALYTICS_OUTCOMES)) {
    for (const outcome of outcomes) expect(outcome, `${event}'s outcome`).not.toMatch(HEALTH_OUTCOMES);
  }
});

test('what the answers say never reaches the data layer, even when a caller tries to send it', async () => {
  setAnalyticsPage({ funnel: 'shrt', brand: 'male', variant: null, stepIndex: 1, route: '/results/:pathCode' });
  for (const outcome of ['qualified', 'not_qualified', 'high', 'score-75', 'hormone-cancer', 'under-age']) {
    trackAnything('assessment_complete', { outcome });
    for (const event of Object.keys(ANALYTICS_OUTCOMES)) trackAnything(event, { outcome });
  }
  track('assessment_complete');

  const entries = (await dataLayer()) as Record<string, unknown>[];
  expect(JSON.stringify(entries)).not.toMatch(/qualified|score|high|cancer|under-age/);
  // Every assessment_complete is the same entry, whatever was asked of it.
  const completes = entries.filter((entry) => entry.event === 'assessment_complete');
  expect(new Set(completes.map((entry) => JSON.stringify(entry))).size).toBe(1);
  expect(completes[0]).toMatchObject({ outcome: null, brand: 'male', page_path: '/results/:pathCode' });
});

test('a campaign code outside config/funnels.json and a step index that is no index are dropped', async () => {
  setAnalyticsPage({
    funnel: 'shrt?email=a@b.c',
    brand: 'female',
    variant: 'nope',
    stepIndex: -1,
    route: '/f/payment/fha1?landing_id=abc',
  });
  track('funnel_step_view');
  setAnalyticsPage({ funnel: 'fha1', brand: 'female', variant: null, stepIndex: 2.5, route: null });
  track('funnel_step_view');

  const dropped = { variant: null, step_index: null, outcome: null, page_path: null, ...NO_SPLIT_TEST };
  expect(await dataLayer()).toEqual([
    { event: 'funnel_step_view', funnel: null, brand: 'female', ...dropped },
    { event: 'funnel_step_view', funnel: 'fha1', brand: 'female', ...dropped },
  ]);
});

test('a broken data layer never throws', async () => {
  (window as unknown as { dataLayer: unknown }).dataLayer = {
    push: () => {
      throw new Error('tag manager broke');
    },
  };
  expect(() => {
    track('intake_complete');
  }).not.toThrow();
  await analyticsSettled();
  (window as unknown as { dataLayer: unknown }).dataLayer = 'not a list';
  expect(() => {
    track('intake_complete');
  }).not.toThrow();
  await analyticsSettled();
});

test('events reported before the data layer has loaded reach it in order, each with its own page', async () => {
  vi.resetModules();
  const fresh = await import('../../../src/shared/services/analytics.ts');
  fresh.setAnalyticsPage({ funnel: 'fha1', brand: 'female', variant: null, stepIndex: 0, route: null });
  fresh.track('funnel_step_view');
  fresh.setAnalyticsPage({ funnel: 'fha1', brand: 'female', variant: null, stepIndex: 1, route: null });
  fresh.track('funnel_step_view');
  expect((window as unknown as { dataLayer?: unknown }).dataLayer).toBeUndefined();

  await fresh.analyticsSettled();
  expect((window as unknown as { dataLayer?: unknown }).dataLayer).toEqual([
    {
      event: 'funnel_step_view',
      funnel: 'fha1',
      brand: 'female',
      variant: null,
      step_index: 0,
      outcome: null,
      page_path: null,
      ...NO_SPLIT_TEST,
    },
    {
      event: 'funnel_step_view',
      funnel: 'fha1',
      brand: 'female',
      variant: null,
      step_index: 1,
      outcome: null,
      page_path: null,
      ...NO_SPLIT_TEST,
    },
  ]);
});

test('a split test’s events carry its id, variant, code, funnel version and step, and nothing of the page', async () => {
  vi.resetModules();
  // The project ships no split test: the data layer is loaded with a config that has one.
  vi.doMock('../../../config/experiments.json', () => ({
    default: {
      experiments: { 'shrt-short': { variants: { control: { weight: 1 }, 'no-results': { weight: 1 } } } },
    },
  }));
  try {
    const fresh = await import('../../../src/shared/services/analytics.ts');
    fresh.setAnalyticsPage({ funnel: 'shrt', brand: 'male', variant: null, stepIndex: 1, route: '/results/:pathCode' });
    const detail = { experiment: 'shrt-short', variant: 'no-results', code: 'shrt', version: '57151cda' };
    fresh.trackExperiment('experiment_exposure', { ...detail, step: null });
    fresh.trackExperiment('experiment_step', { ...detail, step: 0 });
    // Another test's variant, or a test the config does not have, is not named.
    fresh.trackExperiment('experiment_step', { ...detail, experiment: 'gone', step: 1 });
    fresh.trackExperiment('experiment_step', { ...detail, variant: 'book-first', step: 1 });
    await fresh.analyticsSettled();
    /** What reaches the data layer: the split test's fields, and none of the page's. */
    const entry = (
      event: string,
      step: number | null,
      named: { experiment: string | null; variant: string | null },
    ) => ({
      event,
      funnel: 'shrt',
      step_index: step,
      experiment: named.experiment,
      experiment_variant: named.variant,
      funnel_version: '57151cda',
      brand: null,
      variant: null,
      outcome: null,
      page_path: null,
    });
    const named = { experiment: 'shrt-short', variant: 'no-results' };
    expect((window as unknown as { dataLayer?: unknown }).dataLayer).toEqual([
      entry('experiment_exposure', null, named),
      entry('experiment_step', 0, named),
      entry('experiment_step', 1, { experiment: null, variant: null }),
      entry('experiment_step', 1, { experiment: 'shrt-short', variant: null }),
    ]);
  } finally {
    vi.doUnmock('../../../config/experiments.json');
  }
});
