/**
 * Issue 13, point 4: a data directory or database the server cannot trust stops it before it
 * serves anything, with one line on stderr naming the path and what to do, and exit code 1.
 * Each test starts the real server process, as an operator would.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import {
  startServer,
  stopServer,
  untilServing,
  type Exit,
  type ServerOptions,
  type ServerProcess,
} from './real-server.ts';

const PORT = 5311;
/** Where the reproduction writes its garbage, and how much. */
const GARBAGE_AT = 1024 * 1024;
const GARBAGE_BYTES = 64 * 1024;

// Root may write anywhere whatever the modes say, so a directory's permissions only bind the
// server when it runs as someone else: then it runs as nobody (who can read the project).
const NOBODY = 65534;
const asUser = process.getuid?.() === 0 ? NOBODY : undefined;

const dirs: string[] = [];
const started: ServerProcess[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-disk-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  // A test that failed half way must not leave its server holding the port.
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts the server; afterEach kills it if it is still running (one that wrongly serves). */
function start(options: ServerOptions): ServerProcess {
  const server = startServer(options);
  started.push(server);
  return server;
}

/** The server's refusal: exit code 1 and exactly one line on stderr, returned. */
function refusal(exit: Exit): string {
  expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 1, signal: null });
  const lines = exit.stderr.split('\n').filter((line) => line !== '');
  expect(lines, exit.stderr).toHaveLength(1);
  return lines[0] ?? '';
}

/**
 * The same garbage every run (a hash chain from a fixed seed): random bytes made the damage,
 * and so what SQLite's check makes of it, differ from run to run.
 */
function garbage(size: number): Buffer {
  const blocks: Buffer[] = [];
  let block = createHash('sha256').update('funnel disk test').digest();
  while (blocks.length * block.length < size) {
    blocks.push(block);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat(blocks).subarray(0, size);
}

/** How the server ended, or a failure that says what it wrote if it is still running after `withinMs`. */
async function endOf(server: ServerProcess, withinMs = 20_000): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      void server.exited.then((exit) => {
        reject(
          new Error(
            `The server was still running after ${String(withinMs / 1000)} s. stdout: ${exit.stdout} stderr: ${exit.stderr}`,
          ),
        );
      });
    }, withinMs);
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Grows the database past where the garbage goes: one journey saved through the API (36 KB, a
 * first save of 400 answers), then copies of its row. The copies are written on this test's own
 * connection with syncing off: the server's own last checkpoint of megabytes took over a minute
 * on a CI machine whose other tests fsync at the same time, and syncing is not what is tested.
 */
async function fillPast(server: ServerProcess, file: string, bytes: number): Promise<void> {
  const answers = Object.fromEntries(
    Array.from({ length: 400 }, (_, index) => [`q${index}`, [`answer ${index} ${'x'.repeat(80)}`]]),
  );
  const body = JSON.stringify({
    pathCode: 'shrt',
    state: { landedAt: '2026-11-20T09:00:00.000Z', answers, pages: {}, completed: [], records: {} },
  });
  const response = await fetch(`${server.api}/journey`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect(response.status).toBe(200);
  const stopped = await Promise.race([stopServer(server), endOf(server, 60_000)]);
  expect(stopped, stopped.stderr).toMatchObject({ code: 0 });

  const db = new Database(file);
  try {
    db.pragma('synchronous = OFF');
    const copy = db.prepare(
      `INSERT INTO journeys (journey_id, path_code, state_json, created_at, updated_at, revision, funnel_version)
       SELECT journey_id || '-' || ?, path_code, state_json, created_at, updated_at, revision, funnel_version
       FROM journeys LIMIT 1`,
    );
    const copies = Math.ceil(bytes / body.length) + 1;
    db.transaction(() => {
      for (let index = 0; index < copies; index += 1) copy.run(String(index));
    })();
  } finally {
    db.close();
  }
}

test(
  'a database with 64 KB of garbage at 1 MB is refused: one line naming the file, exit code 1',
  { timeout: 120_000 },
  async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'funnel.sqlite');
    const first = start({ dataDir, port: PORT });
    await untilServing(first);
    await fillPast(first, file, GARBAGE_AT + 2 * GARBAGE_BYTES);
    // The damage lands inside the file, among pages SQLite will read, not past its end.
    expect(statSync(file).size).toBeGreaterThan(GARBAGE_AT + GARBAGE_BYTES);

    const fd = openSync(file, 'r+');
    writeSync(fd, garbage(GARBAGE_BYTES), 0, GARBAGE_BYTES, GARBAGE_AT);
    closeSync(fd);

    const line = refusal(await endOf(start({ dataDir, port: PORT })));
    expect(line).toMatch(/^Cannot start: the database \S+ is corrupt \(quick_check: .+\): .*restore funnel\.sqlite/);
    expect(line).toContain(file);
  },
);

test('a file that is not a database is refused the same way', { timeout: 30_000 }, async () => {
  const dataDir = tempDir();
  const file = path.join(dataDir, 'funnel.sqlite');
  const fd = openSync(file, 'w');
  writeSync(fd, randomBytes(8192));
  closeSync(fd);

  const line = refusal(await start({ dataDir, port: PORT }).exited);
  expect(line).toMatch(/^Cannot start: the database \S+ is corrupt \(SQLITE_NOTADB\): .*restore funnel\.sqlite/);
  expect(line).toContain(file);
});

test(
  'an unwritable DATA_DIR is refused with one line naming it and what to do, exit code 1',
  { timeout: 30_000 },
  async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o555);

    // The first write is the generated client token, in readServerConfig.
    const line = refusal(await start({ dataDir, port: PORT, uid: asUser }).exited);
    expect(line).toBe(
      `Cannot start: DATA_DIR ${dataDir} is not writable by this user (EACCES, at ${path.join(dataDir, 'client-token')}): make it a directory this user can write, or set DATA_DIR to one`,
    );
  },
);

test(
  'an unwritable DATA_DIR with every secret set is refused when the database cannot be created',
  { timeout: 30_000 },
  async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o555);

    // With every secret given, no secret file is written and the database is the first write.
    const env = {
      CLIENT_TOKEN: 'disk-test-client-token-0123',
      STAFF_TOKEN: 'disk-test-staff-token-0123456789',
      LINK_SECRET: 'disk-test-link-secret-0123456789',
    };
    const line = refusal(await start({ dataDir, port: PORT, uid: asUser, env }).exited);
    const file = path.join(dataDir, 'funnel.sqlite');
    expect(line).toBe(
      `Cannot start: cannot open or create the database ${file} (SQLITE_CANTOPEN): make ${dataDir} and the files in it writable by this user, or set DATA_DIR to a directory it can write`,
    );
  },
);

test('a DATA_DIR that is a file is refused with one line', { timeout: 30_000 }, async () => {
  const parent = tempDir();
  const dataDir = path.join(parent, 'not-a-directory');
  closeSync(openSync(dataDir, 'w'));

  const line = refusal(await start({ dataDir, port: PORT }).exited);
  expect(line).toMatch(new RegExp(`^Cannot start: DATA_DIR ${dataDir} is not a directory \\(E[A-Z]+\\): `));
});

// --- issue 24, points 3 and 4: an empty database beside an install's secrets; who may read the files ---

/** An install that has served and stopped: its secrets and its database (with the demo data) in DATA_DIR. */
async function stoppedInstall(): Promise<{ dataDir: string; file: string }> {
  const dataDir = tempDir();
  const first = start({ dataDir, port: PORT });
  await untilServing(first);
  expect((await stopServer(first)).code).toBe(0);
  return { dataDir, file: path.join(dataDir, 'funnel.sqlite') };
}

test(
  'an emptied, deleted or schema-less database beside an install’s secrets is refused with one line naming it and --init',
  { timeout: 90_000 },
  async () => {
    const { dataDir, file } = await stoppedInstall();
    const refusedWith = async () => {
      const line = refusal(await endOf(start({ dataDir, port: PORT })));
      expect(line).toContain(file);
      expect(line).toContain('--init');
      expect(line).toMatch(/restore funnel\.sqlite from a backup/);
      return line;
    };

    truncateSync(file, 0);
    expect(await refusedWith()).toMatch(/^Cannot start: the database \S+ is empty/);
    // Refused without a word written: the 0-byte file is still 0 bytes, no demo data went in.
    expect(statSync(file).size).toBe(0);

    rmSync(file);
    expect(await refusedWith()).toMatch(/^Cannot start: the database \S+ is missing/);
    expect(existsSync(file)).toBe(false);

    // A database, but not this server's: no schema of its own.
    const other = new Database(file);
    other.exec('CREATE TABLE notes (text TEXT)');
    other.close();
    expect(await refusedWith()).toMatch(/^Cannot start: the database \S+ has no schema/);
  },
);

test(
  '--init starts afresh on an emptied database, once: with a schema in place it refuses',
  { timeout: 90_000 },
  async () => {
    const { dataDir, file } = await stoppedInstall();
    truncateSync(file, 0);
    const fresh = start({ dataDir, port: PORT, args: ['--init'] });
    await untilServing(fresh);
    expect((await stopServer(fresh)).code).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(0);

    // Left in a start script, --init would hide the next empty database: it refuses an install's.
    const again = refusal(await endOf(start({ dataDir, port: PORT, args: ['--init'] })));
    expect(again).toMatch(/^Cannot start: --init asks for a new database, but \S+ already holds one/);
    expect(again).toContain(file);
  },
);

test('an empty DATA_DIR still starts afresh without --init', { timeout: 30_000 }, async () => {
  const dataDir = path.join(tempDir(), 'new-install');
  const server = start({ dataDir, port: PORT });
  await untilServing(server);
  expect((await stopServer(server)).code).toBe(0);
});

test(
  'DATA_DIR and the database files are created readable by their owner only (0700, 0600)',
  { timeout: 30_000 },
  async () => {
    const dataDir = path.join(tempDir(), 'data');
    const server = start({ dataDir, port: PORT });
    await untilServing(server);
    try {
      const modeOf = (name: string) => (statSync(path.join(dataDir, name)).mode & 0o777).toString(8);
      expect(modeOf('.')).toBe('700');
      for (const name of ['funnel.sqlite', 'funnel.sqlite-wal', 'funnel.sqlite-shm', 'link-secret', 'staff-token']) {
        expect(modeOf(name), name).toBe('600');
      }
    } finally {
      const exit = await stopServer(server);
      expect(exit.stderr).not.toMatch(/readable/);
    }
  },
);

test(
  'files others can read are named in a warning at start; the server still serves',
  { timeout: 60_000 },
  async () => {
    const { dataDir, file } = await stoppedInstall();
    chmodSync(dataDir, 0o755);
    chmodSync(file, 0o644);
    const server = start({ dataDir, port: PORT });
    await untilServing(server);
    const exit = await stopServer(server);
    const warning = exit.stderr.split('\n').find((line) => line.includes('readable by others'));
    expect(warning, exit.stderr).toBeDefined();
    expect(warning).toContain(`${dataDir} (0755)`);
    expect(warning).toContain(`${file} (0644)`);
    expect(warning).toContain(`chmod 700 ${dataDir}`);
  },
);
