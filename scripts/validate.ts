/**
 * npm run validate [-- --dir <config dir>]: checks every config file against its schema and
 * the engine's rules, and prints every problem at once: errors, checks that could not run and
 * why, and warnings. Exit 0 when there is no error (warnings print but pass), 1 otherwise.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIG_DIR } from '../src/contract/schema-files.ts';
import { reportLines, validateConfigDir } from './lib/config-validation.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const dir = path.resolve(values.dir ?? CONFIG_DIR);
const label = path.relative(process.cwd(), dir) || '.';
const { ok, lines } = reportLines(validateConfigDir(dir), label);

// Errors and warnings go to stderr, the all-valid line to stdout; warnings alone exit 0.
for (const line of lines) (line.includes(': all config is valid') ? console.log : console.error)(line);
process.exit(ok ? 0 : 1);
