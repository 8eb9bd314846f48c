/**
 * npm run funnels [-- --check]
 * npm run funnels -- --diff <git-ref> [--data <DATA_DIR>]
 *
 * Prints every campaign code with its steps, version and variants, and writes docs/funnels.md
 * (tables and a diagram per funnel) from config/. With --check it writes nothing and exits 1 when
 * docs/funnels.md is not what the config generates. With --diff it writes nothing and prints, for
 * each code, variant and pathOverride key whose steps differ between the config at <git-ref> and
 * the working tree, the steps added, removed and moved, both versions, and where a patient
 * standing on each old step lands (src/engine/funnel-resume.ts); --data also counts the saved
 * journeys of that local database standing on each (read-only; no patient data is printed).
 */
import { US_STATES } from '../src/domain/us-states.ts';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { ROOT_DIR } from '../src/contract/schema-files.ts';
import { createFunnelEngine } from '../src/engine/funnel-plan.ts';
import { CONFIG_FILES } from '../src/engine/config-types.ts';
import { databaseFile } from '../src/server/database.ts';
import { ALL_CONFIG_FILES, formatProblem, validateConfigTexts } from './lib/config-validation.ts';
import { countPlaces, diffFunnels, renderDiff, type SavedJourneyPlace } from './lib/funnel-diff.ts';
import { renderFunnelsMarkdown, renderFunnelsTable } from './lib/funnel-docs.ts';
import { writeOrCheck } from './lib/generated-file.ts';
import { loadEngineOrExit } from './lib/load-config.ts';

const USAGE = 'usage: npm run funnels [-- --check]\n       npm run funnels -- --diff <git-ref> [--data <DATA_DIR>]';

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let values: { check?: boolean; diff?: string; data?: string };
try {
  ({ values } = parseArgs({
    options: { check: { type: 'boolean' }, diff: { type: 'string' }, data: { type: 'string' } },
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}

const DOC_FILE = path.join(ROOT_DIR, 'docs', 'funnels.md');
const engine = loadEngineOrExit();

if (values.diff !== undefined) {
  if (values.check === true) fail(`--check and --diff cannot be given together\n${USAGE}`);
  showDiff(values.diff, values.data);
} else {
  if (values.data !== undefined) fail(`--data goes with --diff\n${USAGE}`);
  const check = values.check ?? false;
  if (!check) console.log(`${renderFunnelsTable(engine.config)}\n`);
  process.exit(writeOrCheck(DOC_FILE, renderFunnelsMarkdown(engine.config), check, 'npm run funnels') ? 0 : 1);
}

/** The config files as they were at `ref`, by name (a file missing there is left out). */
function configAt(ref: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const file of ALL_CONFIG_FILES) {
    try {
      texts[file] = execFileSync('git', ['show', `${ref}:config/${file}`], {
        cwd: ROOT_DIR,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const why = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : String(error);
      if (file === ALL_CONFIG_FILES[0]) fail(`Cannot read config/${file} at ${ref}: ${why}`);
      // Split tests came later (issue 29): a commit from before them had none.
      if (file === CONFIG_FILES.experiments) texts[file] = JSON.stringify({ experiments: {} });
      // The clinic's rules came later (issue 38): a commit from before them had no product rules.
      if (file === CONFIG_FILES.clinicRules)
        texts[file] = JSON.stringify({
          products: {
            none: {
              description: 'No rules yet.',
              sells: { site: 'male', treatment: 'hrt' },
              schedule: null,
              needs: [],
            },
          },
          encounterTypes: { default: ['asynchronous'], byState: {} },
        });
    }
  }
  const rules = texts[CONFIG_FILES.clinicRules];
  if (rules !== undefined) texts[CONFIG_FILES.clinicRules] = withStateRules(rules);
  return texts;
}

/**
 * The clinic's rules of a commit from before the state rules (issue 38 point 1) as the schema
 * reads them now: every product served everywhere, and a live visit what it was then (a booked
 * consult or a microclinic visit). Only funnels are compared, so these never decide a difference.
 */
function withStateRules(text: string): string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof json !== 'object' || json === null) return text;
  const rules = json as {
    products?: Record<string, Record<string, unknown>>;
    encounterTypes?: Record<string, unknown>;
  };
  for (const product of Object.values(rules.products ?? {})) {
    if (typeof product === 'object' && !('servedStates' in product))
      product.servedStates = US_STATES.map((state) => state.code);
  }
  if (rules.encounterTypes !== undefined && !('liveVisit' in rules.encounterTypes))
    rules.encounterTypes.liveVisit = ['consult-booked', 'in-person-visit'];
  return JSON.stringify(rules);
}

/** Every saved journey's code and place, read-only from the local database under `dataDir`. */
function savedPlaces(dataDir: string): SavedJourneyPlace[] {
  const file = databaseFile(path.resolve(dataDir));
  if (!existsSync(file)) fail(`No database at ${file}`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "SELECT path_code AS code, json_extract(state_json, '$.step.url') AS url, json_extract(state_json, '$.step.index') AS idx FROM journeys WHERE json_extract(state_json, '$.step.url') IS NOT NULL",
      )
      .all() as { code: string; url: string; idx: number }[];
    return rows.map((row) => ({ code: row.code, url: row.url, index: row.idx }));
  } finally {
    db.close();
  }
}

function showDiff(ref: string, dataDir: string | undefined): never {
  const before = validateConfigTexts(configAt(ref));
  if (before.config === null) {
    fail(
      `The config at ${ref} is not valid, so its funnels cannot be compared:\n${before.problems.map((problem) => formatProblem(problem)).join('\n')}`,
    );
  }
  const oldEngine = createFunnelEngine(before.config);
  const diffs = diffFunnels(oldEngine, engine);
  const counts = dataDir === undefined ? null : countPlaces(oldEngine, diffs, savedPlaces(dataDir));
  console.log(renderDiff(ref, diffs, counts));
  process.exit(0);
}
