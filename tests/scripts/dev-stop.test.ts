import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../src/contract/schema-files.ts';

// `npm run dev` starts the API (npx → tsx watch → the server) and Vite (npx → vite). Stopping it
// with SIGTERM (or Ctrl-C) must stop every one of them: killing the npx processes alone used to
// leave the server and Vite running, holding their ports (issue 27, point 3).

/** Whether something listens on a port of this machine. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return check();
}

test('SIGTERM to npm run dev stops the API and Vite it started', async () => {
  const appPort = 4971;
  const apiPort = 4972;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-stop-'));
  const dev = spawn(process.execPath, [path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'scripts/dev.ts'], {
    cwd: ROOT_DIR,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(appPort), API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  });
  try {
    const both = async () => (await listening(appPort)) && (await listening(apiPort));
    expect(await until(both, 90_000)).toBe(true);

    dev.kill('SIGTERM');
    const neither = async () => !(await listening(appPort)) && !(await listening(apiPort));
    expect(await until(neither, 15_000)).toBe(true);
  } finally {
    dev.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 150_000);
