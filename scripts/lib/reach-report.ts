import type { Site } from '../../src/engine/config-types.ts';
import { CONTROL_VARIANT } from '../../src/engine/config-types.ts';
import { variantIds } from '../../src/engine/experiments.ts';
import type { FunnelEngine } from '../../src/engine/funnel-plan.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import type { Db } from '../../src/server/database.ts';
import { differenceInterval, wilsonInterval, type Difference, type Interval } from './reach-stats.ts';

/**
 * The reach report of split tests (issue 29, point 4; docs/split-tests.md): per code, experiment,
 * variant and funnel version, how many patients were shown the variant, how many reached each of
 * its steps, the share who finished with a 95 % interval, and each variant's difference to the
 * control. Read from `experiment_counts` (migration 14), which holds, per day, how many patients
 * were shown each variant (step -1) and first reached each of its steps, and no ids. `npm run
 * report` prints it and the staff page of `npm run dev` shows it.
 */

/** Which events to count: those recorded on or after a day, and those of one code. */
export interface EventFilter {
  /** A day, YYYY-MM-DD: events recorded on it or later. */
  since?: string;
  code?: string;
}

/** The events of one cohort: a code's patients shown one variant of an experiment at one version of its steps. */
export interface ReachRow {
  code: string;
  experiment: string;
  variant: string;
  /** The funnel version (`stepsVersion`) of the variant's steps the events were recorded on. */
  version: string;
  /** Patients first shown the variant at this version. */
  exposures: number;
  /** Patients who first reached each step, by step index (0 where none did). */
  reached: number[];
}

/** True for a real calendar day written YYYY-MM-DD, the form `recorded_on` keeps. */
export function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The events of `db`, counted per code, experiment, variant and version. A database migrated
 * before split tests (no `experiment_counts` table) has recorded none.
 */
export function readExperimentEvents(db: Db, filter: EventFilter = {}): ReachRow[] {
  const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'experiment_counts'").get();
  if (table === undefined) return [];
  const counts = db
    .prepare<
      { since: string | null; code: string | null },
      {
        code: string;
        experiment: string;
        variant: string;
        version: string;
        step: number;
        patients: number;
      }
    >(
      `SELECT code, experiment, variant, funnel_version AS version, step, sum(patients) AS patients
       FROM experiment_counts
       WHERE (:since IS NULL OR recorded_on >= :since) AND (:code IS NULL OR lower(code) = lower(:code))
       GROUP BY code, experiment, variant, funnel_version, step
       ORDER BY code, experiment, variant, funnel_version, step`,
    )
    .all({ since: filter.since ?? null, code: filter.code ?? null });
  const rows = new Map<string, ReachRow>();
  for (const count of counts) {
    const key = [count.code, count.experiment, count.variant, count.version].join('\n');
    let row = rows.get(key);
    if (row === undefined) {
      row = {
        code: count.code,
        experiment: count.experiment,
        variant: count.variant,
        version: count.version,
        exposures: 0,
        reached: [],
      };
      rows.set(key, row);
    }
    // Step -1 is being shown the variant.
    if (count.step < 0) row.exposures += count.patients;
    else {
      while (row.reached.length <= count.step) row.reached.push(0);
      row.reached[count.step] = count.patients;
    }
  }
  return [...rows.values()];
}

/** How many patients reached a step, and their share of those exposed (null with none exposed). */
export interface StepReach {
  /** The step's index in the variant's steps, from 0. */
  index: number;
  /** The step's path, or null when the version is not the current config's (its steps are not known). */
  path: string | null;
  patients: number;
  share: number | null;
}

/** Those who reached the last step (the finish page) of those exposed, with Wilson's 95 % interval. */
export interface FinishRate extends Interval {
  finished: number;
  exposed: number;
  rate: number;
}

/** A variant's finish rate minus the control's, with Newcombe's 95 % interval, and which control cohort it was. */
export interface ControlDifference extends Difference {
  controlVersion: string;
}

/** One cohort of the report: a variant at one version of its steps. */
export interface VariantReach {
  variant: string;
  version: string;
  /** True when the version is the one the current config gives the variant, so its steps are known. */
  current: boolean;
  exposures: number;
  steps: StepReach[];
  finish: FinishRate | null;
  /** For a variant other than the control at its current version: its difference to the control's current version. */
  versusControl: ControlDifference | null;
  /** Why a figure is missing, in words, or null. */
  note: string | null;
}

/** The cohorts of one experiment on one code, the control first. */
export interface ExperimentReach {
  code: string;
  experiment: string;
  variants: VariantReach[];
}

export interface ReachReport {
  /** The filter the events were read with, null where none. */
  since: string | null;
  code: string | null;
  experiments: ExperimentReach[];
}

const SITES: readonly Site[] = ['male', 'female'];

export const UNKNOWN_VERSION = 'version not in the current config: finish unknown';
/** What stands for a step's path where the version is not the current config's. */
export const UNKNOWN_STEP = '(unknown step)';

/**
 * The steps the current config gives a variant on a code, as the server plans them when it
 * records events (`planVisit` with the assignment, the finish page appended), so their version
 * is the one the events carry. Null when the config has no such experiment, variant or code.
 */
function currentSteps(
  engine: FunnelEngine,
  code: string,
  experiment: string,
  variant: string,
): readonly string[] | null {
  for (const site of SITES) {
    if (engine.funnelFor(code, site) === undefined) continue;
    const planned = engine.planVisit({ code, brand: site, query: '', experiment: { experiment, variant } });
    // No experiment on the plan: the config does not have this one (or this variant) on the code.
    if (planned.ok && planned.plan.experiment !== null) return planned.plan.steps;
  }
  return null;
}

/** A cohort's figures, before the difference to the control. */
function variantReach(row: ReachRow, steps: readonly string[] | null): VariantReach {
  const current = steps !== null && stepsVersion(steps) === row.version;
  // An unknown version's steps are only indexes: as many as were reached.
  const length = current ? steps.length : row.reached.length;
  const share = (patients: number) => (row.exposures > 0 ? patients / row.exposures : null);
  const stepReach = Array.from({ length }, (_, index): StepReach => {
    const patients = row.reached[index] ?? 0;
    return { index, path: current ? (steps[index] ?? null) : null, patients, share: share(patients) };
  });
  const base = { variant: row.variant, version: row.version, current, exposures: row.exposures, steps: stepReach };
  if (!current) return { ...base, finish: null, versusControl: null, note: UNKNOWN_VERSION };
  const finished = stepReach.at(-1)?.patients ?? 0;
  if (row.exposures === 0) {
    return { ...base, finish: null, versusControl: null, note: 'no patient was shown it: no finish rate' };
  }
  // Without ids, --since cannot keep a cohort whole: a patient shown the variant before the day
  // and finishing after it counts among the finished and not among those shown.
  if (stepReach.some((step) => step.patients > row.exposures)) {
    return {
      ...base,
      finish: null,
      versusControl: null,
      note: 'more patients reached a step than were shown the variant (shown before --since): no finish rate',
    };
  }
  const rate = { finished, exposed: row.exposures, rate: finished / row.exposures };
  return { ...base, finish: { ...rate, ...wilsonInterval(finished, row.exposures) }, versusControl: null, note: null };
}

/** The order of an experiment's variants: the config's (control first), then any it no longer has. */
function variantOrder(engine: FunnelEngine, experiment: string): string[] {
  const experiments = engine.config.experiments.experiments;
  const found = Object.hasOwn(experiments, experiment) ? experiments[experiment] : undefined;
  return found === undefined ? [CONTROL_VARIANT] : variantIds(found);
}

/**
 * The report of the counted events: each cohort's reach of its steps (named from the current
 * config where the version is the current one), its finish rate, and for each variant at its
 * current version the difference to the control at the control's current version (like with
 * like: a cohort of an edited variant is not compared).
 */
export function buildReachReport(
  rows: readonly ReachRow[],
  engine: FunnelEngine,
  filter: EventFilter = {},
): ReachReport {
  const byExperiment = new Map<string, ReachRow[]>();
  for (const row of rows) {
    const key = `${row.code}\n${row.experiment}`;
    byExperiment.set(key, [...(byExperiment.get(key) ?? []), row]);
  }
  const experiments = [...byExperiment.values()].map((cohorts): ExperimentReach => {
    const { code, experiment } = cohorts[0] as ReachRow;
    const order = variantOrder(engine, experiment);
    const rank = (variant: string) => (order.includes(variant) ? order.indexOf(variant) : order.length);
    const variants = cohorts
      .map((row) => variantReach(row, currentSteps(engine, code, experiment, row.variant)))
      .sort(
        (a, b) =>
          rank(a.variant) - rank(b.variant) ||
          a.variant.localeCompare(b.variant) ||
          Number(b.current) - Number(a.current) ||
          a.version.localeCompare(b.version),
      );
    const control = variants.find((cohort) => cohort.variant === CONTROL_VARIANT && cohort.current);
    for (const cohort of variants) {
      if (cohort.variant === CONTROL_VARIANT || cohort.finish === null) continue;
      if (control?.finish == null) {
        cohort.note =
          control === undefined
            ? 'no control patients at its current version: no difference to control'
            : 'the control has no finish rate: no difference to control';
        continue;
      }
      cohort.versusControl = {
        ...differenceInterval(
          cohort.finish.finished,
          cohort.finish.exposed,
          control.finish.finished,
          control.exposures,
        ),
        controlVersion: control.version,
      };
    }
    return { code, experiment, variants };
  });
  experiments.sort((a, b) => a.code.localeCompare(b.code) || a.experiment.localeCompare(b.experiment));
  return { since: filter.since ?? null, code: filter.code ?? null, experiments };
}

/** A share as a percentage with one decimal: 0.3333 → "33.3%". */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** A difference of shares in percentage points, signed: 0.09 → "+9.0", -0.0001 → "0.0". */
function points(difference: number): string {
  const rounded = Number((difference * 100).toFixed(1));
  if (rounded === 0) return '0.0';
  return rounded > 0 ? `+${rounded.toFixed(1)}` : rounded.toFixed(1);
}

/** A finish rate in words: "40 of 120, 33.3% (95% CI 25.5% to 42.1%)". */
export function finishText(finish: FinishRate): string {
  return `${String(finish.finished)} of ${String(finish.exposed)}, ${percent(finish.rate)} (95% CI ${percent(finish.low)} to ${percent(finish.high)})`;
}

/** A difference to control in words: "+9.0 points (95% CI -3.1 to +21.0)". */
export function differenceText(difference: Difference): string {
  return `${points(difference.difference)} points (95% CI ${points(difference.low)} to ${points(difference.high)})`;
}

/** What the report was read from, in words. */
export function filterText(report: Pick<ReachReport, 'since' | 'code'>): string {
  const parts = [
    report.since === null ? 'all events' : `events recorded since ${report.since}`,
    report.code === null ? '' : `code ${report.code}`,
  ];
  return parts.filter((part) => part !== '').join(', ');
}

export const NO_EVENTS = 'No split test events yet';

/** The report as text for a terminal: a table of steps per cohort, its finish rate and its difference to control. */
export function renderReachReport(report: ReachReport): string {
  const lines = [`Split test reach (${filterText(report)})`];
  if (report.experiments.length === 0) return [...lines, '', `${NO_EVENTS}.`].join('\n');
  for (const entry of report.experiments) {
    lines.push('', `${entry.code} · experiment ${entry.experiment}`);
    for (const cohort of entry.variants) {
      lines.push('', `  ${cohort.variant}, version ${cohort.version}: ${String(cohort.exposures)} patients shown it`);
      const labels = cohort.steps.map((step) => `${String(step.index + 1)}. ${step.path ?? UNKNOWN_STEP}`);
      const width = Math.max(4, ...labels.map((label) => label.length));
      const counts = cohort.steps.map((step) => String(step.patients));
      const countWidth = Math.max('patients'.length, ...counts.map((count) => count.length));
      lines.push(`    ${'step'.padEnd(width)}  ${'patients'.padStart(countWidth)}   share`);
      cohort.steps.forEach((step, index) => {
        const share = step.share === null ? '—' : percent(step.share);
        lines.push(
          `    ${(labels[index] ?? '').padEnd(width)}  ${(counts[index] ?? '').padStart(countWidth)}  ${share.padStart(6)}`,
        );
      });
      if (cohort.finish !== null) lines.push(`    finished: ${finishText(cohort.finish)}`);
      if (cohort.versusControl !== null) {
        lines.push(
          `    difference to control (${cohort.versusControl.controlVersion}): ${differenceText(cohort.versusControl)}`,
        );
      }
      if (cohort.note !== null) lines.push(`    ${cohort.note}`);
    }
  }
  return lines.join('\n');
}
