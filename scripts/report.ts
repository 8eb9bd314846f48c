/**
 * npm run report -- [--since YYYY-MM-DD] [--code CODE] [--json] [--data DATA_DIR]
 *
 * The reach report of split tests (issue 29, point 4): per code, experiment, variant and funnel
 * version, how many patients were shown the variant, how many reached each step, the share who
 * finished with a 95 % interval, and each variant's difference to the control. Reads the
 * `experiment_counts` of the local database under DATA_DIR (default ./data) read-only, and names
 * steps from config/ as it is now. --json prints the report as one JSON document for tools.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { databaseFile } from '../src/server/database.ts';
import { loadEngineOrExit } from './lib/load-config.ts';
import {
  buildReachReport,
  isDay,
  readExperimentEvents,
  renderReachReport,
  type EventFilter,
  type ReachRow,
} from './lib/reach-report.ts';

const USAGE = 'usage: npm run report -- [--since YYYY-MM-DD] [--code CODE] [--json] [--data DATA_DIR]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values: { since?: string; code?: string; json?: boolean; data?: string };
try {
  ({ values } = parseArgs({
    options: {
      since: { type: 'string' },
      code: { type: 'string' },
      json: { type: 'boolean' },
      data: { type: 'string' },
    },
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}

const filter: EventFilter = {};
if (values.since !== undefined) {
  if (!isDay(values.since))
    fail(`--since takes a day as YYYY-MM-DD, such as 2026-11-01, not "${values.since}"\n${USAGE}`);
  filter.since = values.since;
}
if (values.code !== undefined) {
  if (values.code.trim() === '') fail(`--code takes a campaign code, such as shrt\n${USAGE}`);
  filter.code = values.code.trim().toLowerCase();
}

const engine = loadEngineOrExit();
const file = databaseFile(path.resolve(values.data ?? process.env.DATA_DIR ?? './data'));
if (!existsSync(file)) {
  fail(`No database at ${file}: start the app once (npm start) to create it, or pass --data DATA_DIR`);
}

/** The counted events, or exit 2 naming the file when SQLite cannot read it (corrupt, or not a database). */
function readRows(): ReachRow[] {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return readExperimentEvents(db, filter);
    } finally {
      db.close();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    fail(
      `Cannot read the database ${file}${typeof code === 'string' ? ` (${code})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const rows = readRows();
const report = buildReachReport(rows, engine, filter);
console.log(values.json === true ? JSON.stringify(report, null, 2) : renderReachReport(report));
