import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  buildReachReport,
  isDay,
  readExperimentEvents,
  renderReachReport,
  UNKNOWN_VERSION,
  type ReachReport,
} from '../../scripts/lib/reach-report.ts';
import { differenceInterval, wilsonInterval } from '../../scripts/lib/reach-stats.ts';
import { ROOT_DIR } from '../../src/contract/schema-files.ts';
import type { ExperimentsFile } from '../../src/engine/config-types.ts';
import { stepsVersion } from '../../src/engine/funnel-version.ts';
import { databaseFile, openDatabase, type Db } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { configTexts, editConfig, engineOf } from '../support/config.ts';

/**
 * Issue 29, point 4: `npm run report` counts the patients of each split test variant from the
 * server's `experiment_counts`, names the steps from the current config, and gives each
 * variant's finish rate and its difference to control with 95 % intervals.
 */

const texts = editConfig(configTexts(), 'experiments', (json: ExperimentsFile) => {
  json.experiments = {
    'report-test-short': {
      description: 'Straight from the assessment to payment.',
      codes: ['shrt', 'ghrt'],
      running: true,
      variants: { control: { weight: 1 }, 'no-results': { weight: 1, change: [{ remove: '/results' }] } },
    },
  };
});
const engine = engineOf(texts);

// The steps as the server plans them when it records events: the variant's, then the finish page.
const CONTROL_STEPS = ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly', '/finish'];
const NO_RESULTS_STEPS = ['/hormone-assessment', '/payment', '/mip/form', '/mip/calendly', '/finish'];
const CONTROL = stepsVersion(CONTROL_STEPS);
const NO_RESULTS = stepsVersion(NO_RESULTS_STEPS);
// The variant as it was before an edit: events of it stay, under a version today's config does not give.
const EDITED = stepsVersion(['/hormone-assessment', '/payment', '/finish']);

let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'reach-report-'));
  db = openDatabase(databaseFile(dir), MIGRATIONS);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Counts what the server counts for a cohort on a day: the patients shown the variant (step -1),
 * and the patients first reaching each step (`reached[i]` patients at step i).
 */
function record(
  cohort: { code?: string; variant: string; version: string; day?: string },
  shown: number,
  reached: readonly number[],
): void {
  const insert = db.prepare(
    `INSERT INTO experiment_counts (code, experiment, variant, funnel_version, step, recorded_on, patients)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (code, experiment, variant, funnel_version, step, recorded_on) DO UPDATE SET patients = patients + excluded.patients`,
  );
  const row = (step: number, patients: number) => {
    if (patients > 0)
      insert.run(
        cohort.code ?? 'shrt',
        'report-test-short',
        cohort.variant,
        cohort.version,
        step,
        cohort.day ?? '2026-11-20',
        patients,
      );
  };
  row(-1, shown);
  reached.forEach((patients, step) => {
    row(step, patients);
  });
}

function reportOf(filter: { since?: string; code?: string } = {}): ReachReport {
  return buildReachReport(readExperimentEvents(db, filter), engine, filter);
}

function cohortOf(report: ReachReport, variant: string, version: string, code = 'shrt') {
  const found = report.experiments
    .find((entry) => entry.code === code && entry.experiment === 'report-test-short')
    ?.variants.find((cohort) => cohort.variant === variant && cohort.version === version);
  if (found === undefined) throw new Error(`no cohort ${variant} ${version} of ${code} in the report`);
  return found;
}

test('each variant’s patients per step, named from the config, with its finish rate and difference to control', () => {
  record({ variant: 'control', version: CONTROL }, 40, [40, 30, 25, 20, 18, 12]);
  record({ variant: 'no-results', version: NO_RESULTS }, 38, [38, 33, 28, 25, 20]);
  const report = reportOf();

  const control = cohortOf(report, 'control', CONTROL);
  expect(control.current).toBe(true);
  expect(control.exposures).toBe(40);
  expect(control.steps.map((step) => `${step.path ?? ''} ${String(step.patients)}`)).toEqual([
    '/hormone-assessment 40',
    '/results 30',
    '/payment 25',
    '/mip/form 20',
    '/mip/calendly 18',
    '/finish 12',
  ]);
  expect(control.steps[1]?.share).toBe(0.75);
  expect(control.finish).toEqual({ finished: 12, exposed: 40, rate: 0.3, ...wilsonInterval(12, 40) });
  expect(control.versusControl).toBeNull();

  const variant = cohortOf(report, 'no-results', NO_RESULTS);
  expect(variant.steps.map((step) => step.path)).toEqual(NO_RESULTS_STEPS);
  expect(variant.finish).toEqual({ finished: 20, exposed: 38, rate: 20 / 38, ...wilsonInterval(20, 38) });
  expect(variant.versusControl).toEqual({ ...differenceInterval(20, 38, 12, 40), controlVersion: CONTROL });
  // The control is listed first.
  expect(report.experiments[0]?.variants.map((cohort) => cohort.variant)).toEqual(['control', 'no-results']);
});

test('the text report: a table of steps per variant, the finish rate and the difference, in percent', () => {
  record({ variant: 'control', version: CONTROL }, 4, [4, 3, 2, 2, 2, 1]);
  record({ variant: 'no-results', version: NO_RESULTS }, 4, [4, 4, 3, 3, 3]);
  const text = renderReachReport(reportOf());
  expect(text).toContain('shrt · experiment report-test-short');
  expect(text).toContain(`control, version ${CONTROL}: 4 patients shown it`);
  expect(text).toMatch(/2\. \/results +3 +75\.0%/);
  const control = wilsonInterval(1, 4);
  expect(text).toContain(
    `finished: 1 of 4, 25.0% (95% CI ${(control.low * 100).toFixed(1)}% to ${(control.high * 100).toFixed(1)}%)`,
  );
  const difference = differenceInterval(3, 4, 1, 4);
  expect(text).toContain(
    `difference to control (${CONTROL}): +50.0 points (95% CI ${(difference.low * 100).toFixed(1)} to +${(difference.high * 100).toFixed(1)})`,
  );
});

test('a version the current config does not give: the steps by index only, and no finish rate', () => {
  record({ variant: 'control', version: CONTROL }, 10, [10, 8, 6, 5, 4, 3]);
  record({ variant: 'no-results', version: EDITED }, 5, [5, 4, 2]);
  record({ variant: 'no-results', version: NO_RESULTS }, 6, [6, 5, 4, 4, 3]);
  const report = reportOf();

  const edited = cohortOf(report, 'no-results', EDITED);
  expect(edited.current).toBe(false);
  expect(edited.steps).toEqual([
    { index: 0, path: null, patients: 5, share: 1 },
    { index: 1, path: null, patients: 4, share: 0.8 },
    { index: 2, path: null, patients: 2, share: 0.4 },
  ]);
  expect(edited.finish).toBeNull();
  expect(edited.versusControl).toBeNull();
  expect(edited.note).toBe(UNKNOWN_VERSION);
  // The current version is compared with the control like with like, the edited one not at all.
  expect(cohortOf(report, 'no-results', NO_RESULTS).versusControl?.difference).toBeCloseTo(0.5 - 0.3);
  expect(report.experiments[0]?.variants.map((cohort) => `${cohort.variant} ${cohort.version}`)).toEqual([
    `control ${CONTROL}`,
    `no-results ${NO_RESULTS}`,
    `no-results ${EDITED}`,
  ]);
  expect(renderReachReport(report)).toContain(`no-results, version ${EDITED}: 5 patients shown it`);
  expect(renderReachReport(report)).toContain('version not in the current config: finish unknown');
});

test('--since counts the events of that day and later, and --code one code’s', () => {
  record({ variant: 'control', version: CONTROL, day: '2026-10-31' }, 7, [7, 7, 7, 7, 7, 7]);
  record({ variant: 'control', version: CONTROL, day: '2026-11-01' }, 3, [3, 2, 1, 1, 1, 1]);
  record({ code: 'ghrt', variant: 'control', version: CONTROL, day: '2026-11-02' }, 2, [2, 1]);

  expect(cohortOf(reportOf(), 'control', CONTROL).exposures).toBe(10);
  expect(reportOf().experiments.map((entry) => entry.code)).toEqual(['ghrt', 'shrt']);

  const since = reportOf({ since: '2026-11-01' });
  expect(since.since).toBe('2026-11-01');
  expect(cohortOf(since, 'control', CONTROL).finish).toMatchObject({ finished: 1, exposed: 3 });
  expect(cohortOf(since, 'control', CONTROL, 'ghrt').exposures).toBe(2);

  const ghrt = reportOf({ code: 'ghrt' });
  expect(ghrt.experiments.map((entry) => entry.code)).toEqual(['ghrt']);
  expect(cohortOf(ghrt, 'control', CONTROL, 'ghrt').steps.map((step) => step.patients)).toEqual([2, 1, 0, 0, 0, 0]);
  expect(renderReachReport(ghrt)).toContain('Split test reach (all events, code ghrt)');
});

test('a patient shown the variant before --since who finishes after it: no rate, rather than one over 100%', () => {
  record({ variant: 'control', version: CONTROL, day: '2026-10-31' }, 2, [2]);
  record({ variant: 'control', version: CONTROL, day: '2026-11-01' }, 1, [0, 2, 2, 2, 2, 2]);
  const cohort = cohortOf(reportOf({ since: '2026-11-01' }), 'control', CONTROL);
  expect(cohort.finish).toBeNull();
  expect(cohort.note).toMatch(/more patients reached a step than were shown/);
});

test('no events yet, or a database from before split tests: an empty report that says so', () => {
  expect(reportOf().experiments).toEqual([]);
  expect(renderReachReport(reportOf())).toContain('No split test events yet.');
  db.exec('DROP TABLE experiment_counts');
  expect(readExperimentEvents(db)).toEqual([]);
});

test('--since takes a real day only', () => {
  expect(isDay('2026-11-01')).toBe(true);
  expect(isDay('2028-02-29')).toBe(true);
  expect(isDay('2026-02-29')).toBe(false);
  expect(isDay('2026-13-01')).toBe(false);
  expect(isDay('2026-11-1')).toBe(false);
  expect(isDay('yesterday')).toBe(false);
});

const tsx = path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx');

test('npm run report -- --json --data DIR prints the counts for tools', () => {
  // The repo's config has no such experiment: the counts are there, the finish unknown.
  record({ variant: 'control', version: CONTROL }, 3, [3, 2, 1]);
  record({ variant: 'no-results', version: NO_RESULTS, day: '2026-10-01' }, 2, [2, 2]);
  const run = spawnSync(tsx, ['scripts/report.ts', '--json', '--data', dir, '--since', '2026-11-01'], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const report = JSON.parse(run.stdout) as ReachReport;
  expect(report.since).toBe('2026-11-01');
  expect(report.experiments).toHaveLength(1);
  expect(report.experiments[0]?.variants).toHaveLength(1);
  expect(cohortOf(report, 'control', CONTROL)).toMatchObject({
    exposures: 3,
    current: false,
    finish: null,
    note: UNKNOWN_VERSION,
  });
  expect(cohortOf(report, 'control', CONTROL).steps.map((step) => step.patients)).toEqual([3, 2, 1]);
}, 60_000);

test('npm run report with no database says to start the app first', () => {
  const run = spawnSync(tsx, ['scripts/report.ts', '--data', path.join(dir, 'nothing-here')], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
  });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(`No database at ${path.join(dir, 'nothing-here', 'funnel.sqlite')}`);
  expect(run.stderr).toContain('npm start');
}, 60_000);
