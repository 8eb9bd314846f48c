import path from 'node:path';
import Database, { type Statement } from 'better-sqlite3';

export type Db = Database.Database;

/** One schema change, applied once, in order, inside a transaction. */
export interface Migration {
  version: number;
  description: string;
  up: (db: Db) => void;
}

/**
 * Opens (creating if needed) the database file and brings its schema up to date. WAL mode
 * with synchronous=FULL: a response is sent only after its write is on disk, so a restart
 * loses nothing that was acknowledged.
 */
export function openDatabase(file: string, migrations: readonly Migration[]): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
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
  return db;
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
