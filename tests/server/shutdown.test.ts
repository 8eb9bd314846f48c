/**
 * SIGTERM ends the server within seconds, whatever a client does: an operator's stop (systemd,
 * a container, Ctrl-C under npm start) must not wait on a connection that never finishes its
 * request, and the database must still be closed cleanly behind it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { startServer, stopServer, untilServing, type ServerProcess } from './real-server.ts';

const PORT = 5313;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function started(): { server: ServerProcess; dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-shutdown-test-'));
  const server = startServer({ dataDir, port: PORT, env: { LOG_LEVEL: 'info' } });
  cleanups.push(() => {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { server, dataDir };
}

/** Resolves once the server has written `text` on stdout (its log), or rejects after 10 s. */
function untilLogged(server: ServerProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      reject(new Error(`The server did not log ${text} within 10 s: ${seen}`));
    }, 10_000);
    const onData = (chunk: Buffer | string) => {
      seen += chunk.toString();
      if (!seen.includes(text)) return;
      clearTimeout(timer);
      server.child.stdout?.off('data', onData);
      resolve();
    };
    server.child.stdout?.on('data', onData);
  });
}

/** A client that sends the start of a request and then nothing more: not idle, never done. */
async function halfARequest(): Promise<Socket> {
  const socket = connect(PORT, '127.0.0.1');
  cleanups.push(() => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve).once('error', reject);
  });
  socket.on('error', () => {
    // The server cutting it off is what this test wants.
  });
  socket.write(
    'PUT /api/journey HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"pathCode":',
  );
  return socket;
}

test(
  'a client that never finishes its request holds up SIGTERM for seconds, not minutes',
  { timeout: 60_000 },
  async () => {
    const { server, dataDir } = started();
    await untilServing(server);
    const logged = untilLogged(server, '"msg":"incoming request"');
    const socket = await halfARequest();
    // The server must be in the request before the stop: a request it reads after SIGTERM is
    // refused with a 503 at once (Fastify's return503OnClosing), and nothing would stall.
    await logged;
    const closedByServer = new Promise<void>((resolve) =>
      socket.once('close', () => {
        resolve();
      }),
    );

    const before = Date.now();
    const exit = await stopServer(server);
    const tookMs = Date.now() - before;

    expect(exit, exit.stderr).toMatchObject({ code: 0, signal: null });
    // Without the cut it would wait for ever: Fastify turns Node's request timeout off.
    expect(tookMs).toBeLessThan(30_000);
    // The log names what stalled, so an operator can tell a cut-short stop from a clean one.
    expect(exit.stdout).toContain('shutdown stage stalled');
    expect(exit.stdout).toContain('close connections');
    await closedByServer;
    // The database was closed behind it (the last connection's close folds the WAL into the
    // file and deletes it), and it opens clean.
    const file = path.join(dataDir, 'funnel.sqlite');
    expect(existsSync(`${file}-wal`), 'a WAL file left over: the database was not closed').toBe(false);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  },
);

test('with no client in the way SIGTERM stops at once and logs no stall', { timeout: 30_000 }, async () => {
  const { server } = started();
  await untilServing(server);
  const exit = await stopServer(server);
  expect(exit, exit.stderr).toMatchObject({ code: 0, signal: null });
  expect(exit.stdout).not.toContain('stalled');
});
