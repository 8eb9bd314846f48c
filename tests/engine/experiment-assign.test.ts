import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import type { Experiment } from '../../src/engine/config-types.ts';
import { assignVariant, bucketOf } from '../../src/engine/experiment-assign.ts';

/**
 * Issue 29, point 6: a patient is assigned a variant deterministically from their journey and
 * the experiment, by weight. Over 100,000 journeys each variant gets its share within a
 * tolerance, and the same journey always gets the same variant.
 */
const JOURNEYS = 100_000;

function experimentWith(weights: Record<string, number>): Experiment {
  const [control = 1, ...others] = Object.values(weights);
  const ids = Object.keys(weights).slice(1);
  return {
    description: 'A test of the assignment.',
    codes: ['ghrt'],
    running: true,
    variants: {
      control: { weight: control },
      ...Object.fromEntries(
        ids.map((id, index) => [id, { weight: others[index] ?? 0, change: [{ remove: '/results' }] }]),
      ),
    },
  };
}

/** Journey ids as the server makes them (32 random bytes, base64url), and as a careless one would (id-0, id-1...). */
const randomIds = Array.from({ length: JOURNEYS }, () => randomBytes(32).toString('base64url'));
const sequentialIds = Array.from({ length: JOURNEYS }, (_, index) => `journey-${String(index)}`);

function shares(experimentId: string, experiment: Experiment, ids: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const id of ids) {
    const variant = assignVariant(experimentId, experiment, id);
    counts[variant] = (counts[variant] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([variant, count]) => [variant, count / ids.length]));
}

for (const [name, ids] of [
  ['random journey ids', randomIds],
  ['sequential journey ids', sequentialIds],
] as const) {
  test(`weights are kept within 1 point over ${String(JOURNEYS)} ${name}: 1:1 and 1:2:7`, () => {
    const even = shares('even', experimentWith({ control: 1, short: 1 }), ids);
    expect(Math.abs((even.control ?? 0) - 0.5)).toBeLessThan(0.01);
    expect(Math.abs((even.short ?? 0) - 0.5)).toBeLessThan(0.01);

    const uneven = shares('uneven', experimentWith({ control: 1, short: 2, swapped: 7 }), ids);
    expect(Math.abs((uneven.control ?? 0) - 0.1)).toBeLessThan(0.01);
    expect(Math.abs((uneven.short ?? 0) - 0.2)).toBeLessThan(0.01);
    expect(Math.abs((uneven.swapped ?? 0) - 0.7)).toBeLessThan(0.01);
  });
}

test('the same journey always gets the same variant, whatever order the variants are written in', () => {
  const experiment = experimentWith({ control: 1, short: 2, swapped: 7 });
  const reordered: Experiment = {
    ...experiment,
    variants: {
      swapped: experiment.variants.swapped ?? { weight: 0 },
      control: experiment.variants.control,
      short: experiment.variants.short ?? { weight: 0 },
    },
  };
  for (const id of randomIds.slice(0, 2000)) {
    const first = assignVariant('steady', experiment, id);
    expect(assignVariant('steady', experiment, id)).toBe(first);
    expect(assignVariant('steady', reordered, id)).toBe(first);
  }
});

test('a variant of weight 0 gets no one, and two experiments spread the same journeys independently', () => {
  const closed = shares('closed', experimentWith({ control: 1, short: 0 }), randomIds.slice(0, 20_000));
  expect(closed).toEqual({ control: 1 });

  // Being in the first experiment's variant says nothing of the second's: about half of each.
  const a = experimentWith({ control: 1, short: 1 });
  const inShort = randomIds.filter((id) => assignVariant('first', a, id) === 'short');
  const alsoShort = inShort.filter((id) => assignVariant('second', a, id) === 'short').length / inShort.length;
  expect(Math.abs(alsoShort - 0.5)).toBeLessThan(0.015);
});

test('buckets are in [0, 1)', () => {
  for (const id of sequentialIds.slice(0, 1000)) {
    const bucket = bucketOf(id);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(1);
  }
});
