import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../../tests/server/real-server.ts';
import { E2E_LINK_SECRET, E2E_PORT } from './sites.ts';

/** A server of the e2e build with the rate limits on, as production runs, on a port of its own. */
export interface LimitedServer {
  /** The men's site on it: http://localhost:PORT. */
  mensSite: string;
  /** Its API as seen from this machine, for a test to use up a limit: http://127.0.0.1:PORT/api. */
  api: string;
  stop: () => Promise<void>;
}

/** A port nobody listens on now (the system's choice), for a server started just after. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/**
 * The suite's server runs with RATE_LIMITS=off (every test comes from one address); this one
 * keeps them on (docs/limits.md), serving the build the suite made (dist-E2E_PORT) with a fresh
 * database and the suite's link secret, so a test can sign links for it.
 */
export async function startLimitedServer(): Promise<LimitedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-limited-'));
  const server = startServer({
    dataDir,
    port,
    env: { STATIC_DIR: `dist-${String(E2E_PORT)}`, LINK_SECRET: E2E_LINK_SECRET, BOT_CHECK_LOCAL: 'accept' },
  });
  const root = `http://127.0.0.1:${String(port)}/`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answered = await fetch(root, { redirect: 'manual' }).then(
      (response) => response.status < 500,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stopServer(server);
      throw new Error(`The rate-limited server did not start: ${(await server.exited).stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    mensSite: `http://localhost:${String(port)}`,
    api: `http://127.0.0.1:${String(port)}/api`,
    stop: async () => {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
