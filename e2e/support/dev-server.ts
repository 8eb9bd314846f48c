import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLINIC_RULES_TEST_DAY } from '../../scripts/lib/config-validation.ts';
import { freePort } from './limited-server.ts';

/** `npm run dev` on ports of its own, with a fresh database: Vite's dev server in front of the API. */
export interface DevServer {
  mensSite: string;
  womensSite: string;
  stop: () => void;
}

/** Starts `npm run dev` (scripts/dev.ts) and waits until its staff page answers. */
export async function startDevServer(): Promise<DevServer> {
  const port = await freePort();
  const apiPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-dev-'));
  let output = '';
  // A process group of its own, so stopping it reaches npx and tsx too (scripts/dev.ts stops its children).
  // The products' dated rules are read on the tests' day, not today: the staff page's warnings
  // under test are the config's, not those of a rule taking effect within a month of the day CI
  // runs (npm run validate and the build read today's, and say so).
  const dev = spawn('npx', ['tsx', 'scripts/dev.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLINIC_RULES_DAY: process.env.CLINIC_RULES_DAY ?? CLINIC_RULES_TEST_DAY,
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  dev.stdout.on('data', keep);
  dev.stderr.on('data', keep);
  const stop = () => {
    try {
      if (dev.pid !== undefined) process.kill(-dev.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const mensSite = `http://localhost:${String(port)}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    // The API answers behind Vite's proxy: the staff page alone would not prove the API is up.
    const up = await Promise.all(
      [`${mensSite}/__funnels`, `http://127.0.0.1:${String(apiPort)}/api/`].map((url) =>
        fetch(url).then(
          (response) => response.status < 500,
          () => false,
        ),
      ),
    );
    if (up.every(Boolean)) break;
    if (Date.now() > deadline || dev.exitCode !== null) {
      stop();
      throw new Error(`npm run dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { mensSite, womensSite: `http://femme.localhost:${String(port)}`, stop };
}
