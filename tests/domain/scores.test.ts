import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { ScoresFile } from '../../src/engine/config-types.ts';
import { bandOf, computeScores, OVERALL_SCORE } from '../../src/domain/scores.ts';
import { loadConfig } from '../support/config.ts';

/** config/scores.json, validated against its schema. */
const RULES = loadConfig().scores;

test('a patient with low energy, three symptoms for over a year scores by config/scores.json', () => {
  const scores = computeScores(RULES, {
    'energy-level': ['Low'],
    symptoms: ['fatigue', 'low-libido', 'poor-sleep'],
    'symptom-duration': ['over-1-year'],
  });

  expect(scores).toEqual({ symptoms: 40, energy: 100, duration: 100, [OVERALL_SCORE]: 80 });
  expect(bandOf(RULES, scores[OVERALL_SCORE] ?? -1).label).toBe('Significant');
});

test('many symptoms are capped at 100, and the overall score is the rounded mean', () => {
  const everything = ['fatigue', 'low-libido', 'weight-gain', 'mood-changes', 'poor-sleep', 'brain-fog', 'hot-flashes'];
  const scores = computeScores(RULES, {
    'energy-level': ['Normal'],
    symptoms: [...everything, 'muscle-loss'],
    'symptom-duration': ['6-12-months'],
  });

  expect(scores.symptoms).toBe(100);
  // (100 + 40 + 65) / 3 = 68.33
  expect(scores[OVERALL_SCORE]).toBe(68);
});

test('unanswered questions and options the config does not list score 0', () => {
  expect(computeScores(RULES, {})).toEqual({ symptoms: 0, energy: 0, duration: 0, [OVERALL_SCORE]: 0 });
  expect(computeScores(RULES, { symptoms: ['none'], 'energy-level': ['High'], weight: ['250'] })).toEqual({
    symptoms: 0,
    energy: 0,
    duration: 0,
    [OVERALL_SCORE]: 0,
  });
  // 'constructor' is not a configured option, even though every object has one.
  expect(computeScores(RULES, { 'energy-level': ['constructor', 'toString'] }).energy).toBe(0);
});

test('an option sent twice counts once', () => {
  expect(computeScores(RULES, { symptoms: ['fatigue', 'fatigue', 'brain-fog'] }).symptoms).toBe(25);
});

test('a question ref that is also an object property name is read from the answers only', () => {
  const rules: ScoresFile = {
    ...RULES,
    scores: [{ name: 'energy', label: 'Energy', ref: 'constructor', points: { Low: 100 } }],
  };
  expect(computeScores(rules, {})).toEqual({ energy: 0, [OVERALL_SCORE]: 0 });
  expect(computeScores(rules, JSON.parse('{"constructor":["Low"]}') as Record<string, string[]>).energy).toBe(100);
});

test('the overall score is rounded to a whole number, a half up', () => {
  expect(computeScores(RULES, { symptoms: ['fatigue'], 'symptom-duration': ['under-6-months'] })[OVERALL_SCORE]).toBe(
    15,
  );
  expect(computeScores(RULES, { symptoms: ['brain-fog'] })[OVERALL_SCORE]).toBe(3);
  const two: ScoresFile = { ...RULES, scores: RULES.scores.slice(0, 2) };
  // (15 + 40) / 2 = 27.5
  expect(computeScores(two, { symptoms: ['fatigue'], 'energy-level': ['Normal'] })[OVERALL_SCORE]).toBe(28);
});

test('bands: under 35 is Mild, under 65 Moderate, anything higher Significant', () => {
  expect([0, 34, 35, 64, 65, 100].map((score) => bandOf(RULES, score).label)).toEqual([
    'Mild',
    'Mild',
    'Moderate',
    'Moderate',
    'Significant',
    'Significant',
  ]);
  expect(bandOf(RULES, 10).summary).toMatch(/mild symptoms/);
});

test('a config without bands is refused loudly', () => {
  expect(() => bandOf({ ...RULES, bands: [] }, 50)).toThrow('config/scores.json has no bands');
});

/** Any scores config the schema allows (schemas/scores.schema.json). */
const refText = fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/);
const rulesArbitrary: fc.Arbitrary<ScoresFile> = fc
  .uniqueArray(
    fc.record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/).filter((name) => name !== OVERALL_SCORE),
      label: fc.constant('Score'),
      ref: fc.oneof(refText, fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty')),
      points: fc.dictionary(refText, fc.integer({ min: 0, max: 100 }), { minKeys: 1, maxKeys: 6 }),
    }),
    { minLength: 1, maxLength: 5, selector: (rule) => rule.name },
  )
  .map((scores) => ({ scores, bands: RULES.bands }));

/** Answers to those questions: the configured options mostly, some others, and some not answered. */
function answersFor(rules: ScoresFile): fc.Arbitrary<Record<string, string[]>> {
  const options = rules.scores.flatMap((rule) => Object.keys(rule.points));
  const value = fc.oneof(fc.constantFrom(...options), refText);
  return fc
    .array(fc.tuple(fc.constantFrom(...rules.scores.map((rule) => rule.ref)), fc.array(value, { maxLength: 12 })), {
      maxLength: 6,
    })
    .map((entries) => {
      const answers: Record<string, string[]> = {};
      for (const [ref, values] of entries)
        Object.defineProperty(answers, ref, { value: values, enumerable: true, writable: true, configurable: true });
      return answers;
    });
}

test('property: every score is a whole number from 0 to 100, and overall is the rounded mean of the others', () => {
  fc.assert(
    fc.property(
      rulesArbitrary.chain((rules) => fc.tuple(fc.constant(rules), answersFor(rules))),
      ([rules, answers]) => {
        const scores = computeScores(rules, answers);
        const named = rules.scores.map((rule) => scores[rule.name]);
        expect(Object.keys(scores).sort()).toEqual([...rules.scores.map((rule) => rule.name), OVERALL_SCORE].sort());
        for (const score of Object.values(scores)) {
          expect(Number.isInteger(score)).toBe(true);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
        }
        const mean = named.reduce<number>((sum, score) => sum + (score ?? Number.NaN), 0) / named.length;
        expect(scores[OVERALL_SCORE]).toBe(Math.round(mean));
      },
    ),
  );
});

test('property: a higher score never falls in a lower band', () => {
  const order = RULES.bands.map((band) => band.label);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      expect(order.indexOf(bandOf(RULES, low).label)).toBeLessThanOrEqual(order.indexOf(bandOf(RULES, high).label));
    }),
  );
});
