import type { Experiment, ExperimentVariant, Funnel, StepChange } from './config-types.ts';
import { CONTROL_VARIANT } from './config-types.ts';

/**
 * Split tests (config/experiments.json): what a variant's steps are. A variant gives its whole
 * step list, or changes to the control's (the funnel's own steps), made in order. Pure, so the
 * config rules, the planner and the tools compute the same steps.
 */

/** What the changes made of the steps, or which change could not be made and why. */
export type ChangeResult =
  | { ok: true; steps: string[] }
  | {
      ok: false;
      /** The change's index in the list. */
      index: number;
      /** The key of the change at fault (`remove`, `before`, `swap/1`...), or '' for the change as a whole. */
      key: string;
      message: string;
    };

/** How a change is written, for messages. */
const CHANGE_FORMS =
  '{"remove": step}, {"insert": step, "before": step}, {"insert": step, "after": step} or {"swap": [step, step]}';

/**
 * The one place of `step` in `steps`, or why there is none: a step the list does not have, or
 * has twice (a change could not say which; the variant gives its whole `steps` then).
 */
function placeOf(steps: readonly string[], step: string): number | string {
  const first = steps.indexOf(step);
  if (first === -1) return `"${step}" is not one of the steps here (${steps.join(', ')})`;
  if (steps.indexOf(step, first + 1) !== -1)
    return `"${step}" is in the steps twice, so a change cannot say which: give the variant's whole "steps" instead`;
  return first;
}

/** Which kind of change it is, or why it is none (keys that do not go together). */
function kindOf(change: StepChange): { kind: 'remove' | 'insert' | 'swap' } | { problem: string } {
  const kinds = (['remove', 'insert', 'swap'] as const).filter((key) => change[key] !== undefined);
  const [kind] = kinds;
  if (kind === undefined || kinds.length !== 1) return { problem: `a change is one of ${CHANGE_FORMS}` };
  const anchors = (['before', 'after'] as const).filter((key) => change[key] !== undefined);
  if (kind === 'insert' && anchors.length !== 1)
    return { problem: 'an insert says where: either "before" or "after" a step' };
  if (kind !== 'insert' && anchors.length > 0) return { problem: `"${anchors[0] ?? ''}" goes with "insert" only` };
  return { kind };
}

/** The steps with `changes` made, in order; the first change that cannot be made stops it. */
export function applyChanges(steps: readonly string[], changes: readonly StepChange[]): ChangeResult {
  let current = [...steps];
  for (const [index, change] of changes.entries()) {
    const found = kindOf(change);
    const fail = (key: string, message: string): ChangeResult => ({ ok: false, index, key, message });
    if ('problem' in found) return fail('', found.problem);
    const { kind } = found;
    if (kind === 'remove') {
      const at = placeOf(current, change.remove ?? '');
      if (typeof at === 'string') return fail('remove', at);
      current = current.filter((_, item) => item !== at);
    } else if (kind === 'insert') {
      const anchor = change.before === undefined ? 'after' : 'before';
      const at = placeOf(current, change[anchor] ?? '');
      if (typeof at === 'string') return fail(anchor, at);
      const into = anchor === 'before' ? at : at + 1;
      current = [...current.slice(0, into), change.insert ?? '', ...current.slice(into)];
    } else {
      const [a = '', b = ''] = change.swap ?? [];
      if (a === b) return fail('swap', `a swap names two different steps, not "${a}" twice`);
      const first = placeOf(current, a);
      if (typeof first === 'string') return fail('swap/0', first);
      const second = placeOf(current, b);
      if (typeof second === 'string') return fail('swap/1', second);
      current = current.map((step, item) => (item === first ? b : item === second ? a : step));
    }
  }
  return { ok: true, steps: current };
}

/**
 * A variant's steps for a funnel: the funnel's own for the control, the variant's list, or the
 * control's with the variant's changes made; null when a change cannot be made (the config
 * rules say which).
 */
export function variantSteps(funnel: Pick<Funnel, 'steps'>, variant: ExperimentVariant | undefined): string[] | null {
  if (variant === undefined) return [...funnel.steps];
  if (variant.steps !== undefined) return [...variant.steps];
  if (variant.change === undefined) return [...funnel.steps];
  const changed = applyChanges(funnel.steps, variant.change);
  return changed.ok ? changed.steps : null;
}

/** The variant ids of an experiment, the control first. */
export function variantIds(experiment: Experiment): string[] {
  return [CONTROL_VARIANT, ...Object.keys(experiment.variants).filter((id) => id !== CONTROL_VARIANT)];
}
