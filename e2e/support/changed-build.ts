import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FunnelsFile } from '../../src/engine/config-types.ts';
import { E2E_DATA_DIR } from './sites.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What `vite build` reads: the app, its config and schemas, the build's plugins, the page and its assets. */
const BUILD_INPUTS = [
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'src',
  'config',
  'schemas',
  'scripts',
  'public',
] as const;

/** A build of the app made from a changed config, as a deploy of a funnel change makes one. */
export interface ChangedBuild {
  /** The built app, for the server's STATIC_DIR. */
  dir: string;
  /** The copy of the project it was built from: a server run there reads the same config. */
  root: string;
  remove: () => void;
}

/** A build from a copy whose config/funnels.json is `funnels`. */
export function buildWithFunnels(funnels: FunnelsFile, name: string): Promise<ChangedBuild> {
  return buildWithConfig({ 'funnels.json': funnels }, name);
}

/**
 * Builds the app as `npm run build` does, from a copy of this project whose config files named
 * in `files` (`funnels.json`, `experiments.json`...) are replaced: the config is bundled into
 * the app (src/contract/funnel-config.ts), so a config change reaches patients as a new build,
 * and the server reads the same files from its source (run it in `root`). The copy shares
 * node_modules by a link; the build's own config validation runs, so a change staff could not
 * ship fails here too. Copies live beside the suite's data, by `name` (a run killed half way
 * leaves them to the next run, which starts each afresh), so suites on other ports keep theirs.
 */
export async function buildWithConfig(files: Readonly<Record<string, unknown>>, name: string): Promise<ChangedBuild> {
  const copy = path.join(ROOT_DIR, `${E2E_DATA_DIR}-builds`, name);
  const remove = () => {
    rmSync(copy, { recursive: true, force: true });
  };
  try {
    remove();
    mkdirSync(copy, { recursive: true });
    for (const input of BUILD_INPUTS) cpSync(path.join(ROOT_DIR, input), path.join(copy, input), { recursive: true });
    symlinkSync(path.join(ROOT_DIR, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const [file, json] of Object.entries(files))
      writeFileSync(path.join(copy, 'config', file), `${JSON.stringify(json, null, 2)}\n`);
    const dir = path.join(copy, 'dist');
    await run(['vite', 'build', '--outDir', dir, '--logLevel', 'warn'], copy);
    return { dir, root: copy, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

function run(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`npx ${args.join(' ')} failed (${String(code)}):\n${output}`));
    });
  });
}
