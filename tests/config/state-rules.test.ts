import { expect, test } from 'vitest';
import { createFunnelEngine } from '../../src/engine/funnel-plan.ts';
import { asksLiveVisit, configEncounterTypes, liveVisitAfter, servesState } from '../../src/engine/state-rules.ts';
import { configTexts, editConfig, loadConfig, must, problemsOf } from '../support/config.ts';

/**
 * Where the clinic treats and how (issue 38 point 1, config/clinic-rules.json): each product's
 * served states, each state's encounter types, and which facts are a live visit, as staff edit
 * them and as the screens and the server's order door read them (src/engine/state-rules.ts).
 */

test('a served state that is not a US postal code is refused on its pointer', () => {
  const texts = editConfig(configTexts(), 'clinicRules', (json) => {
    must(json.products['ed']).servedStates.push('XX');
  });
  expect(problemsOf(texts)).toContainEqual(
    expect.stringMatching(/^config\/clinic-rules\.json: \/products\/ed\/servedStates\/\d+: /),
  );
});

test('a live-visit fact that is not declared is refused with a did-you-mean', () => {
  const texts = editConfig(configTexts(), 'clinicRules', (json) => {
    json.encounterTypes.liveVisit = ['consult-bookd'];
  });
  expect(problemsOf(texts)).toContainEqual(
    expect.stringMatching(
      /^config\/clinic-rules\.json: \/encounterTypes\/liveVisit\/0: unknown fact "consult-bookd"; did you mean "consult-booked"\?/,
    ),
  );
});

test('a product without its served states is refused', () => {
  const texts = editConfig(configTexts(), 'clinicRules', (json) => {
    delete (must(json.products['womens-hrt']) as { servedStates?: string[] }).servedStates;
  });
  expect(problemsOf(texts)).toContainEqual(expect.stringMatching(/\/products\/womens-hrt: .*servedStates/));
});

const config = loadConfig();
const engine = createFunnelEngine(config);
const planOf = (code: string, query = '') => {
  const site = engine.funnelFor(code, 'male') === undefined ? 'female' : 'male';
  const visit = engine.planVisit({ code, brand: site, query });
  if (!visit.ok) throw new Error(visit.problem.message);
  return visit.plan;
};
const orderIndexOf = (plan: ReturnType<typeof planOf>) =>
  plan.pages.findIndex((page) => ['payment', 'checkout'].includes(page.route.screen));

test('Alaska is served for no product; Texas for every one', () => {
  for (const product of Object.values(config.clinicRules.products)) {
    expect(servesState(product, 'AK')).toBe(false);
    expect(servesState(product, 'tx')).toBe(true);
  }
});

test('Arkansas asks a live visit; Texas and a state config does not list allow the written review', () => {
  expect(asksLiveVisit(configEncounterTypes(config.clinicRules, 'AR'))).toBe(true);
  expect(asksLiveVisit(configEncounterTypes(config.clinicRules, 'TX'))).toBe(false);
  expect(asksLiveVisit(configEncounterTypes(config.clinicRules, 'OH'))).toBe(false);
});

test('an HRT payment is followed by its consult, the call centre books it, an ED checkout has none after it', () => {
  for (const code of ['shrt', 'mhrt', 'bhrt', 'fha1', 'fbhrt', 'microclinic']) {
    const plan = planOf(code);
    expect(liveVisitAfter(config, plan, orderIndexOf(plan)), code).toBe(true);
  }
  const callCentre = planOf('shrt', 'callcenter=true');
  expect(liveVisitAfter(config, callCentre, orderIndexOf(callCentre))).toBe(true);
  for (const code of ['dailytada', 'groupc', 'callcenter', '6via']) {
    const plan = planOf(code);
    expect(liveVisitAfter(config, plan, orderIndexOf(plan)), code).toBe(false);
  }
});
