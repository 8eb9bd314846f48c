/**
 * npm run funnels [-- --check]
 *
 * Prints every campaign code with its steps and variants, and writes docs/funnels.md (tables
 * and a diagram per funnel) from config/. With --check it writes nothing and exits 1 when
 * docs/funnels.md is not what the config generates.
 */
import path from 'node:path';
import { ROOT_DIR } from '../src/contract/schema-files.ts';
import { renderFunnelsMarkdown, renderFunnelsTable } from './lib/funnel-docs.ts';
import { checkFlag, writeOrCheck } from './lib/generated-file.ts';
import { loadEngineOrExit } from './lib/load-config.ts';

const check = checkFlag('usage: npm run funnels [-- --check]');

const DOC_FILE = path.join(ROOT_DIR, 'docs', 'funnels.md');
const { config } = loadEngineOrExit();
if (!check) console.log(`${renderFunnelsTable(config)}\n`);
process.exit(writeOrCheck(DOC_FILE, renderFunnelsMarkdown(config), check, 'npm run funnels') ? 0 : 1);
