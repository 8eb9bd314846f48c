import type { Experiment, ExperimentVariant, ExperimentsFile, Funnel, StepChange } from './config-types.ts';
import { CONTROL_VARIANT } from './config-types.ts';

/**
 * Split tests (config/experiments.json): what a variant's steps are. A variant gives its whole
 * step list, or changes to the control's (the funnel's own steps), made in order. Pure, so the
 * config rules, the planner and the tools compute the same steps.
 */

/**
 * Why a change could not be made: the step it names is not in the list (`missing`), or is in
 * it twice (`twice`: a change could not say which); a swap of a step with itself (`same`);
 * keys that do not make a change (`form`), an insert that says not where (`where`), or
 * before/after without an insert (`anchor`). The config rules put these in words
 * (src/engine/config-rules.ts); the browser's planner only needs to know the change failed.
 */
export type ChangeProblem = 'missing' | 'twice' | 'same' | 'form' | 'where' | 'anchor';

/** What the changes made of the steps, or which change could not be made and why. */
export type ChangeResult =
  | { ok: true; steps: string[] }
  | {
      ok: false;
      /** The change's index in the list. */
      index: number;
      /** The key of the change at fault (`remove`, `before`, `swap/1`...), or '' for the change as a whole. */
      key: string;
      problem: ChangeProblem;
      /** The step the problem is about, if any. */
      step: string;
    };

/** The one place of `step` in `steps`, or why there is none. */
function placeOf(steps: readonly string[], step: string): number | ChangeProblem {
  const first = steps.indexOf(step);
  if (first === -1) return 'missing';
  return steps.indexOf(step, first + 1) === -1 ? first : 'twice';
}

/** Which kind of change it is, or why it is none (keys that do not go together). */
function kindOf(change: StepChange): 'remove' | 'insert' | 'swap' | 'form' | 'where' | 'anchor' {
  const kinds = (['remove', 'insert', 'swap'] as const).filter((key) => change[key] !== undefined);
  const [kind] = kinds;
  if (kind === undefined || kinds.length !== 1) return 'form';
  const anchors = [change.before, change.after].filter((anchor) => anchor !== undefined).length;
  if (kind === 'insert') return anchors === 1 ? kind : 'where';
  return anchors > 0 ? 'anchor' : kind;
}

/** The steps with `changes` made, in order; the first change that cannot be made stops it. */
export function applyChanges(steps: readonly string[], changes: readonly StepChange[]): ChangeResult {
  let current = [...steps];
  for (const [index, change] of changes.entries()) {
    const fail = (key: string, problem: ChangeProblem, step = ''): ChangeResult => ({
      ok: false,
      index,
      key,
      problem,
      step,
    });
    const kind = kindOf(change);
    if (kind === 'remove') {
      const step = change.remove ?? '';
      const at = placeOf(current, step);
      if (typeof at !== 'number') return fail('remove', at, step);
      current = current.filter((_, item) => item !== at);
    } else if (kind === 'insert') {
      const anchor = change.before === undefined ? 'after' : 'before';
      const step = change[anchor] ?? '';
      const at = placeOf(current, step);
      if (typeof at !== 'number') return fail(anchor, at, step);
      const into = anchor === 'before' ? at : at + 1;
      current = [...current.slice(0, into), change.insert ?? '', ...current.slice(into)];
    } else if (kind === 'swap') {
      const [a = '', b = ''] = change.swap ?? [];
      if (a === b) return fail('swap', 'same', a);
      const first = placeOf(current, a);
      if (typeof first !== 'number') return fail('swap/0', first, a);
      const second = placeOf(current, b);
      if (typeof second !== 'number') return fail('swap/1', second, b);
      current = current.map((step, item) => (item === first ? b : item === second ? a : step));
    } else {
      return fail('', kind, kind === 'anchor' ? (change.before === undefined ? 'after' : 'before') : '');
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

/** Every variant (the control included) of every split test of `code`, as the assignment that walks it. */
export function experimentWaysOf(
  file: ExperimentsFile,
  code: string,
): { readonly experiment: string; readonly variant: string }[] {
  return Object.entries(file.experiments)
    .filter(([, experiment]) => experiment.codes.includes(code))
    .flatMap(([id, experiment]) => variantIds(experiment).map((variant) => ({ experiment: id, variant })));
}

/**
 * The running split test of `code`, if any (the config rules allow one at a time): the
 * experiment the server assigns a new journey of the code to, unless its flag is off.
 */
export function runningExperimentOf(file: ExperimentsFile, code: string): [string, Experiment] | undefined {
  return Object.entries(file.experiments).find(
    ([, experiment]) => experiment.running && experiment.codes.includes(code),
  );
}
