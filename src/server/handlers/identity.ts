import type { IdentityCustomer } from '../../contract/api-types.ts';
import { ageOn } from '../../domain/age-band.ts';
import { isoDayOf } from '../../domain/calendar.ts';
import { identityFieldsForState } from '../../domain/identity-fields.ts';
import { LOCAL_TOKEN_PREFIX } from '../../contract/bot-check-token.ts';
import { decodeJsonField } from '../json-fields.ts';
import type { OperationHandler } from '../operation.ts';
import { refuseImplausibleBirthdate } from '../birthdates.ts';
import { bodyOf, newId, notFound, nowIso, ok, text } from './support.ts';
import { statement } from '../database.ts';

type IdentityStatus = 'verified' | 'failed' | 'review';

/**
 * A deterministic stand-in for the identity service: under 18 fails; in a state of SPEC §5
 * that asks for an identity document, a missing document (or, in KY, a missing SSN) goes to
 * manual review; everything else is verified.
 */
export function identityOutcome(customer: IdentityCustomer, today: Date): IdentityStatus {
  // A future or impossible birthdate is no adult either.
  if ((ageOn(customer.birthdate, isoDayOf(today, 'utc')) ?? 0) < 18) return 'failed';
  const asked = identityFieldsForState(customer.state);
  if (asked.includes('idNumber') && (customer.idType === undefined || customer.idNumber === undefined)) {
    return 'review';
  }
  if (asked.includes('ssn') && customer.ssn === undefined) return 'review';
  return 'verified';
}

/**
 * POST /idVerification/checkIdentity and /idVerification/identityCheck (form-encoded). The
 * check is kept with the names, birthdate, state and document type; of the document number
 * only its last four characters, and of an SSN only that one was given.
 */
function identityCheck(operation: 'checkIdentity' | 'identityCheck'): OperationHandler {
  return ({ db, body, access }) => {
    const customer = decodeJsonField(operation, '/body/customer', bodyOf(body).customer) as IdentityCustomer;
    const today = new Date();
    // The forms' birth date rule: a future date, or one more than 110 years ago, is refused and nothing kept.
    refuseImplausibleBirthdate('/body/customer/birthdate', customer.birthdate, today);
    const status = identityOutcome(customer, today);
    const checkId = newId('idc');
    const checkedAt = nowIso();
    statement(
      db,
      `INSERT INTO identity_checks (id, first_name, last_name, birthdate, state, id_type, id_number_last4, ssn_given, status, operation, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      checkId,
      customer.firstName,
      customer.lastName,
      customer.birthdate,
      customer.state,
      customer.idType ?? null,
      customer.idNumber === undefined ? null : customer.idNumber.slice(-4),
      customer.ssn === undefined ? 0 : 1,
      status,
      operation,
      checkedAt,
    );
    // Only the browser that ran the check may count it as its patient's ID (getHasId).
    access.grant('identity-check', checkId);
    return ok({ checkId, verified: status === 'verified', status, checkedAt });
  };
}

/**
 * GET /mipH2/getHasId/{id}: whether an identity document is on file for the customer: one on
 * their record, or a verified identity check under their name.
 */
const getHasId: OperationHandler = ({ db, params, access }) => {
  const customerId = text(params, 'id');
  const customer =
    (access.ownsCustomer(customerId)
      ? statement<[string], { has_id: number; first_name: string; last_name: string }>(
          db,
          'SELECT has_id, first_name, last_name FROM customers WHERE kt_customer_id = ?',
        ).get(customerId)
      : undefined) ?? notFound('No customer with this id.');
  // A verified check under the customer's name counts when this browser ran it (or staff ask):
  // anyone can run a check under any name, so a stranger's must not mark someone's ID as on file.
  const checked = statement<[string, string, number, string], { found: number }>(
    db,
    `SELECT 1 AS found FROM identity_checks c
     WHERE c.status = 'verified' AND c.last_name = ? COLLATE NOCASE AND c.first_name = ? COLLATE NOCASE
       AND (? = 1 OR EXISTS (SELECT 1 FROM session_grants g
             WHERE g.session_id = ? AND g.kind = 'identity-check' AND g.record_id = c.id))
     LIMIT 1`,
  ).get(customer.last_name, customer.first_name, access.staff ? 1 : 0, access.existingSessionId() ?? '');
  return ok({ customerId, hasId: customer.has_id === 1 || checked !== undefined });
};

/**
 * POST /memoForm/verifyRecaptcha: a stand-in for the clinic backend's check. The real backend
 * asks reCAPTCHA Enterprise's assessment API (projects.assessments.create with the token, the
 * site key and the expected action) and answers with the assessment's score and action. The
 * contract's `reason` says the token could not be assessed (an invalid, expired or malformed
 * token, another action's token: a setup error, not a bot), so the client lets the patient on;
 * a refusal without a reason is the score's verdict (a bot). Here: a token of the local
 * provider ("local." first) is a person only when this server is told to accept them
 * (BOT_CHECK_LOCAL=accept; `npm start`, the dev server and the tests), so a production-like
 * server cannot be passed with a token anyone can make; a token starting with "invalid" or
 * "expired" cannot be assessed; any other token starting with "fail" or "bot" is a bot (score
 * 0.1), and the rest are people (0.9), as the tests' fake of the service gives. Nothing is
 * stored, and the email and phone sent with it are not read.
 */
const verifyRecaptcha: OperationHandler = ({ body, services }) => {
  const fields = bodyOf(body);
  const token = text(fields, 'recaptchaToken');
  const action = text(fields, 'action');
  if (token.startsWith(LOCAL_TOKEN_PREFIX) && !services.acceptLocalBotTokens) {
    return ok({ success: false, score: 0, action, reason: 'local bot-check tokens are not accepted by this server' });
  }
  if (/^(invalid|expired)/i.test(token)) {
    // The assessment's invalidReason, as reCAPTCHA Enterprise names it.
    const invalidReason = /^expired/i.test(token) ? 'EXPIRED' : 'MALFORMED';
    return ok({ success: false, score: 0, action, reason: `invalid token (${invalidReason})` });
  }
  const bot = /^(fail|bot)/i.test(token);
  return ok({ success: !bot, score: bot ? 0.1 : 0.9, action });
};

export const IDENTITY_HANDLERS = {
  checkIdentity: identityCheck('checkIdentity'),
  identityCheck: identityCheck('identityCheck'),
  getHasId,
  verifyRecaptcha,
} satisfies Record<string, OperationHandler>;
