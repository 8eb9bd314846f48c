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

/**
 * Each key belongs to the browser session that made it: its stored answer (an order's id,
 * total and card's last four) is given back to that session only. `session_id` is the session
 * as the request left it, and follows it when its id is renewed later; `sent_by_session_id` is
 * the id the request came with, which differs when the request itself renewed it (an order
 * that made the patient a customer). Keys stored before have no session and answer nobody again.
 */
export const idempotencySessionMigration: Migration = {
  version: 11,
  description: 'idempotency keys belong to the session that made them',
  up: (db) => {
    db.exec(`
      ALTER TABLE idempotency_keys ADD COLUMN session_id TEXT;
      ALTER TABLE idempotency_keys ADD COLUMN sent_by_session_id TEXT;
      CREATE INDEX idempotency_keys_session ON idempotency_keys (session_id);
    `);
  },
};

/** What `once` needs of the request's session (src/server/access.ts). */
export interface IdempotencySession {
  /** The session's id: the one the request came with, or one the run started. */
  existingSessionId: () => string | undefined;
}

/** A stable hash of what a request asks for, to tell a retry from a different request. */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Runs `run` once per (operation, key): a repeat by the same session with the same request
 * gets the first answer, and nothing else: no session is set or handed over by a replay (issue
 * 39, point 1: an id planted in the patient's browser before an order was once given the
 * session that order renewed). A repeat with a different request, or from any other session
 * (or none), is refused with 409 and learns nothing of the first answer. The orders that use
 * this never renew their session (`grantFollowing`, src/server/access.ts), so the patient's own
 * retry of an answer lost on the way comes with the very id the order was stored under.
 * Callers run this inside the request's transaction, so the answer and its effects are stored
 * together or not at all.
 */
export function once(
  db: Db,
  operation: string,
  key: string,
  hash: string,
  session: IdempotencySession,
  run: () => OperationResult,
): OperationResult {
  const stored = statement<
    [string, string],
    { request_hash: string; session_id: string | null; status: number; body: string }
  >(db, 'SELECT request_hash, session_id, status, body FROM idempotency_keys WHERE operation = ? AND key = ?').get(
    operation,
    key,
  );
  const caller = session.existingSessionId();
  if (stored) {
    if (stored.request_hash !== hash || caller === undefined || caller !== stored.session_id) {
      // One answer for a different body and for another caller: the key is taken, nothing more.
      throw new HttpProblem(409, 'This Idempotency-Key was already used for a different request', 'Idempotency-Key');
    }
    return { status: stored.status, body: JSON.parse(stored.body) as unknown };
  }
  const result = run();
  const status = result.status ?? 200;
  if (status < 300) {
    // sent_by_session_id (migration 11) is no longer written: a replay is answered to the
    // session the key is stored under, and to no id it had before.
    statement(
      db,
      `INSERT INTO idempotency_keys (operation, key, request_hash, session_id, status, body, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      operation,
      key,
      hash,
      session.existingSessionId() ?? null,
      status,
      JSON.stringify(result.body),
      new Date().toISOString(),
    );
  }
  return result;
}
