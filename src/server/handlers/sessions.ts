import { signLinkToken, verifyLinkToken } from '../access.ts';
import type { Db } from '../database.ts';
import type { Site } from '../../engine/config-types.ts';
import type { OperationHandler } from '../operation.ts';
import { HttpProblem } from '../problem.ts';
import { bodyOf, notFound, ok, text } from './support.ts';
import { statement } from '../database.ts';

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
 */
const claimReturnLink: OperationHandler = ({ db, body, access, linkSecret }) => {
  const claim = verifyLinkToken(linkSecret, text(bodyOf(body), 'token'));
  const site = claim === null ? null : customerSite(db, claim.ktCustomerId);
  if (claim === null || site === null) notFound('This link is not valid or has expired. Ask us for a new one.');
  access.grant('customer', claim.ktCustomerId);
  return ok({ ktCustomerId: claim.ktCustomerId, expiresAt: claim.expiresAt.toISOString(), site });
};

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
    token: signLinkToken(linkSecret, { ktCustomerId, expiresAt }),
    expiresAt: expiresAt.toISOString(),
    site,
  });
};

/** The handlers of schemas/app.openapi.json's session tag. */
export const SESSION_HANDLERS = { claimReturnLink, createReturnLink } satisfies Record<string, OperationHandler>;
