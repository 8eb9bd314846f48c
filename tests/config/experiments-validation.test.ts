import { expect, test } from 'vitest';
import type { Experiment, ExperimentsFile } from '../../src/engine/config-types.ts';
import { applyChanges, variantSteps } from '../../src/engine/experiments.ts';
import { validateConfigTexts } from '../../scripts/lib/config-validation.ts';
import { configTexts, editConfig, problemsOf } from '../support/config.ts';

/**
 * Issue 29, point 1: split tests are config, checked as funnels are. Each test makes the
 * mistake product staff would make in config/experiments.json and reads what `npm run validate`
 * prints: the file, the JSON pointer, and what to do, with a suggestion where one fits.
 */
const valid = configTexts();

/** The config with `experiments` as the only split tests. */
function withExperiments(experiments: Record<string, unknown>): Record<string, string> {
  return editConfig(valid, 'experiments', (json: ExperimentsFile) => {
    json.experiments = experiments as Record<string, Experiment>;
  });
}

/** A well-formed experiment on ghrt (hrt-assessment: assessment, results, payment, intake, calendly). */
function experiment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    description: 'Straight from the assessment to payment.',
    codes: ['ghrt'],
    running: true,
    variants: { control: { weight: 1 }, 'no-results': { weight: 1, change: [{ remove: '/results' }] } },
    ...overrides,
  };
}

test('the project’s split tests are valid', () => {
  expect(problemsOf(valid)).toEqual([]);
  expect(problemsOf(withExperiments({ 'ghrt-short': experiment() }))).toEqual([]);
});

test('a variant that names a step no page has suggests the step it is close to', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({
      variants: {
        control: { weight: 1 },
        'pay-first': { weight: 1, steps: ['/payment', '/hormone-assesment', '/mip/form', '/mip/calendly'] },
      },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/variants/pay-first/steps/1: unknown step "/hormone-assesment": no page matches /hormone-assesment/ghrt; did you mean /hormone-assessment?',
  ]);
});

test('a change to a step the control does not have names the control’s steps', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({
      variants: { control: { weight: 1 }, 'no-results': { weight: 1, change: [{ remove: '/result' }] } },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/variants/no-results/change/0/remove: "/result" is not one of the steps here (/hormone-assessment, /results, /payment, /mip/form, /mip/calendly)',
  ]);
});

test('an inserted step that does not exist, and a step of the other brand', () => {
  const texts = withExperiments({
    'ghrt-more': experiment({
      variants: {
        control: { weight: 1 },
        extra: { weight: 1, change: [{ insert: '/f/about-consult', before: '/mip/calendly' }] },
        typo: { weight: 1, change: [{ insert: '/mip/calendy', after: '/mip/form' }] },
      },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-more/variants/extra/change/0/insert: step "/f/about-consult" does not fit funnel "hrt-assessment": /f/about-consult/ghrt is a page of the women\'s site (/f/about-consult/:pathCode), not the men\'s site',
    'config/experiments.json: /experiments/ghrt-more/variants/typo/change/0/insert: unknown step "/mip/calendy": no page matches /mip/calendy/ghrt; did you mean /mip/calendly?',
  ]);
});

test('weights that add up to 0 would give no one a variant', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({
      variants: { control: { weight: 0 }, 'no-results': { weight: 0, change: [{ remove: '/results' }] } },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/variants: the weights add up to 0: no patient could be given a variant',
  ]);
});

test('a weight that is not a whole number', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({
      variants: { control: { weight: 0.5 }, 'no-results': { weight: 1, change: [{ remove: '/results' }] } },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/variants/control/weight: must be a whole number',
  ]);
});

test('two running experiments on one code: the later one is told to stop', () => {
  const texts = withExperiments({
    'ghrt-short': experiment(),
    'ghrt-pay-first': experiment({
      codes: ['shrt', 'ghrt'],
      variants: { control: { weight: 1 }, 'pay-first': { weight: 1, change: [{ swap: ['/results', '/payment'] }] } },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-pay-first/codes/1: code "ghrt" is already in running experiment "ghrt-short": a patient takes part in one split test at a time, so stop one ("running": false)',
  ]);
  // Stopped, it may stay in the file (its patients keep their variant).
  const stopped = withExperiments({
    'ghrt-short': experiment({ running: false }),
    'ghrt-pay-first': experiment({
      codes: ['shrt', 'ghrt'],
      variants: { control: { weight: 1 }, 'pay-first': { weight: 1, change: [{ swap: ['/results', '/payment'] }] } },
    }),
  });
  expect(problemsOf(stopped)).toEqual([]);
});

test('a variant no different from the control tests nothing', () => {
  const texts = withExperiments({
    'ghrt-same': experiment({
      variants: {
        control: { weight: 1 },
        'same-again': {
          weight: 1,
          change: [{ remove: '/results' }, { insert: '/results', after: '/hormone-assessment' }],
        },
      },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-same/variants/same-again: variant "same-again" walks the control\'s steps (/hormone-assessment, /results, /payment, /mip/form, /mip/calendly): it would test nothing',
  ]);
});

test('an unknown code suggests the code it is close to; codes of two funnels cannot share one control', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({ codes: ['ghrtt'] }),
    mixed: experiment({ codes: ['ghrt', 'bhrt'], running: false }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/codes/0: "ghrtt" is no funnel\'s campaign code; did you mean "ghrt"?',
    'config/experiments.json: /experiments/mixed/codes/1: "bhrt" follows funnel "hrt-pay-first", the codes before it "hrt-assessment": an experiment\'s codes follow one funnel, whose steps are its control',
  ]);
});

test('a variant gives its steps or a change, not both and not neither; a change’s keys go together', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({
      variants: {
        control: { weight: 1 },
        both: {
          weight: 1,
          steps: ['/hormone-assessment', '/payment', '/mip/calendly'],
          change: [{ remove: '/results' }],
        },
        neither: { weight: 1 },
        'insert-nowhere': { weight: 1, change: [{ insert: '/results' }] },
        'remove-before': { weight: 1, change: [{ remove: '/results', before: '/payment' }] },
      },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/variants/both: give either "steps" (the whole step list) or "change" (changes to the control\'s steps), not both',
    'config/experiments.json: /experiments/ghrt-short/variants/neither: give the variant\'s "steps" (its whole step list) or a "change" to the control\'s steps',
    'config/experiments.json: /experiments/ghrt-short/variants/insert-nowhere/change/0: an insert says where: either "before" or "after" a step',
    'config/experiments.json: /experiments/ghrt-short/variants/remove-before/change/0: "before" goes with "insert" only',
  ]);
});

test('a misspelt key of a change is named, with the key it is close to', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({
      variants: { control: { weight: 1 }, 'no-results': { weight: 1, change: [{ remvoe: '/results' }] } },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/variants/no-results/change/0/remvoe: unknown property "remvoe"; did you mean "remove"?',
  ]);
});

test('a step that is twice in the control cannot be changed by name: the variant gives its whole steps', () => {
  // microbh books the first consult before the assessment and the follow-up after it.
  const texts = withExperiments({
    'microbh-short': experiment({
      codes: ['microbh'],
      variants: { control: { weight: 1 }, once: { weight: 1, change: [{ remove: '/mip/calendly' }] } },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/microbh-short/variants/once/change/0/remove: "/mip/calendly" is in the steps twice, so a change cannot say which: give the variant\'s whole "steps" instead',
  ]);
});

test('an experiment switched off by a flag names a flag of flags.json', () => {
  const texts = withExperiments({ 'ghrt-short': experiment({ flag: 'botChek' }) });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/flag: "botChek" is not a flag of flags.json; did you mean "botCheck"?',
  ]);
});

test('a variant that would end the journey before its last step', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({
      variants: {
        control: { weight: 1 },
        'finish-early': { weight: 1, steps: ['/hormone-assessment', '/finish', '/payment', '/mip/calendly'] },
      },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/variants/finish-early/steps/1: step "/finish" ends the journey (the finish screen offers no Continue), so the steps after it could never be reached',
  ]);
});

test('a variant that starts on another page than the campaign link opens: given as steps, or by a change', () => {
  const texts = withExperiments({
    'ghrt-short': experiment({
      variants: {
        control: { weight: 1 },
        'pay-first': { weight: 1, steps: ['/payment', '/hormone-assessment', '/mip/form', '/mip/calendly'] },
        'results-first': { weight: 1, change: [{ swap: ['/hormone-assessment', '/results'] }] },
      },
    }),
  });
  expect(problemsOf(texts)).toEqual([
    'config/experiments.json: /experiments/ghrt-short/variants/results-first: step "/results" of code "ghrt" requires "assessment-answered", which no step before it produces (in funnel order, /hormone-assessment produces it): move the step after one that does, or add one before it',
    'config/experiments.json: /experiments/ghrt-short/variants/pay-first/steps/0: the variant starts on "/payment", the control on "/hormone-assessment": every variant starts on the control\'s first step, the page the campaign link opens before the patient\'s variant is known',
    'config/experiments.json: /experiments/ghrt-short/variants/results-first/change: the variant starts on "/results", the control on "/hormone-assessment": every variant starts on the control\'s first step, the page the campaign link opens before the patient\'s variant is known',
  ]);
});

test('an experiments file that is not JSON is an error, and the config is refused', () => {
  const texts = { ...valid, 'experiments.json': '{"experiments": {"a": ' };
  const result = validateConfigTexts(texts);
  expect(result.config).toBeNull();
  expect(result.problems.some((problem) => problem.file === 'experiments.json' && problem.level === undefined)).toBe(
    true,
  );
});

test('an experiment on a funnel with schema errors is not checked, and says so; the others are', () => {
  let texts = withExperiments({
    'ghrt-short': experiment(),
    'quiz-short': experiment({
      codes: ['quiz'],
      variants: { control: { weight: 1 }, 'no-results': { weight: 1, change: [{ remove: '/result' }] } },
    }),
  });
  texts = editConfig(texts, 'funnels', (json) => {
    Object.assign(json.funnels['hrt-quiz'] ?? {}, { stpes: [] });
  });
  const result = validateConfigTexts(texts);
  expect(
    result.problems
      .filter((problem) => problem.file === 'experiments.json')
      .map((problem) => `${problem.level ?? 'error'} ${problem.pointer}: ${problem.message}`),
  ).toEqual([
    'skipped /experiments/quiz-short: the experiment checks did not run: funnel "hrt-quiz" has schema errors',
  ]);
});

test('changes are made in order: remove, insert before and after, swap', () => {
  const steps = ['/a', '/b', '/c'];
  expect(applyChanges(steps, [{ remove: '/b' }])).toEqual({ ok: true, steps: ['/a', '/c'] });
  expect(applyChanges(steps, [{ insert: '/x', before: '/a' }])).toEqual({ ok: true, steps: ['/x', '/a', '/b', '/c'] });
  expect(applyChanges(steps, [{ insert: '/x', after: '/c' }])).toEqual({ ok: true, steps: ['/a', '/b', '/c', '/x'] });
  expect(applyChanges(steps, [{ swap: ['/a', '/c'] }])).toEqual({ ok: true, steps: ['/c', '/b', '/a'] });
  expect(applyChanges(steps, [{ remove: '/b' }, { insert: '/b', before: '/a' }])).toEqual({
    ok: true,
    steps: ['/b', '/a', '/c'],
  });
  expect(applyChanges(steps, [{ swap: ['/a', '/a'] }])).toMatchObject({ ok: false, index: 0, key: 'swap' });
  expect(variantSteps({ steps }, { weight: 1, steps: ['/c'] })).toEqual(['/c']);
  expect(variantSteps({ steps }, { weight: 1, change: [{ remove: '/z' }] })).toBeNull();
});
