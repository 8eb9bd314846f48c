import { expect, test } from 'vitest';
import { differenceInterval, wilsonInterval } from '../../scripts/lib/reach-stats.ts';

/**
 * Issue 29, point 4: the reach report's 95 % intervals, checked against the worked examples of
 * Newcombe, "Interval estimation for the difference between independent proportions" (Statistics
 * in Medicine 17, 1998) and his companion paper on single proportions (same volume, p. 857).
 */

function rounded(interval: { low: number; high: number }, places = 4) {
  return { low: Number(interval.low.toFixed(places)), high: Number(interval.high.toFixed(places)) };
}

test('Wilson’s interval of a proportion, as Newcombe tabulates it', () => {
  // 81 of 263: 0.2553 to 0.3662.
  expect(rounded(wilsonInterval(81, 263))).toEqual({ low: 0.2553, high: 0.3662 });
  // 15 of 148: 0.0624 to 0.1605.
  expect(rounded(wilsonInterval(15, 148))).toEqual({ low: 0.0624, high: 0.1605 });
  // At the edges it stays in [0, 1] and is not empty: 0 of 20 is 0 to 0.1611; 20 of 20, 0.8389 to 1.
  expect(rounded(wilsonInterval(0, 20))).toEqual({ low: 0, high: 0.1611 });
  expect(rounded(wilsonInterval(20, 20))).toEqual({ low: 0.8389, high: 1 });
  // No patients: nothing known.
  expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
});

test('the difference of two rates with Newcombe’s hybrid score interval (method 10)', () => {
  // 56/70 against 48/80: 0.2000, 0.0524 to 0.3339.
  const example = differenceInterval(56, 70, 48, 80);
  expect(Number(example.difference.toFixed(4))).toBe(0.2);
  expect(rounded(example)).toEqual({ low: 0.0524, high: 0.3339 });
  // 9/10 against 3/10: 0.6000, 0.1705 to 0.8090.
  expect(rounded(differenceInterval(9, 10, 3, 10))).toEqual({ low: 0.1705, high: 0.809 });
  // 10/10 against 0/20: 1.0000, 0.6791 to 1.0000.
  expect(rounded(differenceInterval(10, 10, 0, 20))).toEqual({ low: 0.6791, high: 1 });
});
