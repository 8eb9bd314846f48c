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
import { stepUrl, type ExperimentAssignment, type FunnelEngine, type FunnelPlan } from '../engine/funnel-plan.ts';
import { stepsVersion } from '../engine/funnel-version.ts';
import { splitUrl } from '../engine/url.ts';
import { createHmac } from 'node:crypto';
import { statement, type Db, type Migration } from './database.ts';

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
export function fixedSwitch(values: Readonly<Partial<Record<string, unknown>>>): ExperimentSwitch {
  return {
    isOn: (flag) => flag === undefined || values[flag] === true,
    refresh: () => Promise.resolve(),
    stop: () => undefined,
  };
}

/**
 * The switch of a deployment's flags: config/flags.json with FLAGS on top (local), or the flag
 * service's config file, fetched at start and every 10 minutes as the page does
 * (CONFIGCAT_CACHE_MS), each fetch given up after 1.5 s. A split test with a flag assigns no
 * one until the service has answered once: a test ops switched off must not start assigning
 * because the server restarted while the service was down. After that, the last values fetched
 * stand while it is down.
 */
export function experimentSwitch(
  flags: ServiceSettings['flags'],
  { onFallback = () => undefined }: { onFallback?: () => void } = {},
): ExperimentSwitch {
  if (flags.provider === 'local') return fixedSwitch(withOverrides(flags.overrides));
  let values: FlagValues | null = null;
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
    // Every flag is true or false (flags.schema.json); a test's flag is checked to be one of them.
    isOn: (flag) => flag === undefined || (values !== null && isFlagName(flag) && values[flag]),
    refresh,
    stop: () => {
      clearInterval(timer);
    },
  };
}

/**
 * How many new patients one client address may bring into split tests in an hour (issue 39
 * point 3). Past it a new journey from the address is given no variant: it walks the funnel's
 * own steps and is counted nowhere, as where no test runs, so a script starting sessions cannot
 * fill the exposure and first-page counts (later steps need the server's rows: step-doors.ts),
 * nor draw variants until it gets the one it wants. A patient notices nothing. Many patients
 * behind one address (a carrier's NAT) past it are left out of the test, not refused.
 */
export const SPLIT_TEST_ENTRANTS_PER_HOUR = 20;
const ENTRANTS_WINDOW_MS = 60 * 60 * 1000;

/** Counts the new split-test patients of each address; off (admits everyone) with RATE_LIMITS=off. */
export interface SplitTestEntrants {
  /** Whether one more new patient from the address enters a split test (counted when it does). */
  admit: (address: string) => boolean;
}

export function splitTestEntrants(
  options: { limited: boolean; max?: number; now?: () => number } = { limited: true },
): SplitTestEntrants {
  const { limited, max = SPLIT_TEST_ENTRANTS_PER_HOUR, now = Date.now } = options;
  const entries = new Map<string, { count: number; resetAt: number }>();
  return {
    admit: (address) => {
      if (!limited) return true;
      const at = now();
      // Bounded: the addresses whose hour is over go before the map grows past a few thousand.
      if (entries.size > 5000) for (const [key, entry] of entries) if (entry.resetAt <= at) entries.delete(key);
      const entry = entries.get(address);
      if (entry === undefined || entry.resetAt <= at) {
        entries.set(address, { count: 1, resetAt: at + ENTRANTS_WINDOW_MS });
        return true;
      }
      if (entry.count >= max) return false;
      entry.count += 1;
      return true;
    },
  };
}

/**
 * Who the patient of a split-test journey is, as far as the server can tell (issue 39 point 3),
 * so one patient in several sessions is one patient of the test: a key made from their email
 * (an HMAC with the server's link secret: the email cannot be read back from it, nor the key
 * made without the secret), set when their lead is saved or their return link claimed.
 * `repeat`: the journey is a later session of a patient the test has counted already, and
 * counts nothing itself.
 */
export const journeyExperimentPatientsMigration: Migration = {
  version: 25,
  description: 'journey experiments: the patient key of each journey, and whether it repeats a patient',
  up: (db) => {
    db.exec(`
      ALTER TABLE journey_experiments ADD COLUMN patient_key TEXT CHECK (patient_key IS NULL OR length(patient_key) = 43);
      ALTER TABLE journey_experiments ADD COLUMN repeat INTEGER NOT NULL DEFAULT 0 CHECK (repeat IN (0, 1));
      CREATE INDEX journey_experiments_patient ON journey_experiments (experiment, patient_key);
    `);
  },
};

/** The split tests' key of a patient by their email (see journeyExperimentPatientsMigration). */
export function patientKeyOf(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`split-test-patient:${email.trim().toLowerCase()}`).digest('base64url');
}

/**
 * The key of the patient a session is known to be: the customer a return link granted it, by
 * the email on their record. Null for a session that has proved no one yet (a new visitor).
 */
export function sessionPatientKey(db: Db, secret: string, sessionId: string): string | null {
  const row = statement<[string], { email: string }>(
    db,
    `SELECT c.email FROM session_grants g JOIN customers c ON c.kt_customer_id = g.record_id
     WHERE g.session_id = ? AND g.kind = 'customer' AND c.email != '' ORDER BY g.granted_at LIMIT 1`,
  ).get(sessionId);
  return row === undefined ? null : patientKeyOf(secret, row.email);
}

/**
 * The variant a patient was given first in a split test, by another journey of theirs: what a
 * new session of theirs is given again, rather than a draw of its own.
 */
function patientsVariant(db: Db, experiment: string, patientKey: string): string | undefined {
  return statement<[string, string], { variant: string }>(
    db,
    `SELECT variant FROM journey_experiments WHERE experiment = ? AND patient_key = ? AND repeat = 0 LIMIT 1`,
  ).get(experiment, patientKey)?.variant;
}

/**
 * A journey's patient has become known (their lead saved with an email): its split test keeps
 * their key, and when the test counts them already by another journey, this one becomes a
 * repeat, counted no further. Its variant stays: the patient has seen it, and a change mid-walk
 * would move them.
 */
export function recognisePatient(db: Db, journeyId: string, code: string, patientKey: string): void {
  const kept = statement<[string, string], { experiment: string; patient_key: string | null }>(
    db,
    'SELECT experiment, patient_key FROM journey_experiments WHERE journey_id = ? AND path_code = ?',
  ).get(journeyId, code);
  if (kept === undefined || kept.patient_key !== null) return;
  const counted = statement<[string, string, string], { one: number }>(
    db,
    `SELECT 1 AS one FROM journey_experiments
     WHERE experiment = ? AND patient_key = ? AND repeat = 0 AND journey_id != ? LIMIT 1`,
  ).get(kept.experiment, patientKey, journeyId);
  statement<[string, number, string, string]>(
    db,
    'UPDATE journey_experiments SET patient_key = ?, repeat = ? WHERE journey_id = ? AND path_code = ?',
  ).run(patientKey, counted === undefined ? 0 : 1, journeyId, code);
}

/** A journey's split test as the server keeps it (journey_experiments). */
export interface JourneyExperiment {
  experiment: string;
  variant: string;
  /** 1: a later session of a patient counted already by another journey; it counts nothing. */
  repeat: number;
  /** The version of the variant's steps the journey was last counted on; null: not shown yet. */
  counted_version: string | null;
  /** The furthest step counted on that version; -1 once shown, before any step. */
  counted_step: number | null;
}

/** What the browser is told of its journey's split test: which variant, and how far it has been counted. */
export interface AssignmentView extends ExperimentAssignment {
  /** The highest step counted on the variant's steps; -1 once shown, before any step. Null: not shown yet. */
  recorded: number | null;
}

export function assignmentView(kept: JourneyExperiment | undefined): AssignmentView | null {
  return kept === undefined
    ? null
    : { experiment: kept.experiment, variant: kept.variant, recorded: kept.counted_step };
}

/** The split test the server keeps for a journey, if it has one. */
export function journeyExperimentOf(db: Db, journeyId: string, code: string): JourneyExperiment | undefined {
  return statement<[string, string], JourneyExperiment>(
    db,
    `SELECT experiment, variant, repeat, counted_version, counted_step FROM journey_experiments
     WHERE journey_id = ? AND path_code = ?`,
  ).get(journeyId, code);
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

/**
 * The split test of a journey's first save: the one it had, when the patient started over
 * (Start over forgets the journey, not its variant), or the variant `assignmentFor` gives, kept
 * from now on. A session known to be a patient the test has met (`patientKey`: a return link's
 * customer) is given that patient's variant again, as a repeat counted nowhere, so a new
 * session re-draws nothing for them. None when it had none and no test runs on the code, or
 * when its address has brought SPLIT_TEST_ENTRANTS_PER_HOUR new patients into split tests this
 * hour (`admitted`).
 */
export function experimentOnFirstSave(
  db: Db,
  engine: FunnelEngine,
  experiments: ExperimentSwitch,
  { site, code, journeyId, now }: { site: Site; code: string; journeyId: string; now: string },
  admitted: () => boolean = () => true,
  patientKey: string | null = null,
): JourneyExperiment | undefined {
  const kept = journeyExperimentOf(db, journeyId, code);
  if (kept !== undefined) return kept;
  const drawn = assignmentFor(engine, experiments, site, code, journeyId);
  if (drawn === null) return undefined;
  const theirs = patientKey === null ? undefined : patientsVariant(db, drawn.experiment, patientKey);
  // Asked last, so only a new patient who would enter a running test uses up its address's count.
  if (theirs === undefined && !admitted()) return undefined;
  const assigned = {
    experiment: drawn.experiment,
    variant: theirs ?? drawn.variant,
    repeat: theirs === undefined ? 0 : 1,
  };
  statement<[string, string, string, string, string | null, number, string]>(
    db,
    `INSERT INTO journey_experiments (journey_id, path_code, experiment, variant, patient_key, repeat, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(journeyId, code, assigned.experiment, assigned.variant, patientKey, assigned.repeat, now);
  return { ...assigned, counted_version: null, counted_step: null };
}

/** Forgets the split tests of journeys untouched for as long as journeys are kept. */
export function forgetOldExperiments(db: Db, cutoff: string): void {
  statement(db, 'DELETE FROM journey_experiments WHERE updated_at < ?').run(cutoff);
}

/** The part of a saved journey's state the counting reads: where the patient is, and on which steps. */
export interface ReachState {
  step?: { url: string; index: number } | undefined;
  reached?: { url: string; index: number } | undefined;
  funnel?: { version?: unknown } | undefined;
}

/** Today as the counts keep it: the day, not the time, so a count cannot be matched to a save. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Counts what a save of a journey in a split test shows (issue 29 point 3): its first save on
 * the variant's steps shows the patient the variant (step -1, the exposure), and each step
 * reached for the first time adds one patient to that step's count. The campaign link's page is
 * every variant's first step (the config rules), so a save there counts as the variant's even
 * while the page still walks the control's steps, before it has heard its variant: a patient who
 * leaves on the first page is counted in their own variant, not only when it is the control.
 * Nothing is counted on other steps than the variant's: a call-centre or pathOverride link (they
 * win over the split test), or a page that got past the first step before it heard. A change to
 * the variant's steps makes a new version, on which its patients are counted again from an
 * exposure. Returns the journey's split test as now counted.
 */
export function countReach(
  db: Db,
  engine: FunnelEngine,
  { site, code, journeyId, now }: { site: Site; code: string; journeyId: string; now: string },
  kept: JourneyExperiment,
  state: ReachState,
  held: (plan: FunnelPlan, claimed: number) => number,
): JourneyExperiment {
  const touch = statement<[string | null, number | null, string, string, string]>(
    db,
    `UPDATE journey_experiments SET counted_version = ?, counted_step = ?, updated_at = ?
     WHERE journey_id = ? AND path_code = ?`,
  );
  const unchanged = () => {
    touch.run(kept.counted_version, kept.counted_step, now, journeyId, code);
    return kept;
  };
  // A test that has stopped (running false) counts no one: its patients walk the funnel's own
  // steps. A repeat of a patient counted already by another journey counts nothing more.
  if (
    kept.repeat === 1 ||
    state.step === undefined ||
    runningExperimentOf(engine.config.experiments, code)?.[0] !== kept.experiment
  )
    return unchanged();
  const assignment = { experiment: kept.experiment, variant: kept.variant };
  const planned = engine.planVisit({
    code,
    brand: site,
    query: splitUrl(state.step.url).query,
    experiment: assignment,
  });
  if (!planned.ok || planned.plan.experiment === null) return unchanged();
  const { plan } = planned;
  const version = stepsVersion(plan.steps);
  const onVariant = state.funnel?.version === version;
  const onFirstPage =
    state.step.index === 0 &&
    splitUrl(state.step.url).pathname === splitUrl(stepUrl({ ...plan, query: '' }, 0)).pathname;
  if (!onVariant && !onFirstPage) return unchanged();
  // A place counts only where it is the variant's step at that index: a `reached` carried over
  // from the steps the page walked before it heard its variant names another list's index.
  const isStep = (place: { url: string; index: number } | undefined): place is { url: string; index: number } =>
    place !== undefined &&
    place.index < plan.steps.length &&
    splitUrl(place.url).pathname === splitUrl(stepUrl({ ...plan, query: '' }, place.index)).pathname;
  const claimed = onVariant
    ? Math.max(isStep(state.step) ? state.step.index : 0, isStep(state.reached) ? state.reached.index : 0)
    : 0;
  // Where the page says it stands is only a claim: a step is counted once the server's rows say
  // the journey could stand there (its lead, payment, booking: src/server/step-doors.ts). The
  // campaign link's page is always counted; its patients were shown the variant there.
  const furthest = Math.max(0, Math.min(claimed, held(plan, claimed)));
  const fresh = kept.counted_version !== version;
  const from = fresh ? -1 : (kept.counted_step ?? -1) + 1;
  const add = statement<[string, string, string, string, number, string]>(
    db,
    `INSERT INTO experiment_counts (code, experiment, variant, funnel_version, step, recorded_on, patients)
     VALUES (?, ?, ?, ?, ?, ?, 1)
     ON CONFLICT (code, experiment, variant, funnel_version, step, recorded_on) DO UPDATE SET patients = patients + 1`,
  );
  const day = today();
  for (let step = from; step <= furthest; step += 1)
    add.run(code, assignment.experiment, assignment.variant, version, step, day);
  const counted = {
    ...kept,
    counted_version: version,
    counted_step: Math.max(fresh ? -1 : (kept.counted_step ?? -1), furthest),
  };
  touch.run(counted.counted_version, counted.counted_step, now, journeyId, code);
  return counted;
}
