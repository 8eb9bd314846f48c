import { signLinkToken, verifyLinkToken } from '../access.ts';
import type { OperationHandler } from '../operation.ts';
import { HttpProblem } from '../problem.ts';
import { bodyOf, notFound, ok, text } from './support.ts';
import { statement } from '../database.ts';

/** How long a return link stays good unless staff say otherwise. */
export const RETURN_LINK_DAYS = 14;

/**
 * POST /session/claim: a returning patient's link token opens that customer's records to this
 * browser's session. An invalid and an expired token get the same answer, so a guesser learns
 * nothing from the difference.
 */
const claimReturnLink: OperationHandler = ({ db, body, access, linkSecret }) => {
  const claim = verifyLinkToken(linkSecret, text(bodyOf(body), 'token'));
  const exists =
    claim !== null &&
    statement<[string], { one: number }>(db, 'SELECT 1 AS one FROM customers WHERE kt_customer_id = ?').get(
      claim.ktCustomerId,
    ) !== undefined;
  if (claim === null || !exists) notFound('This link is not valid or has expired. Ask us for a new one.');
  access.grant('customer', claim.ktCustomerId);
  return ok({ ktCustomerId: claim.ktCustomerId, expiresAt: claim.expiresAt.toISOString() });
};

/** POST /staff/return-link: staff make the token a patient's email or text link carries. */
const createReturnLink: OperationHandler = ({ db, body, access, linkSecret }) => {
  if (!access.staff) throw new HttpProblem(401, 'This call needs the staff credential', 'x-staff-token');
  const fields = bodyOf(body);
  const ktCustomerId = text(fields, 'ktCustomerId');
  const known = statement<[string], { one: number }>(db, 'SELECT 1 AS one FROM customers WHERE kt_customer_id = ?').get(
    ktCustomerId,
  );
  if (known === undefined) notFound('No customer with this id.');
  const days = typeof fields.days === 'number' ? fields.days : RETURN_LINK_DAYS;
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return ok({ token: signLinkToken(linkSecret, { ktCustomerId, expiresAt }), expiresAt: expiresAt.toISOString() });
};

/** The handlers of schemas/app.openapi.json's session tag. */
export const SESSION_HANDLERS = { claimReturnLink, createReturnLink } satisfies Record<string, OperationHandler>;
