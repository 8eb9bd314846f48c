import { createHash } from 'node:crypto';
import { statement, type Db, type Migration } from './database.ts';
import { HttpProblem } from './problem.ts';
import type { OperationResult } from './operation.ts';

export const idempotencyMigration: Migration = {
  version: 1,
  description: 'idempotency keys',
  up: (db) => {
    db.exec(`CREATE TABLE idempotency_keys (
      operation TEXT NOT NULL,
      key TEXT NOT NULL,
      request_hash TEXT NOT NULL,
      status INTEGER NOT NULL,
      body TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (operation, key)
    )`);
  },
};

/** A stable hash of what a request asks for, to tell a retry from a different request. */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Runs `run` once per (operation, key): a repeat with the same request gets the first answer,
 * a repeat with a different request is refused with 409. Callers run this inside the
 * request's transaction, so the answer and its effects are stored together or not at all.
 */
export function once(
  db: Db,
  operation: string,
  key: string,
  hash: string,
  run: () => OperationResult,
): OperationResult {
  const stored = statement<[string, string], { request_hash: string; status: number; body: string }>(
    db,
    'SELECT request_hash, status, body FROM idempotency_keys WHERE operation = ? AND key = ?',
  ).get(operation, key);
  if (stored) {
    if (stored.request_hash !== hash) {
      throw new HttpProblem(409, 'This Idempotency-Key was already used for a different request', 'Idempotency-Key');
    }
    return { status: stored.status, body: JSON.parse(stored.body) as unknown };
  }
  const result = run();
  const status = result.status ?? 200;
  if (status < 300) {
    statement(
      db,
      'INSERT INTO idempotency_keys (operation, key, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(operation, key, hash, status, JSON.stringify(result.body), new Date().toISOString());
  }
  return result;
}
