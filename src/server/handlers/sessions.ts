import { linkTokenKey, readLinkToken, signLinkToken, verifyLinkToken } from '../access.ts';
import { linkClaimedBy, recordLinkClaim } from '../return-link-claims.ts';
import type { Db } from '../database.ts';
import type { Site } from '../../engine/config-types.ts';
import type { OperationContext, OperationHandler } from '../operation.ts';
import { screenUrlFor, funnelStartUrl } from '../../engine/funnel-plan.ts';
import { RETURN_LINK_PARAM } from '../../contract/return-link.ts';
import { brandOrigin, returnLinkMail } from '../mail/return-link-mail.ts';
import { migrateJourneyState, type JourneyState } from '../../contract/journey-state.ts';
import { PAID_PART } from '../../engine/funnel-resume.ts';
import { nowIso, stored } from './support.ts';
import type { Access } from '../access.ts';
import { HttpProblem } from '../problem.ts';
import { bodyOf, notFound, ok, text } from './support.ts';
import { statement } from '../database.ts';
import { customerSessionIds, endSessions } from '../session-lifetime.ts';

/** How long a return link stays good unless staff say otherwise. */
export const RETURN_LINK_DAYS = 14;

/**
 * The brand a customer is the clinic's customer of: the site of their record's gender (the
 * women's brand for `female`), which decides the host their links open on. null when there is
 * no such customer.
 */
export function customerSite(db: Db, ktCustomerId: string): Site | null {
  const row = statement<[string], { gender: string }>(db, 'SELECT gender FROM customers WHERE kt_customer_id = ?').get(
    ktCustomerId,
  );
  if (row === undefined) return null;
  return row.gender === 'female' ? 'female' : 'male';
}

/**
 * POST /session/claim: a returning patient's link token opens that customer's records to this
 * browser's session, and says which brand's site they belong on. An invalid and an expired
 * token get the same answer, so a guesser learns nothing from the difference.
 *
 * A link opens records only on a host of the customer's brand: on another one (the other
 * brand's, or a host config/brands.json does not name) it is a 409 `other-brand` naming the
 * brand, and claims nothing, so the page moves there with it. And in one browser only: the
 * first session to claim it may again, any other is a 409 `link-used`, to ask for a fresh link
 * by email (POST /session/claim/renew). Issue 39 point 4.
 */
const claimReturnLink: OperationHandler = ({ db, body, access, linkSecret, site: requestSite, siteNamed }) => {
  const token = text(bodyOf(body), 'token');
  const claim = verifyLinkToken(linkSecret, token);
  const site = claim === null ? null : customerSite(db, claim.ktCustomerId);
  // A token naming another brand than the customer's record is not one the clinic made.
  if (claim === null || site === null || (claim.site !== undefined && claim.site !== site)) notFound(LINK_NOT_VALID);
  if (site !== requestSite || !siteNamed)
    throw new HttpProblem(409, 'This link opens on the site of your brand', undefined, { reason: 'other-brand', site });
  const key = linkTokenKey(token);
  const holder = linkClaimedBy(db, key);
  if (holder !== undefined && holder !== access.existingSessionId())
    throw new HttpProblem(
      409,
      'This link has opened your details in another browser already. We can email you a new one.',
      undefined,
      { reason: 'link-used' },
    );
  access.grant('customer', claim.ktCustomerId);
  recordLinkClaim(db, {
    tokenKey: key,
    sessionId: access.sessionId(),
    ktCustomerId: claim.ktCustomerId,
    expiresAt: claim.expiresAt,
    now: new Date(),
  });
  bringPaidJourneys(db, access, claim.ktCustomerId);
  return ok({ ktCustomerId: claim.ktCustomerId, expiresAt: claim.expiresAt.toISOString(), site });
};

const LINK_NOT_VALID = 'This link is not valid or has expired. Ask us for a new one.';

/**
 * POST /session/claim/renew: "Email me a new link", from the page of a link that did not open
 * (claimed by another browser, or expired). A token the clinic signed, expired or not, has a
 * fresh link mailed for the same page to the email on the customer's record (never one the
 * caller names), at most once a while per customer; the answer is the same whether a mail
 * went, so it tells the caller nothing. A token the clinic did not sign is a 404, as at claim.
 */
const renewReturnLink: OperationHandler = (context) => {
  const fields = bodyOf(context.body);
  const claim = readLinkToken(context.linkSecret, text(fields, 'token'));
  const site = claim === null ? null : customerSite(context.db, claim.ktCustomerId);
  if (claim === null || site === null || (claim.site !== undefined && claim.site !== site)) notFound(LINK_NOT_VALID);
  mailReturnLinkTo(
    context,
    claim.ktCustomerId,
    pageForNewLink(context.engine, typeof fields.page === 'string' ? fields.page : '', site),
    'asked',
  );
  return ok({ requested: true });
};

/**
 * The page a fresh link opens: the one the patient's link was for (`page`, its path and query
 * without the token) when it is a page of the customer's brand, else their brand's start.
 */
function pageForNewLink(engine: OperationContext['engine'], page: string, site: Site): string {
  const url = URL.canParse(page, 'http://x') ? new URL(page, 'http://x') : null;
  if (url === null || url.origin !== 'http://x' || !page.startsWith('/')) return brandStart(engine, site);
  url.searchParams.delete(RETURN_LINK_PARAM);
  const located = engine.locate(url.pathname);
  const route = located?.match.route;
  if (route === undefined || route.path === '*' || (route.site !== site && route.site !== 'shared'))
    return brandStart(engine, site);
  return `${url.pathname}${url.search}`;
}

/** The journey's own record of its order, as the payment screen writes it (src/shared/journey/paid-order.ts). */
const ORDER_RECORDS = { orderId: 'payment.orderId', total: 'payment.orderTotal', last4: 'payment.orderLast4' } as const;

/**
 * Brings to this session the journey of each visit in which the customer paid at the payment
 * step, so a patient who opens their return link in another browser continues where they left
 * off (issue 37 point 4) rather than in that browser's own, unpaid journey of the same code,
 * which it replaces. A journey this session has that is paid already, or is that very visit's,
 * is kept. The journey is the one saved last (by any session) whose landing id is the paid
 * order's; its order is recorded in it as the payment screen records it, in case the patient
 * left before pressing Continue, so it is never offered to pay again. The session owns what
 * the journey holds already: the lead's answers are the customer's, and this claim proved them.
 */
function bringPaidJourneys(db: Db, access: Access, ktCustomerId: string): void {
  const sessionId = access.existingSessionId();
  if (sessionId === undefined) return;
  const paid = statement<
    [string],
    { landing_id: string; path_code: string; id: string; total: string; last4: string | null }
  >(
    db,
    `SELECT o.landing_id, l.path_code, o.id, o.total, o.last4 FROM orders o JOIN leads l ON l.landing_id = o.landing_id
     WHERE o.kt_customer_id = ? AND o.kind IN ('order', 'non-linear') AND o.status IN ('approved', 'fulfilled')
       AND l.path_code IS NOT NULL
     ORDER BY o.created_at DESC`,
  ).all(ktCustomerId);
  const done = new Set<string>();
  for (const order of paid) {
    if (done.has(order.path_code)) continue;
    done.add(order.path_code);
    const own = statement<[string, string], { state_json: string }>(
      db,
      'SELECT state_json FROM journeys WHERE journey_id = ? AND path_code = ?',
    ).get(sessionId, order.path_code);
    const ownState = own === undefined ? undefined : (stored(own.state_json) as JourneyState);
    if (
      ownState !== undefined &&
      (ownState.landingId === order.landing_id ||
        ownState.completed.includes(PAID_PART) ||
        ownState.records[ORDER_RECORDS.orderId] !== undefined)
    ) {
      continue;
    }
    const source = statement<[string, string, string], { state_json: string; funnel_version: string | null }>(
      db,
      `SELECT state_json, funnel_version FROM journeys
       WHERE path_code = ? AND journey_id != ? AND json_extract(state_json, '$.landingId') = ?
       ORDER BY updated_at DESC LIMIT 1`,
    ).get(order.path_code, sessionId, order.landing_id);
    if (source === undefined) continue;
    const state = migrateJourneyState(stored(source.state_json) as JourneyState);
    const recorded: JourneyState =
      state.records[ORDER_RECORDS.orderId] !== undefined
        ? state
        : {
            ...state,
            records: {
              ...state.records,
              [ORDER_RECORDS.orderId]: order.id,
              [ORDER_RECORDS.total]: order.total,
              ...(order.last4 === null ? {} : { [ORDER_RECORDS.last4]: order.last4 }),
            },
            completed: state.completed.includes(PAID_PART) ? state.completed : [...state.completed, PAID_PART],
          };
    const now = nowIso();
    statement(
      db,
      `INSERT INTO journeys (journey_id, path_code, state_json, funnel_version, revision, created_at, updated_at)
       VALUES (?, ?, ?, ?, 1, ?, ?)
       ON CONFLICT (journey_id, path_code) DO UPDATE SET state_json = excluded.state_json,
         funnel_version = excluded.funnel_version, revision = journeys.revision + 1, updated_at = excluded.updated_at`,
    ).run(sessionId, order.path_code, JSON.stringify(recorded), source.funnel_version, now, now);
  }
}

/** POST /staff/return-link: staff make the token a patient's email or text link carries, and learn the brand it is for. */
const createReturnLink: OperationHandler = ({ db, body, access, linkSecret }) => {
  if (!access.staff) throw new HttpProblem(401, 'This call needs the staff credential', 'x-staff-token');
  const fields = bodyOf(body);
  const ktCustomerId = text(fields, 'ktCustomerId');
  const site = customerSite(db, ktCustomerId) ?? notFound('No customer with this id.');
  const days = typeof fields.days === 'number' ? fields.days : RETURN_LINK_DAYS;
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  // The brand's site tells the mailer which host the link goes on (the customer's own brand's).
  return ok({
    token: signLinkToken(linkSecret, { ktCustomerId, expiresAt, site }),
    expiresAt: expiresAt.toISOString(),
    site,
  });
};

/**
 * Mails a customer a return link to the payment step of the funnel they paid in (`pathCode`),
 * on their own brand's site, to the email on their record (never one a caller names), at most
 * once a while per customer (src/server/mail/return-link-mail.ts). The page it opens claims the
 * link, which brings that visit's journey to the browser (claimReturnLink), so the patient
 * continues where they left off. Whether a mail went is told to no one.
 */
export function mailReturnLink(
  context: Pick<OperationContext, 'db' | 'engine' | 'linkSecret' | 'mail' | 'secure'>,
  ktCustomerId: string,
  pathCode: string,
): void {
  const site = customerSite(context.db, ktCustomerId);
  if (site === null) return;
  const { engine } = context;
  const page = screenUrlFor(engine, 'payment', pathCode, site) ?? funnelStartUrl(engine, pathCode, site) ?? '/';
  mailReturnLinkTo(context, ktCustomerId, page, 'paid-elsewhere');
}

/**
 * Mails a customer a fresh return link to `page` (a path and query on their brand's site) at
 * the email on their record, at most once a while per customer. Whether it went is told to no one.
 */
function mailReturnLinkTo(
  context: Pick<OperationContext, 'db' | 'linkSecret' | 'mail' | 'secure'>,
  ktCustomerId: string,
  page: string,
  reason: 'paid-elsewhere' | 'asked',
): void {
  const { db, linkSecret, mail } = context;
  const customer = statement<[string], { email: string; first_name: string; gender: string }>(
    db,
    'SELECT email, first_name, gender FROM customers WHERE kt_customer_id = ?',
  ).get(ktCustomerId);
  if (customer === undefined || customer.email === '') return;
  if (!mail.throttle.take(ktCustomerId)) return;
  const site: Site = customer.gender === 'female' ? 'female' : 'male';
  const expiresAt = new Date(Date.now() + RETURN_LINK_DAYS * 24 * 60 * 60 * 1000);
  const token = signLinkToken(linkSecret, { ktCustomerId, expiresAt, site });
  const separator = page.includes('?') ? '&' : '?';
  const link = `${brandOrigin(site, { host: mail.host, secure: context.secure })}${page}${separator}${RETURN_LINK_PARAM}=${token}`;
  mail.send(
    returnLinkMail({
      site,
      to: customer.email,
      firstName: customer.first_name,
      link,
      expiresAt,
      fromAddress: mail.fromAddress,
      reason,
    }),
  );
}

/** The start of the brand's own funnel, where a fresh link goes when the page it was for is not the brand's. */
function brandStart(engine: OperationContext['engine'], site: Site): string {
  return engine.config.brands.brands[site].startPath;
}

/**
 * POST /session/sign-out: "Not you? Sign out". The browser's session ends on the server, so its
 * id opens nothing from then on, whoever holds it, and the answer tells the browser to forget
 * it. The records stay: the patient reaches them again with a return link. A browser with no
 * session (or an ended one) gets the same answer.
 */
const signOut: OperationHandler = ({ access }) => {
  access.signOut();
  return ok({ signedOut: true });
};

/**
 * POST /staff/customer-sessions/end: staff end every session that reaches a customer's records
 * (a lost phone, a shared computer, a patient who asks), granted the customer or a lead of
 * theirs. The customer's next visit needs a return link. Answers how many were still live.
 */
const endCustomerSessions: OperationHandler = ({ db, body, access }) => {
  if (!access.staff) throw new HttpProblem(401, 'This call needs the staff credential', 'x-staff-token');
  const ktCustomerId = text(bodyOf(body), 'ktCustomerId');
  if (customerSite(db, ktCustomerId) === null) notFound('No customer with this id.');
  const ended = endSessions(db, customerSessionIds(db, ktCustomerId), 'ended-by-staff', new Date());
  return ok({ ktCustomerId, ended });
};

/** The handlers of schemas/app.openapi.json's session tag. */
export const SESSION_HANDLERS = {
  claimReturnLink,
  createReturnLink,
  renewReturnLink,
  signOut,
  endCustomerSessions,
} satisfies Record<string, OperationHandler>;
