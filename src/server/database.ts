import { chmodSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database, { type Statement } from 'better-sqlite3';

export type Db = Database.Database;

/** One schema change, applied once, in order, inside a transaction. */
export interface Migration {
  version: number;
  description: string;
  up: (db: Db) => void;
}

/**
 * A database the server must not serve: it cannot be opened or written, or it is corrupt. The
 * message is one line naming the file and what the operator should do; main.ts prints it and
 * exits, where a stack trace would hide the path among frames.
 */
export class DatabaseUnusableError extends Error {
  override name = 'DatabaseUnusableError';
}

/** The first line of a text, at most 200 characters: quick_check's report can run to pages. */
function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * What an SQLite or file-system error met on opening, migrating or seeding `file` means for the
 * operator, or undefined when it is not about the disk (a bug, to be thrown as it is).
 */
export function databaseProblem(file: string, error: unknown): DatabaseUnusableError | undefined {
  if (error instanceof DatabaseUnusableError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  const dir = path.dirname(file);
  const writable = `make ${dir} and the files in it writable by this user, or set DATA_DIR to a directory it can write`;
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'EACCES' || code === 'EPERM') {
    return new DatabaseUnusableError(`cannot open or create the database ${file} (${code}): ${writable}`);
  }
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || code === 'EROFS') {
    return new DatabaseUnusableError(`the database ${file} is read-only (${code}): ${writable}`);
  }
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return new DatabaseUnusableError(
      `the database ${file} is corrupt (${code}): stop, copy ${dir} aside, then restore funnel.sqlite from a backup (docs/durability.md)`,
    );
  }
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') {
    return new DatabaseUnusableError(`the disk holding ${file} is full (${code}): free space on it, then start again`);
  }
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') {
    return new DatabaseUnusableError(
      `the disk failed while reading or writing ${file} (${code}): check the disk, then restore funnel.sqlite from a backup if it fails again (docs/durability.md)`,
    );
  }
  return undefined;
}

/**
 * What the data directory says of the database (main.ts): `existing` when it holds an install's
 * secrets, so the database must be there with its schema; `init` when the operator asked for a
 * new one (`--init`).
 */
export type InstallState = 'existing' | 'init';

/** What an operator who finds the database gone or empty can do, in one clause. */
function restoreOrInit(file: string): string {
  return `restore ${path.basename(file)} from a backup (docs/durability.md#restoring), or start once with --init to begin a new database beside these secrets`;
}

/**
 * Refuses a database that does not fit what the data directory says: a missing, empty or
 * schema-less file beside an install's secrets (the records were lost, or DATA_DIR is not the
 * directory meant: starting a new database there would hide it), or, with --init, a file that
 * already holds a database (left in a start script, --init would hide the next loss).
 */
function checkInstall(db: Db, file: string, install: InstallState): void {
  const hasSchema =
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  const migrated = hasSchema
    ? db.prepare<[], { version: number | null }>('SELECT max(version) AS version FROM schema_migrations').get()
    : undefined;
  if (install === 'init' && migrated !== undefined) {
    throw new DatabaseUnusableError(
      `--init asks for a new database, but ${file} already holds one (schema version ${String(migrated.version ?? 0)}): start without --init, or move it aside first`,
    );
  }
  if (install === 'existing' && migrated === undefined) {
    const what = statSync(file).size === 0 ? 'is empty (0 bytes)' : 'has no schema of this server';
    throw new DatabaseUnusableError(
      `the database ${file} ${what}, but ${path.dirname(file)} holds the secrets of an existing install: ${restoreOrInit(file)}`,
    );
  }
}

/**
 * Refuses a database that SQLite finds damaged or cannot write, before any request is served:
 * a corrupt file would otherwise take writes (into pages nobody can read back) until a read
 * happened to hit the damage.
 */
function checkUsable(db: Db, file: string): void {
  // quick_check reads every page and checks the b-trees, in time linear in the file's size
  // (milliseconds for this server's databases); (1) stops at the first problem.
  const report = String(db.pragma('quick_check(1)', { simple: true }));
  if (report !== 'ok') {
    throw new DatabaseUnusableError(
      `the database ${file} is corrupt (quick_check: ${firstLine(report)}): stop, copy ${path.dirname(file)} aside, then restore funnel.sqlite from a backup (docs/durability.md)`,
    );
  }
  // SQLite opens a file it may not write read-only without a word; taking the write lock is
  // what finds out, here rather than on the first patient's save.
  db.exec('BEGIN IMMEDIATE');
  db.exec('ROLLBACK');
}

/**
 * Opens (creating if needed, owner-only) the database file, refuses it when it is corrupt or
 * cannot be written, or does not fit `install` (DatabaseUnusableError), and brings its schema
 * up to date.
 *
 * WAL with synchronous=NORMAL: a commit is written to the WAL before its answer is sent, so a
 * crash or kill of the process loses nothing acknowledged; the WAL is synced to the disk at
 * each checkpoint, not at each commit, so a power loss or OS crash may lose the commits since
 * the last checkpoint (see startCheckpointer), and never corrupts the file. With FULL, every
 * commit waited for the disk on the one thread that answers every request (docs/durability.md).
 */
export function openDatabase(file: string, migrations: readonly Migration[], install?: InstallState): Db {
  let db: Db | undefined;
  try {
    const created = !existsSync(file);
    if (created && install === 'existing') {
      throw new DatabaseUnusableError(
        `the database ${file} is missing, but ${path.dirname(file)} holds the secrets of an existing install: ${restoreOrInit(file)}`,
      );
    }
    db = new Database(file);
    // Readable by its owner only, before SQLite makes its WAL and shared memory, which take the
    // database file's permissions.
    if (created) chmodSync(file, 0o600);
    db.pragma('busy_timeout = 5000');
    checkUsable(db, file);
    // Before the first write (journal_mode below writes the header): a refused file is left as it was.
    if (install !== undefined) checkInstall(db, file, install);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations);
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // The error being reported says more than a failed close would.
    }
    throw databaseProblem(file, error) ?? error;
  }
}

function migrate(db: Db, migrations: readonly Migration[]): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => row.version),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, ?)');
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      migration.up(db);
      record.run(migration.version, migration.description, new Date().toISOString());
    })();
  }
}

/** How often the checkpointer syncs the WAL and copies it into the database file. */
export const CHECKPOINT_INTERVAL_MS = 200;
/** The WAL size (in pages) past which the serving connection checkpoints itself, if the checkpointer falls behind. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;
/** SQLite's own default, restored when the checkpointer stops. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

// Plain CommonJS run by the worker (no tsx there): it loads the same better-sqlite3 by path.
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error.code || error.message) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** A running checkpointer; stop it before closing the database. */
export interface Checkpointer {
  /** Runs a last checkpoint, closes the worker's connection and waits for it to end. */
  stop: () => Promise<void>;
}

/**
 * Checkpoints `db`'s WAL from a worker thread every CHECKPOINT_INTERVAL_MS. A checkpoint syncs
 * the WAL to the disk, then copies it into the database file and syncs that: on this server's
 * one JavaScript thread, each such wait for the disk (milliseconds, a quarter second on a
 * busy disk) held up every request behind it; in the worker it holds up none (a PASSIVE
 * checkpoint never blocks the writer). It also bounds what a power loss can take: the commits
 * of about the last interval, never one older than the last checkpoint.
 */
export function startCheckpointer(db: Db, onFailure: (code: string) => void): Checkpointer {
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const worker = new Worker(CHECKPOINTER_SOURCE, {
    eval: true,
    // Not the parent's --import tsx: the worker's code is plain JavaScript.
    execArgv: [],
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: db.name,
      intervalMs: CHECKPOINT_INTERVAL_MS,
    },
  });
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed !== undefined) onFailure(message.failed);
  });
  worker.on('error', (error) => {
    onFailure(error.message);
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      resolve();
    }),
  );
  return {
    stop: async () => {
      worker.postMessage('stop');
      await exited;
      db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    },
  };
}

/** The database file in a data directory. */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'funnel.sqlite');
}

const STATEMENTS = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement, prepared once per database. */
export function statement<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> {
  let byText = STATEMENTS.get(db);
  if (!byText) {
    byText = new Map();
    STATEMENTS.set(db, byText);
  }
  let prepared = byText.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    byText.set(sql, prepared);
  }
  return prepared as unknown as Statement<P, R>;
}
