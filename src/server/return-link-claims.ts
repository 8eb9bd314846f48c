import { statement, type Db, type Migration } from './database.ts';

/**
 * Which browser each return link opened records in (issue 39 point 4). A link is the clinic's
 * word that whoever holds it is the customer; held by two browsers, it would open the records
 * in both, for as long as it lasts (up to 30 days). So the first session to claim a link is
 * the only one it opens them in: that browser may claim it again (a reload, the link followed
 * twice), any other is refused and offered a fresh link by email, which goes to the address on
 * the customer's record. A claim is kept until its link expires; the session id follows the
 * session's renewals (access.ts SESSION_KEYED_TABLES).
 */
export const returnLinkClaimsMigration: Migration = {
  version: 24,
  description: 'return_link_claims: the one session each return link opened records in',
  up: (db) => {
    db.exec(`
      CREATE TABLE return_link_claims (
        token_key TEXT PRIMARY KEY CHECK (length(token_key) = 43),
        session_id TEXT NOT NULL,
        kt_customer_id TEXT NOT NULL,
        claimed_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX return_link_claims_session ON return_link_claims (session_id);
      CREATE INDEX return_link_claims_expiry ON return_link_claims (expires_at);
    `);
  },
};

/** The session a link was claimed by, or undefined when it has not been (or its claim expired). */
export function linkClaimedBy(db: Db, tokenKey: string): string | undefined {
  return statement<[string], { session_id: string }>(
    db,
    'SELECT session_id FROM return_link_claims WHERE token_key = ?',
  ).get(tokenKey)?.session_id;
}

/**
 * Records that `sessionId` claimed the link (again: its renewed id, after the claim renewed
 * it). The claims of links that have expired go, as they can open nothing any more.
 */
export function recordLinkClaim(
  db: Db,
  claim: { tokenKey: string; sessionId: string; ktCustomerId: string; expiresAt: Date; now: Date },
): void {
  const now = claim.now.toISOString();
  statement<[string]>(db, 'DELETE FROM return_link_claims WHERE expires_at <= ?').run(now);
  statement<[string, string, string, string, string]>(
    db,
    `INSERT INTO return_link_claims (token_key, session_id, kt_customer_id, claimed_at, expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (token_key) DO UPDATE SET session_id = excluded.session_id`,
  ).run(claim.tokenKey, claim.sessionId, claim.ktCustomerId, now, claim.expiresAt.toISOString());
}
