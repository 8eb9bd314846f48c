/**
 * npm run types [-- --check]
 *
 * Writes the TypeScript types of the OpenAPI files' schemas to src/contract/generated/ (see
 * scripts/lib/schema-types.ts). With --check it writes nothing and exits 1 when a file there
 * is not what the schemas give.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT_DIR } from '../src/contract/schema-files.ts';
import { generatedTypeModules } from './lib/generated-types.ts';

const USAGE = 'usage: npm run types [-- --check]';

let check: boolean;
try {
  check = parseArgs({ options: { check: { type: 'boolean' } } }).values.check ?? false;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

let stale = 0;
for (const { module, text } of await generatedTypeModules()) {
  const file = path.join(ROOT_DIR, module);
  let current: string | null;
  try {
    current = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  } catch {
    current = null;
  }
  if (current === text) {
    console.log(`${module}: up to date`);
  } else if (check) {
    stale += 1;
    console.error(`${module}: not what the schemas give; run npm run types`);
  } else {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`${module}: written`);
  }
}
process.exit(stale > 0 ? 1 : 0);
