/**
 * npm run funnels [-- --check]
 *
 * Prints every campaign code with its steps and variants, and writes docs/funnels.md (tables
 * and a diagram per funnel) from config/. With --check it writes nothing and exits 1 when
 * docs/funnels.md is not what the config generates.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT_DIR } from '../src/contract/schema-files.ts';
import { renderFunnelsMarkdown, renderFunnelsTable } from './lib/funnel-docs.ts';
import { loadEngineOrExit } from './lib/load-config.ts';

const USAGE = 'usage: npm run funnels [-- --check]';

let check: boolean;
try {
  check = parseArgs({ options: { check: { type: 'boolean' } } }).values.check ?? false;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

const DOC_FILE = path.join(ROOT_DIR, 'docs', 'funnels.md');
const shown = path.relative(process.cwd(), DOC_FILE) || DOC_FILE;
const { config } = loadEngineOrExit();
const markdown = renderFunnelsMarkdown(config);

/** The file's text with Windows line endings read as Unix ones, or null when there is no file. */
function readDoc(): string | null {
  try {
    return readFileSync(DOC_FILE, 'utf8').replace(/\r\n/g, '\n');
  } catch {
    return null;
  }
}

if (check) {
  const current = readDoc();
  if (current !== markdown) {
    const what = current === null ? 'is missing' : 'is out of date with config/';
    console.error(`${shown} ${what}; run npm run funnels`);
    process.exit(1);
  }
  console.log(`${shown} is up to date`);
} else {
  console.log(renderFunnelsTable(config));
  mkdirSync(path.dirname(DOC_FILE), { recursive: true });
  writeFileSync(DOC_FILE, markdown);
  console.log(`\nWrote ${shown}`);
}
