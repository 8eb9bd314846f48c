/**
 * npm run validate [-- --dir <config dir>] [--on YYYY-MM-DD]: checks every config file against its schema and
 * the engine's rules, and prints every problem at once: errors, checks that could not run and
 * why, and warnings. Exit 0 when there is no error (warnings print but pass), 1 otherwise.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIG_DIR } from '../src/contract/schema-files.ts';
import { reportLines, validateConfigDir } from './lib/config-validation.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, on: { type: 'string' } } });
// --on YYYY-MM-DD: the products' dated rules as they read on that day (config/clinic-rules.json).
if (values.on !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.on)) {
  console.error(`--on takes a day as YYYY-MM-DD, not "${values.on}"`);
  process.exit(2);
}
const dir = path.resolve(values.dir ?? CONFIG_DIR);
const label = path.relative(process.cwd(), dir) || '.';
const { ok, lines } = reportLines(validateConfigDir(dir, { day: values.on }), label);

// Errors and warnings go to stderr, the all-valid line to stdout; warnings alone exit 0.
for (const line of lines) (line.includes(': all config is valid') ? console.log : console.error)(line);
process.exit(ok ? 0 : 1);
