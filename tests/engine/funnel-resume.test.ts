import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  identityAt,
  indexOfIdentity,
  resumePlace,
  type ResumeRule,
  type SavedPlace,
} from '../../src/engine/funnel-resume.ts';

/**
 * Issue 26, point 2: a patient whose funnel changed since their journey was saved resumes by
 * the step's identity, by one rule. Examples from real funnels first, then generated pairs of
 * funnel versions.
 */

const HRT = ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'];
/** Forms and payments: a patient must have done them before going past them. */
const WORK = new Set(['/hormone-assessment', '/payment', '/mip/form', '/mip/checkout']);

/** The rule for a journey that has done the work of every step before `passed` on `steps`. */
function ruleFor(steps: readonly string[], passed: number, extraDone: readonly string[] = []): ResumeRule {
  const done = new Set([...steps.slice(0, Math.max(passed, 0)), ...extraDone]);
  return { isRequired: (path) => WORK.has(path), isDone: (path) => done.has(path) };
}

function place(steps: readonly string[], at: number, reached = at): SavedPlace {
  return { steps, at, reached };
}

describe('examples', () => {
  test('the same steps: the patient is where they were', () => {
    expect(resumePlace(place(HRT, 3), HRT, ruleFor(HRT, 3))).toEqual({ at: 3, reached: 3, reason: 'same-steps' });
  });

  test('a step removed before the patient’s place: the same page, one index earlier', () => {
    const withoutResults = HRT.filter((step) => step !== '/results');
    expect(resumePlace(place(HRT, 3), withoutResults, ruleFor(HRT, 3))).toEqual({
      at: 2,
      reached: 2,
      reason: 'step-kept',
    });
  });

  test('the patient’s own step removed: the first later step that still exists', () => {
    const withoutResults = HRT.filter((step) => step !== '/results');
    expect(resumePlace(place(HRT, 1), withoutResults, ruleFor(HRT, 1))).toEqual({
      at: 1,
      reached: 0,
      reason: 'step-gone',
    });
    expect(withoutResults[1]).toBe('/payment');
  });

  test('a required step added before the place: there first, and the steps after it closed until then', () => {
    const intakeFirst = ['/mip/form', ...HRT.filter((step) => step !== '/mip/form')];
    const resumed = resumePlace(place(HRT, 4), intakeFirst, ruleFor(HRT, 2));
    expect(resumed).toEqual({ at: 0, reached: -1, reason: 'required-first' });
  });

  test('a paid order is never asked again, even where the payment moved to before the place', () => {
    const payFirst = ['/payment', '/hormone-assessment', '/results', '/mip/form', '/mip/calendly', '/finish'];
    const resumed = resumePlace(place(HRT, 4), payFirst, ruleFor(HRT, 4));
    expect(resumed.at).toBe(4);
    expect(resumed.reason).toBe('step-kept');
  });

  test('two steps swapped behind the patient: the same page at its new index', () => {
    const swapped = ['/hormone-assessment', '/payment', '/results', '/mip/form', '/mip/calendly', '/finish'];
    expect(resumePlace(place(HRT, 2), swapped, ruleFor(HRT, 2)).at).toBe(1);
  });

  test('a page visited twice is told apart by its occurrence (microbh books twice)', () => {
    const microbh = ['/payment', '/mip/calendly', '/hormone-assessment', '/mip/form', '/mip/calendly', '/finish'];
    expect(identityAt(microbh, 4)).toEqual({ path: '/mip/calendly', occurrence: 1 });
    expect(indexOfIdentity(microbh, { path: '/mip/calendly', occurrence: 1 })).toBe(4);
    // A step added before both bookings moves each by one, and each keeps its own place.
    const withResults = ['/payment', '/results', ...microbh.slice(1)];
    expect(resumePlace(place(microbh, 4), withResults, ruleFor(microbh, 4)).at).toBe(5);
    expect(resumePlace(place(microbh, 1), withResults, ruleFor(microbh, 1)).at).toBe(2);
  });

  test('every later step gone: the finish page', () => {
    expect(resumePlace(place(HRT, 4), ['/hormone-assessment', '/finish-new'], ruleFor(HRT, 4))).toEqual({
      at: 1,
      reached: 0,
      reason: 'step-gone',
    });
  });
});

// Generated pairs: an old step list and a new one (edited from it, or made afresh), each ending
// with a finish page, and a place on the old one.
const PATHS = ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/checkout', '/mip/calendly', '/about'];
const pathArb = fc.constantFrom(...PATHS);
const listArb = fc.array(pathArb, { minLength: 0, maxLength: 7 }).map((steps) => [...steps, '/finish']);

/** The old list edited: steps removed, swapped and added, as product staff edit a funnel. */
const editedArb = (old: readonly string[]) =>
  fc
    .array(
      fc.oneof(
        fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
        fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }),
        fc.record({ kind: fc.constant('add' as const), at: fc.nat(), path: pathArb }),
      ),
      { maxLength: 4 },
    )
    .map((edits) => {
      const body = old.slice(0, -1);
      for (const edit of edits) {
        if (edit.kind === 'remove' && body.length > 0) body.splice(edit.at % body.length, 1);
        if (edit.kind === 'swap' && body.length > 1) {
          const a = edit.at % body.length;
          const b = edit.with % body.length;
          [body[a], body[b]] = [body[b] ?? '', body[a] ?? ''];
        }
        if (edit.kind === 'add') body.splice(edit.at % (body.length + 1), 0, edit.path);
      }
      return [...body, '/finish'];
    });

const caseArb = listArb.chain((old) =>
  fc.record({
    old: fc.constant(old),
    steps: fc.oneof(editedArb(old), listArb),
    // A patient on step `at` has moved on to it, so reached >= at (but for the first step); Back keeps reached.
    at: fc.nat({ max: old.length - 1 }),
    ahead: fc.nat({ max: 3 }),
    extraDone: fc.subarray(PATHS),
  }),
);

interface Case {
  old: string[];
  steps: string[];
  at: number;
  ahead: number;
  extraDone: string[];
}

function run({ old, steps, at, ahead, extraDone }: Case) {
  const reached = Math.min(old.length - 1, at === 0 && ahead === 0 ? -1 : at + ahead);
  const rule = ruleFor(old, Math.max(at, reached), extraDone);
  return { rule, reached, resumed: resumePlace({ steps: old, at, reached }, steps, rule) };
}

describe('generated pairs of funnel versions', () => {
  test('the patient never lands on a page that is not in the current funnel', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const { resumed } = run(input);
        expect(resumed.at).not.toBeNull();
        expect(resumed.at).toBeGreaterThanOrEqual(0);
        expect(resumed.at).toBeLessThan(input.steps.length);
        expect(resumed.reached).toBeGreaterThanOrEqual(-1);
        expect(resumed.reached).toBeLessThan(input.steps.length);
      }),
      { numRuns: 500 },
    );
  });

  test('never past a step the new funnel requires that the journey has not done', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const { resumed, rule } = run(input);
        const before = input.steps.slice(0, resumed.at ?? 0);
        expect(before.filter((path) => rule.isRequired(path) && !rule.isDone(path))).toEqual([]);
        // Nor reached past one: the pages after it stay closed until it is done (the reached step
        // itself is where the patient may be; its own work is what they do there).
        const reachable = input.steps.slice(0, Math.max(resumed.reached, 0));
        expect(reachable.filter((path) => rule.isRequired(path) && !rule.isDone(path))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  test('a step still there keeps the patient, unless a required step comes first; a gone one moves them forward only', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const { resumed } = run(input);
        const kept = indexOfIdentity(input.steps, identityAt(input.old, input.at));
        if (resumed.reason === 'required-first') {
          expect(resumed.reached).toBeLessThan(resumed.at ?? 0);
          return;
        }
        if (kept !== -1) {
          expect(resumed.at).toBe(kept);
          return;
        }
        // Gone: the step it lands on is one that came later in the old list (or the finish page).
        const landed = identityAt(input.steps, resumed.at ?? 0);
        const oldIndex = indexOfIdentity(input.old, landed);
        expect(oldIndex === -1 ? resumed.at === input.steps.length - 1 : oldIndex > input.at).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test('the same steps, however the list was made, leave the place as it was', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const { resumed, reached } = run({ ...input, steps: [...input.old] });
        expect(resumed).toEqual({ at: input.at, reached, reason: 'same-steps' });
      }),
      { numRuns: 500 },
    );
  });
});
