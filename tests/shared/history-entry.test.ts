import { expect, test } from 'vitest';
import { pushedFromOf, withPushedFrom } from '../../src/shared/history-entry.ts';

test('an entry pushed from a step or a form page says so, keeping the rest of its state', () => {
  const state = withPushedFrom({ stepIndex: 2 }, { step: 1 });
  expect(state).toEqual({ stepIndex: 2, pushedFrom: { step: 1 } });
  expect(pushedFromOf(state)).toEqual({ step: 1 });
  // A form page's push replaces the step's: only the step's first entry was pushed from the step.
  expect(pushedFromOf(withPushedFrom(state, { page: 3 }))).toEqual({ page: 3 });
  expect(withPushedFrom(null, { page: 1 })).toEqual({ pushedFrom: { page: 1 } });
});

test('an entry the app did not push, or a state it did not write, is pushed from nowhere known', () => {
  for (const state of [
    null,
    undefined,
    'x',
    {},
    { stepIndex: 1 },
    { pushedFrom: 'step' },
    { pushedFrom: { step: -1 } },
  ])
    expect(pushedFromOf(state)).toBeNull();
  expect(pushedFromOf({ pushedFrom: { page: 1.5 } })).toBeNull();
});
