import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions, UnsignResult } from '@fastify/cookie';
import { statement, type Db } from './database.ts';
import type { Site } from '../engine/config-types.ts';
import {
  DEFAULT_SESSION_LIFETIME,
  endSessions,
  sessionStanding,
  startSession,
  touchSession,
  type SessionLifetime,
} from './session-lifetime.ts';

/**
 * Who may see a patient's records (docs/security.md): the browser session that created them,
 * or one that has proved it is that patient's, or staff with their own credential. Knowing an
 * id proves nothing: landing ids are built from a name and an email, customer ids are read out
 * on the phone. A session that does not own a record is answered exactly as if the record did
 * not exist.
 */

/**
 * The session cookie. It is the journey cookie (schemas/app.openapi.json), widened from the
 * journey calls to every call: the browser that keeps the patient's answers is the one that
 * owns what those answers created.
 */
export const SESSION_COOKIE = 'funnel_journey';

/**
 * Its name over https. The `__Host-` prefix makes the browser take it only from this very host,
 * over https, with no Domain and on Path=/: a sibling subdomain or another site on the same
 * domain cannot set it (cookie tossing), so it cannot plant a session in a patient's browser.
 * Over plain http (development) no browser accepts a `__Host-` cookie: the plain name serves there.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The header staff tools send their credential in; never sent by a page. */
export const STAFF_HEADER = 'x-staff-token';

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The kinds of record a session can own; orders, notes and the rest follow their lead or customer. */
export type RecordKind = 'lead' | 'customer' | 'appointment' | 'identity-check';

/** 256 random bits, URL-safe: nothing about the patient can be read from it. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * How a session id is signed in its cookie, as the signer @fastify/cookie takes (src/server/app.ts
 * gives it to the plugin): the id and its HMAC with the server's secret, so the server takes back
 * only ids it issued. Without it, someone who can plant a cookie in a patient's browser (a
 * sibling subdomain, a shared machine) could choose the id, wait for the patient's records to
 * be granted to it, and read them with the same id (session fixation). The format is the one
 * issued before the plugin came, so no patient's session ended with the change; the HMAC is of
 * `session:{id}`, never the bare id, as the same secret signs return links with other prefixes.
 */
export interface SessionSigner {
  sign: (id: string) => string;
  unsign: (value: string) => UnsignResult;
}

export function sessionSigner(secret: string): SessionSigner {
  const sign = (id: string) => `${id}.${createHmac('sha256', secret).update(`session:${id}`).digest('base64url')}`;
  return {
    sign,
    unsign: (value) => {
      const [id = ''] = value.split('.', 1);
      return SESSION_ID.test(id) && sameSecret(value, sign(id))
        ? { valid: true, renew: false, value: id }
        : { valid: false, renew: false, value: null };
    },
  };
}

/**
 * The session id a request's cookies carry, when it is one this server issued. Over https only
 * the `__Host-` cookie counts: the plain name is one any host of the domain could have set.
 */
export function sessionIdOf(
  cookies: Readonly<Record<string, string | undefined>>,
  signer: SessionSigner,
  secure: boolean,
): string | undefined {
  const value = cookies[secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE];
  if (value === undefined) return undefined;
  const unsigned = signer.unsign(value);
  return unsigned.valid ? unsigned.value : undefined;
}

/** A cookie an answer sets, as @fastify/cookie's `reply.setCookie` takes it. */
export interface CookieToSet {
  readonly name: string;
  readonly value: string;
  readonly options: CookieSerializeOptions;
}

/**
 * The session's cookie: HttpOnly so no script can read it, SameSite=Strict so no other site's
 * page can make the browser send it. Over https (behind a proxy, with TRUST_PROXY set so the
 * server knows the request was https) it is `__Host-` prefixed and Secure, which the prefix
 * requires on Path=/; over plain http it keeps the plain name. On Path=/ either way: a request
 * for a page carries it, so the server knows a visitor who brings none has no answers
 * (src/server/pages.ts puts the results page's note in for them).
 */
function sessionCookieOf(value: string, secure: boolean, maxAge: number): CookieToSet {
  return {
    name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    value,
    options: { path: '/', maxAge, httpOnly: true, sameSite: 'strict', secure },
  };
}

/** A session's cookie, its id signed by the plugin with `sessionSigner`. */
export function sessionCookie(
  id: string,
  secure: boolean,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): CookieToSet {
  // The browser forgets it no later than the server ends it (src/server/session-lifetime.ts).
  const cookie = sessionCookieOf(id, secure, Math.floor(lifetime.absoluteMs / 1000));
  return { ...cookie, options: { ...cookie.options, signed: true } };
}

/** The `name=value` pair a browser holding a session's cookie sends back (for tests and scripts). */
export function sessionCookiePair(secret: string, id: string, secure: boolean): string {
  return `${secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE}=${sessionSigner(secret).sign(id)}`;
}

/**
 * Tells the browser to forget a session the server has ended (signed out, past its idle or
 * absolute limit, ended by staff), so it stops sending an id that opens nothing.
 */
export function endedSessionCookie(secure: boolean): CookieToSet {
  return sessionCookieOf('', secure, 0);
}

/**
 * Ends the http session cookie on the path it had until issue 28 (/api). A browser that still
 * holds it would, once given the cookie on /, send both to the API, the one on the longer path
 * first; the server sends this beside every new cookie over http, so the browser keeps the new.
 */
export const RETIRED_HTTP_COOKIE: CookieToSet = {
  name: SESSION_COOKIE,
  value: '',
  options: { path: '/api', maxAge: 0, httpOnly: true, sameSite: 'strict' },
};

/**
 * Every table that keeps rows under a session id, and its column. A renewed session takes all
 * of them to its new id, and the old id is left with nothing (tests/server/sessions.test.ts
 * checks that no other table has such a column).
 */
export const SESSION_KEYED_TABLES: readonly (readonly [table: string, column: string])[] = [
  ['session_grants', 'session_id'],
  ['journeys', 'journey_id'],
  ['journey_experiments', 'journey_id'],
  ['idempotency_keys', 'session_id'],
  // The links the session claimed stay its own (return-link-claims.ts).
  ['return_link_claims', 'session_id'],
  // Its start goes along: a renewal never extends a session's absolute lifetime.
  ['sessions', 'id'],
];

/**
 * Whether a secret given equals the one expected, in time that tells nothing of either: both are
 * hashed first, so the comparison is of two equal lengths whatever was sent (a length check
 * before a constant-time compare tells a guesser the secret's length).
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given === expected;
}

/** What a handler may ask of the request's session. */
export interface Access {
  /** The request carries the staff credential: it may read and write any record by id. */
  readonly staff: boolean;
  ownsLead: (landingId: string) => boolean;
  ownsCustomer: (ktCustomerId: string) => boolean;
  /** The session booked the appointment, or owns the lead it is for (or is staff). */
  ownsAppointment: (appointmentId: string) => boolean;
  /** A lead is saved under the id and this session owns it: to anyone else it does not exist. */
  hasLead: (landingId: string) => boolean;
  /** A customer has the id and this session owns them: to anyone else they do not exist. */
  hasCustomer: (ktCustomerId: string) => boolean;
  /**
   * The ids of the records of a kind granted to this very session (created in it or claimed),
   * not those staff may reach: the records a precondition looks among (a second paid order in
   * the same journey, a booking's lead). None for a request without a session.
   */
  grantedIds: (kind: RecordKind) => string[];
  /**
   * Records that this session created or proved; starts a session when the request had none,
   * and renews the id of one it had (once per request): whoever held the id before, someone who
   * planted it in the patient's browser included, is left with nothing.
   */
  grant: (kind: RecordKind, id: string) => void;
  /**
   * A record that follows one this session owns already (the customer an order makes of the
   * session's lead, which `ownsCustomer` reaches through that lead): the session gains nothing
   * it could not read, so its id stays. An order's answer then never carries a new session, and
   * its replay has none to hand anyone (issue 39, point 1).
   */
  grantFollowing: (kind: RecordKind, id: string) => void;
  /** The patient signs out: the session ends on the server, and the browser is told to forget it. */
  signOut: () => void;
  /**
   * The cookie that ends the browser's, when the session it brought had ended already: sent
   * even with an error answer (a refused call is how an ended session is noticed).
   */
  endedCookie: () => CookieToSet | undefined;
  /**
   * The cookie of a session this request started or renewed, or the one that ends the
   * browser's when the session it brought has ended.
   */
  newCookie: () => CookieToSet | undefined;
  /** The session's id, starting one when the request had none (the journey saves under it). */
  sessionId: () => string;
  /** The session's id when the request came with one (reads never start a session). */
  existingSessionId: () => string | undefined;
}

/** The session of one request, read from its cookie and the staff header. */
export function accessFor(
  db: Db,
  request: { cookies: Readonly<Record<string, string | undefined>>; staffToken: string | undefined; secure: boolean },
  secrets: { staffToken: string; signer: SessionSigner },
  sessions: { lifetime: SessionLifetime; now: Date } = { lifetime: DEFAULT_SESSION_LIFETIME, now: new Date() },
): Access {
  const { staffToken, signer } = secrets;
  const { lifetime, now } = sessions;
  let id = sessionIdOf(request.cookies, signer, request.secure);
  let started = false;
  let renewed = false;
  // A signed id the server no longer takes (ended, idle or too old) is no session at all.
  let ended = false;
  if (id !== undefined) {
    const standing = sessionStanding(db, id, lifetime, now);
    if (standing === 'live') touchSession(db, id, now);
    else {
      id = undefined;
      ended = standing === 'ended';
    }
  }
  const staff = request.staffToken !== undefined && sameSecret(request.staffToken, staffToken);
  const granted = (kind: RecordKind, recordId: string) =>
    id !== undefined &&
    statement<[string, string, string], { one: number }>(
      db,
      'SELECT 1 AS one FROM session_grants WHERE session_id = ? AND kind = ? AND record_id = ?',
    ).get(id, kind, recordId) !== undefined;
  const ensureId = () => {
    if (id === undefined) {
      id = newSessionId();
      started = true;
      startSession(db, id, now);
    }
    return id;
  };
  /**
   * The session gains a record: it goes on under a new id, with everything the old one had
   * (session fixation: an id issued to anyone, planted in the patient's browser, would
   * otherwise be given the patient's records). A session this request started is new already.
   */
  const renewOnGain = () => {
    if (id === undefined || started || renewed) return;
    const next = newSessionId();
    for (const [table, column] of SESSION_KEYED_TABLES) {
      statement(db, `UPDATE ${table} SET ${column} = ? WHERE ${column} = ?`).run(next, id);
    }
    id = next;
    renewed = true;
  };
  const insertGrant = (kind: RecordKind, recordId: string) => {
    statement(
      db,
      'INSERT OR IGNORE INTO session_grants (session_id, kind, record_id, granted_at) VALUES (?, ?, ?, ?)',
    ).run(ensureId(), kind, recordId, new Date().toISOString());
  };
  /** The landing id a customer was created from (their first lead), if any. */
  const customerLead = (ktCustomerId: string) =>
    statement<[string], { landing_id: string | null }>(
      db,
      'SELECT landing_id FROM customers WHERE kt_customer_id = ?',
    ).get(ktCustomerId)?.landing_id ?? null;

  const ownsCustomer = (ktCustomerId: string) => {
    if (staff || granted('customer', ktCustomerId)) return true;
    const lead = customerLead(ktCustomerId);
    return lead !== null && granted('lead', lead);
  };
  const ownsLead = (landingId: string) => {
    if (staff || granted('lead', landingId)) return true;
    // A patient who proved they are a customer owns that customer's leads too (restart, continuing care).
    const customers = statement<[string], { kt_customer_id: string }>(
      db,
      'SELECT kt_customer_id FROM customers WHERE landing_id = ?',
    ).all(landingId);
    return customers.some((customer) => granted('customer', customer.kt_customer_id));
  };
  return {
    staff,
    ownsLead,
    ownsCustomer,
    ownsAppointment: (appointmentId) => {
      if (staff || granted('appointment', appointmentId)) return true;
      // The patient whose lead the appointment is for owns it too, from any browser they proved.
      const lead = statement<[string], { landing_id: string | null }>(
        db,
        'SELECT landing_id FROM appointments WHERE id = ?',
      ).get(appointmentId)?.landing_id;
      return lead !== undefined && lead !== null && ownsLead(lead);
    },
    hasLead: (landingId) =>
      ownsLead(landingId) &&
      statement<[string], { one: number }>(db, 'SELECT 1 AS one FROM leads WHERE landing_id = ?').get(landingId) !==
        undefined,
    hasCustomer: (ktCustomerId) =>
      ownsCustomer(ktCustomerId) &&
      statement<[string], { one: number }>(db, 'SELECT 1 AS one FROM customers WHERE kt_customer_id = ?').get(
        ktCustomerId,
      ) !== undefined,
    grantedIds: (kind) =>
      id === undefined
        ? []
        : statement<[string, string], { record_id: string }>(
            db,
            'SELECT record_id FROM session_grants WHERE session_id = ? AND kind = ? ORDER BY granted_at, record_id',
          )
            .all(id, kind)
            .map((row) => row.record_id),
    grant: (kind, recordId) => {
      renewOnGain();
      insertGrant(kind, recordId);
    },
    grantFollowing: insertGrant,
    signOut: () => {
      if (id !== undefined) {
        endSessions(db, [id], 'signed-out', now);
        ended = true;
      }
      id = undefined;
      started = false;
      renewed = false;
    },
    endedCookie: () => (ended && !started ? endedSessionCookie(request.secure) : undefined),
    newCookie: () => {
      if ((started || renewed) && id !== undefined) return sessionCookie(id, request.secure, lifetime);
      return ended ? endedSessionCookie(request.secure) : undefined;
    },
    sessionId: ensureId,
    existingSessionId: () => id,
  };
}

/**
 * Signed, expiring links for a patient who comes back on another device (continuing care,
 * restart, post-clinic, contact verification): the clinic's email or text carries
 * `?access=<token>`, the page trades it for its session's access to that customer
 * (POST /api/session/claim) and takes it out of the address. The token names the customer,
 * their brand (`site`), when it expires and a random nonce, signed with the server's link
 * secret; nothing else about the patient. The nonce makes each link its own, so the one browser
 * that claims it first is the only one it opens records in (issue 39 point 4:
 * src/server/return-link-claims.ts). Tokens made before carry neither site nor nonce, and are
 * read as they were.
 */
export interface LinkClaim {
  ktCustomerId: string;
  expiresAt: Date;
  /** The brand whose host the link opens on; absent in a token made before issue 39. */
  site?: Site;
}

export function signLinkToken(
  secret: string,
  claim: LinkClaim,
  nonce: string = randomBytes(12).toString('base64url'),
): string {
  const payload = Buffer.from(
    JSON.stringify({
      c: claim.ktCustomerId,
      e: Math.floor(claim.expiresAt.getTime() / 1000),
      ...(claim.site === undefined ? {} : { s: claim.site }),
      n: nonce,
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/**
 * The claim of a well-signed token, whether or not it has expired, else null: what the page
 * may ask a fresh link for ("Email me a new link" goes to the email on file, never to the asker).
 */
export function readLinkToken(secret: string, token: string): LinkClaim | null {
  const [payload, signature, extra] = token.split('.');
  if (payload === undefined || signature === undefined || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(payload).digest('base64url');
  if (!sameSecret(signature, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { c, e, s } = (parsed ?? {}) as { c?: unknown; e?: unknown; s?: unknown };
  if (typeof c !== 'string' || typeof e !== 'number') return null;
  if (s !== undefined && s !== 'male' && s !== 'female') return null;
  return { ktCustomerId: c, expiresAt: new Date(e * 1000), ...(s === undefined ? {} : { site: s }) };
}

/** The claim of a well-signed token that has not expired, else null (never which of the two failed). */
export function verifyLinkToken(secret: string, token: string, now: Date = new Date()): LinkClaim | null {
  const claim = readLinkToken(secret, token);
  return claim !== null && claim.expiresAt > now ? claim : null;
}

/**
 * What a claimed link is remembered by: a hash of the whole token (unique by its nonce), so
 * the table of claims holds nothing that would rebuild a token.
 */
export function linkTokenKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
