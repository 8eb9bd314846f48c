import { expect, test } from 'vitest';
import type { ExperimentsFile } from '../../src/engine/config-types.ts';
import type { Visit } from '../../src/engine/funnel-plan.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { listPaths, simulate, wayOf } from '../../src/engine/simulate.ts';
import { configTexts, editConfig, engineOf } from '../support/config.ts';

/**
 * Issue 29, point 2: a patient's split test variant gives the steps they walk, with its own
 * funnel version; a pathOverride link and a query variant (the call centre's) still win over
 * it. The precedence: pathOverride, then a query variant, then the experiment's variant, then
 * the funnel's own steps.
 */
const texts = editConfig(configTexts(), 'experiments', (json: ExperimentsFile) => {
  json.experiments = {
    'shrt-short': {
      description: 'Straight from the assessment to payment.',
      codes: ['shrt', 'ghrt'],
      running: true,
      variants: {
        control: { weight: 1 },
        'no-results': { weight: 1, change: [{ remove: '/results' }] },
        'book-first': {
          weight: 1,
          steps: ['/hormone-assessment', '/mip/calendly', '/results', '/payment', '/mip/form'],
        },
      },
    },
  };
});
const engine = engineOf(texts);

function plan(visit: Partial<Visit>) {
  const planned = engine.planVisit({ code: 'shrt', brand: 'male', query: '', ...visit });
  if (!planned.ok) throw new Error(planned.problem.message);
  return planned.plan;
}

const OWN = ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'];

test('a patient in a variant walks its steps, with a version of their own', () => {
  const noResults = plan({ experiment: { experiment: 'shrt-short', variant: 'no-results' } });
  expect(noResults.steps).toEqual(['/hormone-assessment', '/payment', '/mip/form', '/mip/calendly', '/finish']);
  expect(noResults.experiment).toEqual({ experiment: 'shrt-short', variant: 'no-results' });
  expect(noResults.variant).toBeNull();

  const bookFirst = plan({ code: 'ghrt', experiment: { experiment: 'shrt-short', variant: 'book-first' } });
  expect(bookFirst.steps).toEqual([
    '/hormone-assessment',
    '/mip/calendly',
    '/results',
    '/payment',
    '/mip/form',
    '/finish',
  ]);

  const versions = new Set([plan({}), noResults, bookFirst].map((planned) => stepsVersion(planned.steps)));
  expect(versions.size).toBe(3);
});

test('the control walks the funnel’s own steps, and says it is the control', () => {
  const control = plan({ experiment: { experiment: 'shrt-short', variant: 'control' } });
  expect(control.steps).toEqual(OWN);
  expect(control.experiment).toEqual({ experiment: 'shrt-short', variant: 'control' });
  expect(stepsVersion(control.steps)).toBe(stepsVersion(plan({}).steps));
});

test('a call-centre link and a pathOverride link win over the variant the patient was assigned', () => {
  const assigned = { experiment: 'shrt-short', variant: 'no-results' } as const;
  const callCentre = plan({ query: 'callcenter=true', experiment: assigned });
  expect(callCentre.variant).toBe('callcenter');
  expect(callCentre.experiment).toBeNull();
  expect(callCentre.steps).toEqual(plan({ query: 'callcenter=true' }).steps);

  const override = plan({ query: 'pathOverride=assess,cal', experiment: assigned });
  expect(override.variant).toBe('pathOverride');
  expect(override.experiment).toBeNull();
});

test('an assignment the config no longer has (the experiment removed, a variant renamed, another code) walks the own steps', () => {
  for (const experiment of [
    { experiment: 'gone', variant: 'no-results' },
    { experiment: 'shrt-short', variant: 'renamed' },
  ]) {
    const planned = plan({ experiment });
    expect(planned.steps).toEqual(OWN);
    expect(planned.experiment).toBeNull();
  }
  expect(plan({ code: 'mhrt', experiment: { experiment: 'shrt-short', variant: 'no-results' } }).experiment).toBeNull();
});

test('QA walks a variant without a browser: simulate takes the experiment and the variant', () => {
  const walk = (variant: string) =>
    simulate(engine, '/hormone-assessment/shrt', { experiment: { experiment: 'shrt-short', variant } });
  expect(walk('no-results')).toEqual([
    '/hormone-assessment/shrt',
    '/payment/shrt',
    '/mip/form/shrt',
    '/mip/calendly/shrt',
    '/finish/shrt',
  ]);
  expect(walk('control')).toEqual(simulate(engine, '/hormone-assessment/shrt'));
  // Back from the end of a variant walks its steps back.
  expect(
    simulate(engine, '/finish/shrt', {
      back: true,
      step: 5,
      experiment: { experiment: 'shrt-short', variant: 'no-results' },
    }),
  ).toEqual(['/finish/shrt', '/mip/calendly/shrt', '/mip/form/shrt', '/payment/shrt', '/hormone-assessment/shrt']);
});

test('a variant QA names wrong is refused with what there is', () => {
  expect(() =>
    simulate(engine, '/hormone-assessment/shrt', { experiment: { experiment: 'shrt-shrot', variant: 'control' } }),
  ).toThrow('--experiment "shrt-shrot" is not in config/experiments.json; did you mean "shrt-short"?');
  expect(() =>
    simulate(engine, '/hormone-assessment/shrt', { experiment: { experiment: 'shrt-short', variant: 'no-result' } }),
  ).toThrow(
    '--variant "no-result" is not a variant of "shrt-short" (its variants: control, no-results, book-first); did you mean "no-results"?',
  );
  expect(() =>
    simulate(engine, '/hormone-assessment/mhrt', { experiment: { experiment: 'shrt-short', variant: 'control' } }),
  ).toThrow('experiment "shrt-short" is for shrt, ghrt, not the start URL\'s code "mhrt"');
});

test('every path of the config includes each variant of each split test, with its version', () => {
  const paths = listPaths(engine).filter((path) => path.experiment !== null);
  expect(paths.map((path) => `${path.code} ${wayOf(path)}`)).toEqual([
    'shrt experiment shrt-short/control',
    'shrt experiment shrt-short/no-results',
    'shrt experiment shrt-short/book-first',
    'ghrt experiment shrt-short/control',
    'ghrt experiment shrt-short/no-results',
    'ghrt experiment shrt-short/book-first',
  ]);
  const ghrt = paths.filter((path) => path.code === 'ghrt');
  expect(new Set(ghrt.map((path) => path.version)).size).toBe(3);
  for (const path of ghrt) {
    expect(path.next.at(-1)).toBe('/finish/ghrt');
    expect(path.back.at(-1)).toBe('/hormone-assessment/ghrt');
  }
});
