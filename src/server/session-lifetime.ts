import { statement, type Db, type Migration } from './database.ts';

/**
 * How long a browser session lives on the server (issue 39, point 2; OWASP ASVS V3.3): the
 * cookie's Max-Age is only the browser's promise, so the server keeps each session's start and
 * last use and takes back none that is past either limit, was signed out or was ended by staff.
 * An ended session's id reads and writes nothing more; its records stay, for the patient's
 * next session to reach with a return link.
 */
export interface SessionLifetime {
  /** Since the session was last used: a patient who leaves their answers for longer starts again. */
  idleMs: number;
  /** Since it started, however busy: renewals keep the start, so no session outlives this. */
  absoluteMs: number;
}

const HOUR = 60 * 60 * 1000;

/**
 * The defaults (SESSION_IDLE_HOURS, SESSION_MAX_DAYS). Three days idle: a patient who stops
 * before paying comes back to their answers within a weekend; after paying, the clinic's emails
 * carry a return link, so nothing is lost when the session ends. Thirty days at most, as the
 * cookie always said (ASVS Level 1's thirty days for a session that is not a login: it proves
 * possession of a browser, never who sits at it, and a shared computer has Sign out).
 */
export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: 72 * HOUR, absoluteMs: 30 * 24 * HOUR };

/**
 * A use refreshes `last_seen_at` only when the one recorded is older than this: a journey's saves
 * come seconds apart, and an idle limit counted in hours loses nothing by a minute.
 */
const TOUCH_EVERY_MS = 60 * 1000;

/** Why a session ended, as staff read it. */
export type SessionEnd = 'signed-out' | 'ended-by-staff';

/**
 * Every session id the server has issued, with when it started, when it was last used and, once
 * it has, when and why it ended. Sessions issued before have their first grant's or journey's
 * time as their start, and now as their last use, so none ends at once with the upgrade.
 * (Versions 21 and 22 are the agreement's records.)
 */
export const sessionsMigration: Migration = {
  version: 23,
  description: 'sessions: their start, last use and end',
  up: (db) => {
    db.exec(`
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY CHECK (length(id) = 43),
        started_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        ended_at TEXT,
        ended_why TEXT CHECK (ended_why IN ('signed-out', 'ended-by-staff')),
        CHECK ((ended_at IS NULL) = (ended_why IS NULL))
      ) STRICT;
      INSERT OR IGNORE INTO sessions (id, started_at, last_seen_at)
        SELECT id, MIN(at), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM (
          SELECT session_id AS id, granted_at AS at FROM session_grants
          UNION ALL SELECT journey_id, created_at FROM journeys
        ) WHERE length(id) = 43 GROUP BY id;
    `);
  },
};

/**
 * What the server makes of a signed session id at `now`: `live`; `ended` (signed out, ended by
 * staff, or past a limit); or `gone`, an id the session was renewed away from (its row went
 * with it to the new id). A gone id opens nothing either, but its browser is not told to forget
 * the cookie: the answer to another tab's call sent a moment before the renewal would make the
 * browser drop the new cookie it has just been given.
 */
export function sessionStanding(db: Db, id: string, lifetime: SessionLifetime, now: Date): 'live' | 'ended' | 'gone' {
  const row = statement<[string], { started_at: string; last_seen_at: string; ended_at: string | null }>(
    db,
    'SELECT started_at, last_seen_at, ended_at FROM sessions WHERE id = ?',
  ).get(id);
  if (row === undefined) return 'gone';
  if (row.ended_at !== null) return 'ended';
  const at = now.getTime();
  const live =
    at - Date.parse(row.last_seen_at) < lifetime.idleMs && at - Date.parse(row.started_at) < lifetime.absoluteMs;
  return live ? 'live' : 'ended';
}

/** Whether the session with this id was issued and has not ended, nor is past a limit, at `now`. */
export function sessionIsLive(db: Db, id: string, lifetime: SessionLifetime, now: Date): boolean {
  return sessionStanding(db, id, lifetime, now) === 'live';
}

/**
 * The session is being used now. Best effort: on a full disk a read still answers, and the
 * session's last use is recorded by its next request that finds room.
 */
export function touchSession(db: Db, id: string, now: Date): void {
  try {
    statement(db, 'UPDATE sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?').run(
      now.toISOString(),
      id,
      new Date(now.getTime() - TOUCH_EVERY_MS).toISOString(),
    );
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'SQLITE_FULL') throw error;
  }
}

/** A session the server has just issued. */
export function startSession(db: Db, id: string, now: Date): void {
  statement(db, 'INSERT INTO sessions (id, started_at, last_seen_at) VALUES (?, ?, ?)').run(
    id,
    now.toISOString(),
    now.toISOString(),
  );
}

/** Ends sessions that have not ended yet; answers how many it ended. */
export function endSessions(db: Db, ids: readonly string[], why: SessionEnd, now: Date): number {
  let ended = 0;
  for (const id of ids) {
    ended += statement(db, 'UPDATE sessions SET ended_at = ?, ended_why = ? WHERE id = ? AND ended_at IS NULL').run(
      now.toISOString(),
      why,
      id,
    ).changes;
  }
  return ended;
}

/**
 * The sessions that reach a customer's records: granted the customer, or a lead of theirs (the
 * first lead the customer was made from, and the lead of each of their orders).
 */
export function customerSessionIds(db: Db, ktCustomerId: string): string[] {
  return statement<[string, string, string], { session_id: string }>(
    db,
    `SELECT DISTINCT session_id FROM session_grants
     WHERE (kind = 'customer' AND record_id = ?)
        OR (kind = 'lead' AND record_id IN (
              SELECT landing_id FROM customers WHERE kt_customer_id = ? AND landing_id IS NOT NULL
              UNION SELECT landing_id FROM orders WHERE kt_customer_id = ?))
     ORDER BY session_id`,
  )
    .all(ktCustomerId, ktCustomerId, ktCustomerId)
    .map((row) => row.session_id);
}
