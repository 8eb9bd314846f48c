import fc from 'fast-check';
import { expect, test } from 'vitest';
import { validateConfigTexts } from '../../scripts/lib/config-validation.ts';
import type { RouteConfig } from '../../src/engine/config-types.ts';
import { createFunnelEngine } from '../../src/engine/funnel-plan.ts';
import { factsOfWalk, simulate } from '../../src/engine/simulate.ts';
import { FACT_NAMES, heldAlong, unmetAlong, withRequiredSteps } from '../../src/engine/step-facts.ts';
import { configTexts, editConfig, engineOf, loadConfig, must, problemsOf } from '../support/config.ts';

/** What each step requires and produces (issue 37), as QA and product staff meet it. */

const config = loadConfig();
const engine = createFunnelEngine(config);

test("the config's facts are exactly the ones the code proves", () => {
  expect(Object.keys(config.routes.facts ?? {}).sort()).toEqual([...FACT_NAMES].sort());
});

test('a booking link with nothing before it lacks the contact the clinic needs; walked from the start it has it', () => {
  const cold = factsOfWalk(engine, simulate(engine, '/mip/calendly/shrt'), ['next']);
  expect(cold[0]).toMatchObject({ url: '/mip/calendly/shrt', requires: ['contact-known'], missing: ['contact-known'] });
  const walked = simulate(engine, '/hormone-assessment/shrt');
  const facts = factsOfWalk(
    engine,
    walked,
    walked.map(() => 'next'),
  );
  expect(facts.map((step) => step.missing)).toEqual(walked.map(() => []));
  expect(facts.find((step) => step.url === '/mip/calendly/shrt')?.held).toEqual([
    'contact-known',
    'assessment-answered',
    'no-contraindication',
    'paid',
    'intake-done',
  ]);
});

test('Back holds what the walk produced before; a page left by Back produces nothing', () => {
  const urls = simulate(engine, '/hormone-assessment/shrt', { presses: ['next', 'back', 'next'] });
  expect(factsOfWalk(engine, urls, ['next', 'back', 'next']).map((step) => step.held)).toEqual([
    [],
    ['contact-known', 'assessment-answered', 'no-contraindication'],
    ['contact-known', 'assessment-answered', 'no-contraindication'],
    ['contact-known', 'assessment-answered', 'no-contraindication'],
  ]);
});

test('a pathOverride link to a booking gets back the step that tells the clinic who the patient is', () => {
  const plan = engine.planVisit({ code: 'dailytada', brand: 'male', query: 'pathOverride=cal' });
  expect(plan.ok && plan.plan.steps).toEqual(['/mip/form', '/mip/calendly', '/finish']);
  const women = engine.planVisit({ code: 'fcch', brand: 'female', query: 'pathOverride=res,pay' });
  expect(women.ok && women.plan.steps).toEqual(['/f/hormone-assessment', '/f/results', '/f/payment', '/f/finish']);
});

test('a payment link skips no clearance its code asks before money: the assessment comes back, except where the code pays first', () => {
  const steps = (code: string, brand: 'male' | 'female', query: string) => {
    const plan = engine.planVisit({ code, brand, query });
    return plan.ok ? plan.plan.steps : plan.problem;
  };
  // shrt assesses before paying: a pay-only link asks the assessment first.
  expect(steps('shrt', 'male', 'pathOverride=pay')).toEqual([
    '/hormone-assessment',
    '/payment',
    '/mip/calendly',
    '/finish',
  ]);
  // cchrt has no payment: a payment it never has comes after all its clearances.
  expect(steps('cchrt', 'male', 'pathOverride=pay')).toEqual([
    '/hormone-assessment',
    '/payment',
    '/mip/calendly',
    '/finish',
  ]);
  expect(steps('fha1', 'female', 'pathOverride=pay')).toEqual(['/f/hormone-assessment', '/f/payment', '/f/finish']);
  // bhrt and microclinic pay first, and an ED code has no assessment: the link pays first there
  // (then, on a testosterone code, the visit it needs: the consult after bhrt's assessment, or
  // microclinic's in-person visit).
  expect(steps('bhrt', 'male', 'pathOverride=pay')).toEqual([
    '/payment',
    '/hormone-assessment',
    '/mip/calendly',
    '/finish',
  ]);
  expect(steps('microclinic', 'male', 'pathOverride=pay')).toEqual(['/payment', '/mip/hrt/finish', '/finish']);
  expect(steps('dailytada', 'male', 'pathOverride=pay')).toEqual(['/payment', '/finish']);
  // The quiz's assessment is its entry page (/quiz), which a pay link does not pass through.
  expect(steps('quiz', 'male', 'pathOverride=pay')).toEqual([
    '/hormone-assessment',
    '/payment',
    '/mip/calendly',
    '/finish',
  ]);
});

test('a fact no longer kept before a payment lets a pathOverride link pay first again, as config says', () => {
  const texts = editConfig(configTexts(), 'routes', (json) => {
    for (const fact of Object.values(json.facts ?? {})) delete fact.keptBefore;
  });
  const plan = engineOf(texts).planVisit({ code: 'shrt', brand: 'male', query: 'pathOverride=pay' });
  // Then the consult testosterone needs (config/clinic-rules.json), which keptBefore does not touch.
  expect(plan.ok && plan.plan.steps).toEqual(['/payment', '/mip/calendly', '/finish']);
});

test('a misspelt fact in keptBefore is refused on its pointer with a did-you-mean', () => {
  const texts = editConfig(configTexts(), 'routes', (json) => {
    must(json.facts?.['assessment-answered']).keptBefore = ['payd'];
  });
  expect(problemsOf(texts)).toEqual([
    expect.stringMatching(
      /^config\/routes\.json: \/facts\/assessment-answered\/keptBefore\/0: unknown fact "payd"; did you mean "paid"\?/,
    ),
  ]);
});

test('a step put back is not asked again where the link had it later', () => {
  const plan = engine.planVisit({ code: 'shrt', brand: 'male', query: 'pathOverride=res,assess,pay' });
  expect(plan.ok && plan.plan.steps).toEqual([
    '/hormone-assessment',
    '/results',
    '/payment',
    '/mip/calendly',
    '/finish',
  ]);
});

test('a link that already walks what its steps need is left as it is', () => {
  const plan = engine.planVisit({ code: 'shrt', brand: 'male', query: 'pathOverride=assess,res,pay,intake,cal' });
  expect(plan.ok && plan.plan.steps).toEqual([
    '/hormone-assessment',
    '/results',
    '/payment',
    '/mip/form',
    '/mip/calendly',
    '/finish',
  ]);
});

test('moving the booking to the front of shrt is refused with the file, pointer, step, code and missing fact', () => {
  const texts = editConfig(configTexts(), 'funnels', (json) => {
    must(json.funnels['hrt-assessment']).steps = [
      '/mip/calendly',
      '/hormone-assessment',
      '/results',
      '/payment',
      '/mip/form',
    ];
  });
  const { problems } = validateConfigTexts(texts);
  expect(problems.filter((problem) => problem.level === undefined)).toEqual([
    {
      file: 'funnels.json',
      pointer: '/funnels/hrt-assessment/steps/0',
      message:
        'step "/mip/calendly" of code "shrt" requires "contact-known", which no step before it produces (in funnel order, /hormone-assessment, /payment, /mip/form produce it): move the step after one that does, or add one before it',
    },
  ]);
});

test('a call-centre variant that books before anything asks who the patient is is refused at its own pointer', () => {
  const texts = editConfig(configTexts(), 'funnels', (json) => {
    must(must(json.funnels['hrt-assessment']).variants?.[0]).steps = ['/mip/calendly', '/payment', '/finish'];
  });
  const errors = validateConfigTexts(texts).problems.filter((problem) => problem.level === undefined);
  expect(errors.map((problem) => `${problem.file} ${problem.pointer}`)).toEqual([
    'funnels.json /funnels/hrt-assessment/variants/0/steps/0',
  ]);
  expect(errors[0]?.message).toContain('requires "contact-known"');
});

test('a misspelt fact is named once, on the route, with a "did you mean"', () => {
  const texts = editConfig(configTexts(), 'routes', (json) => {
    const booking = must(json.routes.find((route) => route.path === '/mip/calendly/:pathCode'));
    booking.requires = ['contact-know'];
  });
  const errors = validateConfigTexts(texts).problems.filter((problem) => problem.level === undefined);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.pointer).toMatch(/^\/routes\/\d+\/requires\/0$/);
  expect(errors[0]?.message).toContain('unknown fact "contact-know"; did you mean "contact-known"?');
});

test('a fact the code cannot prove, and facts on a page outside the funnel, are refused', () => {
  const texts = editConfig(configTexts(), 'routes', (json) => {
    must(json.facts)['id-verified'] = { description: 'The patient showed an ID.' };
    must(json.routes.find((route) => route.screen === 'upload')).requires = ['contact-known'];
  });
  const messages = validateConfigTexts(texts)
    .problems.filter((problem) => problem.level === undefined)
    .map((problem) => `${problem.pointer}: ${problem.message}`);
  expect(messages).toEqual([
    expect.stringMatching(/^\/facts\/id-verified: fact "id-verified" has no proof in the code/),
    expect.stringMatching(/^\/routes\/\d+\/requires: "requires" is only for funnel pages/),
  ]);
});

// A generated funnel for cchrt and rhrt: any list of these men's pages, each with its facts as
// config/routes.json gives them. None of them ends a journey, and each is reached by other
// funnels whatever the generated one holds, so the only rule a list can break is what its steps need.
const POOL = [
  '/hormone-assessment',
  '/results',
  '/payment',
  '/mip/form',
  '/mip/calendly',
  '/mip/checkout',
  '/mip/hrt/finish',
] as const;

/** The day the unit tests read the dated product rules on (vite.config.ts). */
const RULES_DAY = process.env.CLINIC_RULES_DAY ?? '';

/**
 * The oracle, written out apart from the engine: each step requires only what an earlier step
 * produces, and the path reaches what testosterone (what hrt-no-payment sells) needs that day.
 */
function meetsEveryRequirement(steps: readonly string[]): boolean {
  const routeOf = (step: string): RouteConfig =>
    must(config.routes.routes.find((route) => route.path === `${step}/:pathCode` && route.site !== 'female'));
  const produced = new Set<string>();
  for (const step of [...steps, '/finish']) {
    const route = step === '/finish' ? { requires: [], produces: [] } : routeOf(step);
    if ((route.requires ?? []).some((fact) => !produced.has(fact))) return false;
    for (const fact of route.produces ?? []) produced.add(fact);
  }
  const needs = must(config.clinicRules.products['testosterone']).needs.filter(
    (need) => (need.from ?? '') <= RULES_DAY && RULES_DAY <= (need.until ?? '9999-12-31'),
  );
  return needs.every((need) => need.anyOf.some((fact) => produced.has(fact)));
}

test('validate accepts exactly the generated funnels whose every step has what it requires', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 6 }), (steps) => {
      const texts = editConfig(configTexts(), 'funnels', (json) => {
        must(json.funnels['hrt-no-payment']).steps = steps;
      });
      const errors = validateConfigTexts(texts).problems.filter((problem) => problem.level === undefined);
      if (meetsEveryRequirement(steps)) {
        expect(errors).toEqual([]);
      } else {
        expect(errors.length).toBeGreaterThan(0);
        for (const error of errors) {
          expect(error.pointer).toMatch(/^\/funnels\/hrt-no-payment\/steps(\/\d+)?$/);
          expect(error.message).toMatch(
            /requires "[a-z-]+", which no step before it produces|sells? testosterone .* reaches no step producing/,
          );
        }
      }
    }),
    { numRuns: 60 },
  );
});

// The path functions alone, on generated facts: what they say agrees with a plain reading.
const factArb = fc.constantFrom<string>('a', 'b', 'c', 'd');
const stepArb = fc.record({
  requires: fc.uniqueArray(factArb, { maxLength: 2 }),
  produces: fc.uniqueArray(factArb, { maxLength: 2 }),
});

test('unmetAlong names a step exactly when it requires a fact no earlier step produces', () => {
  fc.assert(
    fc.property(fc.array(stepArb, { maxLength: 8 }), (path) => {
      const unmet = new Map(unmetAlong(path).map((entry) => [entry.index, entry.missing]));
      path.forEach((step, index) => {
        const earlier = new Set(path.slice(0, index).flatMap((before) => before.produces));
        const missing = step.requires.filter((fact) => !earlier.has(fact));
        expect(unmet.get(index) ?? []).toEqual(missing);
      });
      expect(heldAlong(path)).toHaveLength(path.length);
    }),
  );
});

test('withRequiredSteps keeps every given step and leaves unmet only what no source produces', () => {
  const sourcesArb = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 6 });
  fc.assert(
    fc.property(
      fc.array(stepArb, { minLength: 6, maxLength: 6 }),
      fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 5 }),
      sourcesArb,
      (table, given, sources) => {
        const factsOf = (index: number) => must(table[index]);
        const result = withRequiredSteps(given, sources, factsOf);
        // Every given step is there (one put back earlier stands in for its later copy), and nothing is lost.
        const count = (list: readonly number[], step: number) => list.filter((item) => item === step).length;
        for (const step of given) expect(count(result.steps, step)).toBeGreaterThanOrEqual(count(given, step));
        // Every step not listed as unmet has what it requires from the steps before it.
        const unmetAt = new Set(result.unmet.map((entry) => entry.index));
        const reported = new Set(unmetAlong(result.steps.map(factsOf)).map((entry) => entry.index));
        expect(reported).toEqual(unmetAt);
        // Sources that need nothing themselves can always be put back: then only what none produces stays unmet.
        if (sources.every((source) => factsOf(source).requires.length === 0)) {
          const producible = new Set(sources.flatMap((source) => factsOf(source).produces));
          for (const entry of result.unmet) for (const fact of entry.missing) expect(producible.has(fact)).toBe(false);
        }
      },
    ),
  );
});
