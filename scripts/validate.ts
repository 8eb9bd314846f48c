/**
 * npm run validate [-- --dir <config dir>]: checks every config file against its schema and
 * the engine's rules, and prints every problem at once. Exit 0 when all is valid.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIG_DIR } from '../src/contract/schema-files.ts';
import { formatProblem, validateConfigDir } from './lib/config-validation.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' } } });
const dir = path.resolve(values.dir ?? CONFIG_DIR);
const label = path.relative(process.cwd(), dir) || '.';
const { problems } = validateConfigDir(dir);

if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem, label));
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${label}/`);
  process.exit(1);
}
console.log(`${label}/: all config is valid`);
