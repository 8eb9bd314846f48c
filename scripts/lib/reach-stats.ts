/**
 * The statistics of the reach report (issue 29, point 4): how sure a variant's finish rate is,
 * and how sure its difference to the control is. Both are score intervals, which stay inside
 * [0, 1] and behave at 0 of n and n of n, where the textbook "p ± 1.96·se" says nonsense
 * (a rate of 0 % ± 0). Pure, so the report, the staff page and their tests share them.
 */

/** The z of a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson's score interval for a proportion: `successes` of `trials` (Newcombe 1998, method 3).
 * With no trials there is nothing to say: the whole of [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const scale = 1 + z2 / trials;
  return {
    low: Math.max(0, (centre - spread) / scale),
    high: Math.min(1, (centre + spread) / scale),
  };
}

/** A difference of two proportions, the first minus the second, with its interval. */
export interface Difference extends Interval {
  difference: number;
}

/**
 * The difference of two independent proportions (a variant's finish rate minus the
 * control's) with Newcombe's hybrid score interval (1998, method 10), built from each side's
 * Wilson interval.
 */
export function differenceInterval(
  successes1: number,
  trials1: number,
  successes2: number,
  trials2: number,
  z = Z_95,
): Difference {
  const p1 = trials1 > 0 ? successes1 / trials1 : 0;
  const p2 = trials2 > 0 ? successes2 / trials2 : 0;
  const one = wilsonInterval(successes1, trials1, z);
  const two = wilsonInterval(successes2, trials2, z);
  const difference = p1 - p2;
  return {
    difference,
    low: difference - Math.sqrt((p1 - one.low) ** 2 + (two.high - p2) ** 2),
    high: difference + Math.sqrt((one.high - p1) ** 2 + (p2 - two.low) ** 2),
  };
}
