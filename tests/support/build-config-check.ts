/**
 * `tsx tests/support/build-config-check.ts <config dir>`: runs `vite build` with only the
 * funnel config plugin, against a config directory, on an empty page. It prints what the real
 * build prints about config and exits as it does: tests/config/config-validation.test.ts runs
 * it in a child process, since the plugin ends a failing build with process.exit.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { funnelConfigValidation } from '../../scripts/lib/vite-config-plugin.ts';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: build-config-check.ts <config dir>');
const root = mkdtempSync(path.join(tmpdir(), 'funnel-build-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
await build({
  root,
  configFile: false,
  logLevel: 'silent',
  plugins: [funnelConfigValidation({ dir: path.resolve(dir) })],
  build: { write: false },
});
console.log('built');
