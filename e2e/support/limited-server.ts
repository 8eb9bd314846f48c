import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../../tests/server/real-server.ts';
import { E2E_LINK_SECRET, E2E_PORT } from './sites.ts';

/**
 * A server of the e2e build with the rate limits on, as production runs, on a port of its own;
 * a test uses up a limit through its `api`. `stop` also removes its database.
 */
export type LimitedServer = Pick<BuildServer, 'mensSite' | 'api' | 'stop'>;

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

/** A build of the app served by the real server (src/server/main.ts) on a port and data directory of its own. */
export interface BuildServer {
  /** The men's site on it: http://localhost:PORT. */
  mensSite: string;
  /** The women's site on it: http://femme.localhost:PORT. */
  womensSite: string;
  /** Its API as seen from this machine: http://127.0.0.1:PORT/api. */
  api: string;
  /** Stops it as an operator would (SIGTERM), leaving its data directory as it is. */
  stop: () => Promise<void>;
}

/**
 * Starts the real server on `staticDir` (a build) and `dataDir`, with the suite's link secret
 * and the local bot check, and waits until it answers. A second server on the same data
 * directory and port, after the first has stopped, is a restart: the patients' cookies and
 * journeys carry over, as they do across a deploy.
 */
export async function serveBuild(options: {
  port: number;
  dataDir: string;
  staticDir: string;
  env?: Record<string, string>;
  /** The project to run the server from: a build's copy, whose config the server then reads. */
  cwd?: string;
}): Promise<BuildServer> {
  const { port, dataDir, staticDir } = options;
  const server = startServer({
    dataDir,
    port,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env: { STATIC_DIR: staticDir, LINK_SECRET: E2E_LINK_SECRET, BOT_CHECK_LOCAL: 'accept', ...options.env },
  });
  const root = `http://127.0.0.1:${String(port)}/`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answered = await fetch(root, { redirect: 'manual' }).then(
      (response) => response.status < 500,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline || server.child.exitCode !== null) {
      await stopServer(server);
      throw new Error(`The server of ${staticDir} did not start: ${(await server.exited).stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    mensSite: `http://localhost:${String(port)}`,
    womensSite: `http://femme.localhost:${String(port)}`,
    api: `http://127.0.0.1:${String(port)}/api`,
    stop: async () => {
      const exit = await stopServer(server);
      if (exit.code !== 0)
        throw new Error(`The server of ${staticDir} stopped with ${String(exit.code ?? exit.signal)}: ${exit.stderr}`);
    },
  };
}

/**
 * The suite's server runs with RATE_LIMITS=off (every test comes from one address); this one
 * keeps them on (docs/limits.md), serving the build the suite made (dist-E2E_PORT) with a fresh
 * database and the suite's link secret, so a test can sign links for it.
 */
export async function startLimitedServer(): Promise<LimitedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-limited-'));
  const server = await serveBuild({ port: await freePort(), dataDir, staticDir: `dist-${String(E2E_PORT)}` });
  return {
    mensSite: server.mensSite,
    api: server.api,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
