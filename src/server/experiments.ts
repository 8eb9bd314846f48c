import {
  CONFIGCAT_CACHE_MS,
  CONFIGCAT_FETCH_TIMEOUT_MS,
  FLAG_DEFAULTS,
  isFlagName,
  valuesOfConfig,
  withOverrides,
  type FlagValues,
} from '../contract/flag-config.ts';
import type { ServiceSettings } from '../contract/service-settings.ts';
import { assignVariant } from '../engine/experiment-assign.ts';
import { runningExperimentOf } from '../engine/experiments.ts';
import type { Site } from '../engine/config-types.ts';
import type { ExperimentAssignment, FunnelEngine } from '../engine/funnel-plan.ts';
import { stepsVersion } from '../engine/funnel-version.ts';
import { splitUrl } from '../engine/url.ts';
import { statement, type Db } from './database.ts';

/**
 * Split tests on the server (issue 29, docs/split-tests.md): which variant a new journey is
 * given, and what is recorded as patients walk it. The browser never chooses: the variant is
 * decided here from the journey id, kept in columns of the journey the browser cannot write,
 * and sent back with the journey (`Journey.assignment`).
 */

/**
 * Whether a split test's flag (config/experiments.json `flag`) lets it assign new patients.
 * Read on every first save, inside the request's transaction, so it never waits: the flag
 * service is read in the background and its last values (or the defaults) are what it says.
 */
export interface ExperimentSwitch {
  /** An experiment without a flag is on; one whose flag is not a flag of flags.json is off. */
  isOn(flag: string | undefined): boolean;
  /** Reads the flag service now (the local flags have nothing to read). Never rejects. */
  refresh(): Promise<void>;
  /** Stops reading the flag service. */
  stop(): void;
}

/** A switch that says what `values` say (tests, and the local flags). */
export function fixedSwitch(values: Partial<Record<string, boolean>>): ExperimentSwitch {
  return {
    isOn: (flag) => flag === undefined || values[flag] === true,
    refresh: () => Promise.resolve(),
    stop: () => undefined,
  };
}

/**
 * The switch of a deployment's flags: config/flags.json with FLAGS on top (local), or the flag
 * service's config file, fetched at start and every 10 minutes as the page does
 * (CONFIGCAT_CACHE_MS), each fetch given up after 1.5 s; until one answers, or while the
 * service is down, the defaults or the last values fetched stand.
 */
export function experimentSwitch(
  flags: ServiceSettings['flags'],
  { onFallback = () => undefined }: { onFallback?: () => void } = {},
): ExperimentSwitch {
  if (flags.provider === 'local') return fixedSwitch(withOverrides(flags.overrides));
  let values: FlagValues = FLAG_DEFAULTS;
  const refresh = async () => {
    try {
      const response = await fetch(flags.configUrl, { signal: AbortSignal.timeout(CONFIGCAT_FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`flag service answered ${String(response.status)}`);
      values = valuesOfConfig(await response.json(), FLAG_DEFAULTS) ?? values;
    } catch {
      onFallback();
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), CONFIGCAT_CACHE_MS);
  // The server's shutdown does not wait for the next read.
  timer.unref();
  return {
    isOn: (flag) => flag === undefined || (isFlagName(flag) && values[flag]),
    refresh,
    stop: () => {
      clearInterval(timer);
    },
  };
}

/** A journey's split test as its row keeps it. */
export interface JourneyExperimentRow {
  experiment: string | null;
  experiment_variant: string | null;
  experiment_version: string | null;
  experiment_recorded: number | null;
}

/** What the browser is told of its journey's split test: which variant, and how far it has been counted. */
export interface AssignmentView extends ExperimentAssignment {
  /** The highest step recorded for the variant's current steps; -1 once shown, before any step. Null: not shown yet. */
  recorded: number | null;
}

export function assignmentView(row: JourneyExperimentRow): AssignmentView | null {
  if (row.experiment === null || row.experiment_variant === null) return null;
  return { experiment: row.experiment, variant: row.experiment_variant, recorded: row.experiment_recorded };
}

/**
 * The variant a journey starting on `code` is given: of the running split test of the code on
 * its brand's site (there is at most one: the config rules), when its flag is on. None when no
 * test runs, so the patient walks the funnel's own steps and is counted nowhere.
 */
export function assignmentFor(
  engine: FunnelEngine,
  experiments: ExperimentSwitch,
  site: Site,
  code: string,
  journeyId: string,
): ExperimentAssignment | null {
  const running = runningExperimentOf(engine.config.experiments, code);
  if (engine.funnelFor(code, site) === undefined || running === undefined) return null;
  const [id, experiment] = running;
  return experiments.isOn(experiment.flag)
    ? { experiment: id, variant: assignVariant(id, experiment, journeyId) }
    : null;
}

/** The part of a saved journey's state the counting reads: where the patient is, and on which steps. */
export interface ReachState {
  step?: { url: string; index: number } | undefined;
  reached?: { url: string; index: number } | undefined;
  funnel?: { version?: unknown } | undefined;
}

/** Today as the events keep it: the day, not the time, so an event cannot be matched to a save. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Counts what a save of an assigned journey shows (issue 29 point 3): the patient's first save
 * on the variant's steps is an exposure, and each step reached for the first time is one `step`
 * event. Nothing is counted while the journey's steps are not the variant's: the patient came
 * by a call-centre or pathOverride link (those win over the split test), or the browser is still
 * on the steps it had before it learnt its variant. A change to the variant's steps makes a new
 * version, and its patients are counted again on it, from an exposure. Returns the row's new
 * counting columns, or null when nothing changed.
 */
export function recordReach(
  db: Db,
  engine: FunnelEngine,
  site: Site,
  code: string,
  row: JourneyExperimentRow,
  state: ReachState,
): Pick<JourneyExperimentRow, 'experiment_version' | 'experiment_recorded'> | null {
  if (row.experiment === null || row.experiment_variant === null || state.step === undefined) return null;
  const assignment = { experiment: row.experiment, variant: row.experiment_variant };
  const planned = engine.planVisit({
    code,
    brand: site,
    query: splitUrl(state.step.url).query,
    experiment: assignment,
  });
  if (!planned.ok || planned.plan.experiment === null) return null;
  const version = stepsVersion(planned.plan.steps);
  if (state.funnel?.version !== version) return null;
  const insert = statement<[string, string, string, string, string, number | null, string]>(
    db,
    `INSERT INTO experiment_events (kind, experiment, variant, code, funnel_version, step, recorded_on)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const day = today();
  let recorded = row.experiment_version === version ? (row.experiment_recorded ?? -1) : -1;
  if (row.experiment_version !== version)
    insert.run('exposure', assignment.experiment, assignment.variant, code, version, null, day);
  const last = planned.plan.steps.length - 1;
  const furthest = Math.min(Math.max(state.step.index, state.reached?.index ?? 0), last);
  for (let step = recorded + 1; step <= furthest; step += 1)
    insert.run('step', assignment.experiment, assignment.variant, code, version, step, day);
  recorded = Math.max(recorded, furthest);
  if (row.experiment_version === version && row.experiment_recorded === recorded) return null;
  return { experiment_version: version, experiment_recorded: recorded };
}
