/**
 * Where a patient resumes when the funnel changed since their journey was saved (issue 26): a
 * step removed, two swapped, one added. The journey's place is an index into the step list it
 * was saved on; under another list that index can name another page. So the place is mapped by
 * the step's identity (its page path and which occurrence of that path it is: microbh books
 * twice), never by its index, by one rule the author can read before shipping:
 *
 * 1. The step is still there: go on from it.
 * 2. The step is gone: go to the first later step of the old list that still exists (the finish
 *    page when none does). Answers are never touched: they belong to the journey, not the step.
 * 3. A step the new list requires before that place (a form, a payment) that the journey has not
 *    done: go there first, and on from it with Next. A paid order or a finished form counts as
 *    done, so it is never asked again.
 *
 * Plain functions of the two step lists; the caller says what is required and what is done
 * (`journeyRule` reads both from the config and the journey).
 */
import type { FunnelEngine } from './funnel-plan.ts';

/** A step's identity across versions of a funnel: its page path and its occurrence (from 0). */
export interface StepIdentity {
  path: string;
  occurrence: number;
}

/** The identity of step `index` of `steps`. */
export function identityAt(steps: readonly string[], index: number): StepIdentity {
  const path = steps[index] ?? '';
  let occurrence = 0;
  for (let at = 0; at < index; at += 1) if (steps[at] === path) occurrence += 1;
  return { path, occurrence };
}

/** The index of the step with `identity` in `steps`, or -1 when the list has no such step. */
export function indexOfIdentity(steps: readonly string[], identity: StepIdentity): number {
  let seen = 0;
  for (let at = 0; at < steps.length; at += 1) {
    if (steps[at] !== identity.path) continue;
    if (seen === identity.occurrence) return at;
    seen += 1;
  }
  return -1;
}

/** A journey's place on the step list it was saved on. */
export interface SavedPlace {
  steps: readonly string[];
  /** The step the patient was on, or null for none. */
  at: number | null;
  /** The furthest step moved on to with Next; -1 for none. */
  reached: number;
}

/** What the new list's steps ask of this journey. */
export interface ResumeRule {
  /** Whether a patient must have done the step (by its path) before going past it: a form, a payment. */
  isRequired: (path: string) => boolean;
  /** Whether the journey has done the step already (a finished form, a paid order). */
  isDone: (path: string) => boolean;
}

/** Why the place is where it is: the same step, a gone step's successor, or a required step first. */
export type ResumeReason = 'same-steps' | 'step-kept' | 'step-gone' | 'required-first' | 'no-place';

export interface ResumedPlace {
  /** The step of the new list to resume on, or null when the journey had no place. */
  at: number | null;
  /** The furthest step of the new list the journey counts as reached; -1 for none. */
  reached: number;
  reason: ResumeReason;
}

function sameSteps(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((step, index) => step === b[index]);
}

/**
 * The new index of old step `index`: the same step, else the first later old step that still
 * exists, else the new list's last step (its finish page).
 */
function carriedForward(
  old: readonly string[],
  index: number,
  steps: readonly string[],
): { at: number; kept: boolean } {
  for (let from = index; from < old.length; from += 1) {
    const at = indexOfIdentity(steps, identityAt(old, from));
    if (at !== -1) return { at, kept: from === index };
  }
  return { at: steps.length - 1, kept: false };
}

/** Where a journey saved on `saved.steps` resumes on `steps`, by the rule above. */
export function resumePlace(saved: SavedPlace, steps: readonly string[], rule: ResumeRule): ResumedPlace {
  if (steps.length === 0) return { at: null, reached: -1, reason: 'no-place' };
  const last = steps.length - 1;
  if (sameSteps(saved.steps, steps)) {
    const at = saved.at === null ? null : Math.min(Math.max(saved.at, 0), last);
    return { at, reached: Math.min(saved.reached, last), reason: at === null ? 'no-place' : 'same-steps' };
  }
  // The old steps the patient has been past or on: what they have seen of the old list.
  const seenUpTo = Math.max(saved.reached, saved.at ?? -1);
  const seen = new Set<number>();
  for (let index = 0; index <= Math.min(seenUpTo, saved.steps.length - 1); index += 1) {
    const at = indexOfIdentity(steps, identityAt(saved.steps, index));
    if (at !== -1) seen.add(at);
  }
  // Reached: the furthest new step the patient had reached under the old list.
  let reached = -1;
  for (let index = 0; index <= Math.min(saved.reached, saved.steps.length - 1); index += 1) {
    reached = Math.max(reached, indexOfIdentity(steps, identityAt(saved.steps, index)));
  }
  if (saved.at === null || saved.at < 0 || saved.at >= saved.steps.length) {
    return { at: null, reached, reason: 'no-place' };
  }
  const carried = carriedForward(saved.steps, saved.at, steps);
  // The first step the patient must still do (a form, a payment not done): nothing after it is
  // reached, and when it comes before their place they go there first.
  const undone = steps.findIndex((path) => rule.isRequired(path) && !rule.isDone(path));
  const capped = (index: number) => (undone === -1 ? index : Math.min(index, undone));
  if (undone !== -1 && undone < carried.at) {
    return { at: undone, reached: capped(Math.min(reached, undone - 1)), reason: 'required-first' };
  }
  // A seen step stays seen: the patient may go back to any step before their place.
  const before = [...seen].filter((index) => index < carried.at);
  return {
    at: carried.at,
    reached: capped(Math.max(reached, ...before)),
    reason: carried.kept ? 'step-kept' : 'step-gone',
  };
}

/** The part a journey records as finished once the patient has paid (the app's PAYMENT_COMPLETED). */
export const PAID_PART = 'payment';

/**
 * The rule for a journey of `code` on `engine`'s config: a step whose page has a form (config
 * routes' `form`) or takes a payment (the payment and checkout screens) is required, and done
 * when the journey's finished parts (`completed`) hold its form id, or the payment.
 */
export function journeyRule(
  engine: Pick<FunnelEngine, 'locate'>,
  code: string,
  completed: readonly string[],
): ResumeRule {
  const routeOf = (path: string) => engine.locate(`${path}/${code}`)?.match.route;
  return {
    isRequired: (path) => {
      const route = routeOf(path);
      return (
        route !== undefined && (route.form !== undefined || route.screen === 'payment' || route.screen === 'checkout')
      );
    },
    isDone: (path) => {
      const route = routeOf(path);
      if (route === undefined) return true;
      if (route.form !== undefined) return completed.includes(route.form.formId);
      return route.screen === 'payment' || route.screen === 'checkout' ? completed.includes(PAID_PART) : true;
    },
  };
}
