/**
 * npm run types [-- --check]
 *
 * Writes the TypeScript types of the OpenAPI files' schemas to src/contract/generated/ with
 * openapi-typescript (see scripts/lib/generated-types.ts). With --check it writes nothing and exits 1 when a file there
 * is not what the schemas give.
 */
import path from 'node:path';
import { ROOT_DIR } from '../src/contract/schema-files.ts';
import { checkFlag, writeOrCheck } from './lib/generated-file.ts';
import { generatedTypeModules } from './lib/generated-types.ts';

const check = checkFlag('usage: npm run types [-- --check]');
const results = (await generatedTypeModules()).map(({ module, text }) =>
  writeOrCheck(path.join(ROOT_DIR, module), text, check, 'npm run types'),
);
process.exit(results.every(Boolean) ? 0 : 1);
