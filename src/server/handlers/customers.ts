import type { Db } from '../database.ts';
import type { Access } from '../access.ts';
import type { OperationHandler } from '../operation.ts';
import { bodyOf, created, newId, notFound, nowIso, ok, present, stored, text } from './support.ts';
import { statement } from '../database.ts';

interface CustomerRow {
  kt_customer_id: string;
  landing_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  gender: string;
  state: string | null;
  portal_ref: string | null;
  allergies_json: string;
  portal_login_at: string | null;
  comm_change_confirmed_at: string | null;
}

/**
 * The customer under an id, when this session owns them (src/server/access.ts); anyone else
 * is told there is no such customer, exactly as for an id nobody has.
 */
function findCustomer(db: Db, access: Access, ktCustomerId: string): CustomerRow {
  return (
    (access.ownsCustomer(ktCustomerId)
      ? statement<[string], CustomerRow>(db, 'SELECT * FROM customers WHERE kt_customer_id = ?').get(ktCustomerId)
      : undefined) ?? notFound('No customer with this id.')
  );
}

/** GET /memoForm/ktCustomer/{id} (secured): the customer's record. */
const getKtCustomer: OperationHandler = ({ db, params, access }) => {
  const row = findCustomer(db, access, text(params, 'id'));
  return ok(
    present({
      ktCustomerId: row.kt_customer_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      state: row.state,
      landing_id: row.landing_id,
      portalLoginAt: row.portal_login_at,
      commChangeConfirmedAt: row.comm_change_confirmed_at,
    }),
  );
};

/** GET /memoForm/ktCustomerLandingId: the landing id of the lead a customer came from. */
const getKtCustomerLandingId: OperationHandler = ({ db, query, access }) => {
  const ktCustomerId = text(query, 'ktCustomerId');
  const row = access.ownsCustomer(ktCustomerId)
    ? statement<[string], { landing_id: string | null }>(
        db,
        'SELECT landing_id FROM customers WHERE kt_customer_id = ?',
      ).get(ktCustomerId)
    : undefined;
  if (!row || row.landing_id === null) notFound('No customer with this id, or no lead linked to it.');
  return ok({ ktCustomerId: text(query, 'ktCustomerId'), landing_id: row.landing_id });
};

/** POST /memoForm/validateKtCustomerId: whether the id is a customer's. */
const validateKtCustomerId: OperationHandler = ({ query, access }) => {
  const ktCustomerId = text(query, 'ktCustomerId');
  // Valid for the session that owns the customer: for anyone else an id is as good as unknown.
  return ok({ ktCustomerId, valid: access.hasCustomer(ktCustomerId) });
};

/**
 * PATCH /memoForm/portalLogin/{value} (secured): records a portal login by the customer's
 * opaque reference, for the session that owns that customer; to anyone else the reference
 * does not exist (the client token is in every page, so it proves nothing).
 */
const portalLogin: OperationHandler = ({ db, params, access }) => {
  const value = text(params, 'value');
  const customer = statement<[string], { kt_customer_id: string }>(
    db,
    'SELECT kt_customer_id FROM customers WHERE portal_ref = ?',
  ).get(value);
  if (!customer || !access.ownsCustomer(customer.kt_customer_id)) notFound('No customer matches this value.');
  const now = nowIso();
  statement(db, 'UPDATE customers SET portal_login_at = ? WHERE kt_customer_id = ?').run(now, customer.kt_customer_id);
  return ok({ value, portalLoginAt: now });
};

/** PATCH /memoForm/commChangeConfirmation/{id} (secured): the customer confirmed a change of contact details. */
const commChangeConfirmation: OperationHandler = ({ db, params, access }) => {
  const customerId = text(params, 'id');
  if (!access.ownsCustomer(customerId)) notFound('No customer with this id.');
  const now = nowIso();
  const { changes } = statement(db, 'UPDATE customers SET comm_change_confirmed_at = ? WHERE kt_customer_id = ?').run(
    now,
    customerId,
  );
  if (changes === 0) notFound('No customer with this id.');
  return ok({ customerId, confirmedAt: now });
};

/**
 * Whether a customer has the email or phone: the customer id only to the session that owns the
 * customer, so the answer never hands a stranger the key to someone's records (the calls are
 * rate limited against guessing, docs/security.md).
 */
function lookup(access: Access, row: { kt_customer_id: string } | undefined) {
  if (!row) return ok({ exists: false });
  return ok(
    access.ownsCustomer(row.kt_customer_id) ? { exists: true, customerId: row.kt_customer_id } : { exists: true },
  );
}

/** GET /memoForm/userEmailMF (secured): whether a customer has this email; it is not echoed. */
const userEmailMf: OperationHandler = ({ db, query, access }) =>
  lookup(
    access,
    statement<[string], { kt_customer_id: string }>(
      db,
      'SELECT kt_customer_id FROM customers WHERE email = ? COLLATE NOCASE ORDER BY kt_customer_id LIMIT 1',
    ).get(text(query, 'email')),
  );

/** GET /memoForm/userPhoneMF (secured): whether a customer of this site audience has this phone. */
const userPhoneMf: OperationHandler = ({ db, query, access }) =>
  lookup(
    access,
    statement<[string, string], { kt_customer_id: string }>(
      db,
      'SELECT kt_customer_id FROM customers WHERE phone = ? AND gender = ? ORDER BY kt_customer_id LIMIT 1',
    ).get(text(query, 'phone'), text(query, 'gender')),
  );

/** GET /memoForm/allergies: the allergies on a customer's record. */
const getAllergies: OperationHandler = ({ db, query, access }) => {
  const row = findCustomer(db, access, text(query, 'customerId'));
  return ok({ customerId: row.kt_customer_id, allergies: stored(row.allergies_json) as string[] });
};

interface PrescriptionRow {
  id: string;
  medication: string;
  dosage: string | null;
  status: string;
  refills_remaining: number | null;
  written_at: string;
}

/** GET /mipH2/getCurrentScripts/{id} (secured): the customer's prescriptions, newest first. */
const getCurrentScripts: OperationHandler = ({ db, params, access }) => {
  const customer = findCustomer(db, access, text(params, 'id'));
  const scripts = statement<[string], PrescriptionRow>(
    db,
    'SELECT * FROM prescriptions WHERE kt_customer_id = ? ORDER BY written_at DESC',
  )
    .all(customer.kt_customer_id)
    .map((row) =>
      present({
        scriptId: row.id,
        medication: row.medication,
        dosage: row.dosage,
        status: row.status,
        refillsRemaining: row.refills_remaining,
        writtenAt: row.written_at,
      }),
    );
  return ok({ customerId: customer.kt_customer_id, scripts });
};

interface ReferralRow {
  id: string;
  referrer_customer_id: string;
  friend_first_name: string;
  friend_email: string;
  status: string;
  created_at: string;
}

function referralView(row: ReferralRow) {
  return {
    referralId: row.id,
    referrerCustomerId: row.referrer_customer_id,
    friendFirstName: row.friend_first_name,
    friendEmail: row.friend_email,
    status: row.status,
    createdAt: row.created_at,
  };
}

/** GET /memoForm/referral/{id} (secured): the referrals a customer made, newest first. */
const getReferral: OperationHandler = ({ db, params, access }) => {
  const customer = findCustomer(db, access, text(params, 'id'));
  const referrals = statement<[string], ReferralRow>(
    db,
    'SELECT * FROM referrals WHERE referrer_customer_id = ? ORDER BY created_at DESC, rowid DESC',
  ).all(customer.kt_customer_id);
  return ok({ referrerCustomerId: customer.kt_customer_id, referrals: referrals.map(referralView) });
};

/**
 * POST /memoForm/referral/ (secured): a customer invites a friend. Inviting the same friend
 * again answers the first invitation rather than a second one.
 */
const createReferral: OperationHandler = ({ db, body, access }) => {
  const fields = bodyOf(body);
  const referrer = text(fields, 'referrerCustomerId');
  const friendEmail = text(fields, 'friendEmail');
  if (!access.hasCustomer(referrer)) notFound('No customer with referrerCustomerId.');
  const findExisting = statement<[string, string], ReferralRow>(
    db,
    'SELECT * FROM referrals WHERE referrer_customer_id = ? AND friend_email = ? COLLATE NOCASE',
  );
  const existing = findExisting.get(referrer, friendEmail);
  if (existing) return created(referralView(existing));
  const row: ReferralRow = {
    id: newId('ref'),
    referrer_customer_id: referrer,
    friend_first_name: text(fields, 'friendFirstName'),
    friend_email: friendEmail,
    status: 'invited',
    created_at: nowIso(),
  };
  statement(
    db,
    `INSERT INTO referrals (id, referrer_customer_id, friend_first_name, friend_email, status, created_at)
     VALUES (@id, @referrer_customer_id, @friend_first_name, @friend_email, @status, @created_at)`,
  ).run(row);
  return created(referralView(row));
};

/** POST /memoForm/restartHRT: records a restart of HRT (a status update with isRestart). */
const restartHrt: OperationHandler = ({ db, body, access }) => {
  const fields = bodyOf(body);
  const ktCustomerId = text(fields, 'ktCustomerId');
  const landingId = text(fields, 'landingId');
  if (!access.hasCustomer(ktCustomerId) || !access.hasLead(landingId)) {
    notFound('No customer with this id, or no lead under landingId.');
  }
  const restartedAt = nowIso();
  statement(
    db,
    "INSERT INTO status_updates (kind, landing_id, kt_customer_id, is_restart, created_at) VALUES ('restart', ?, ?, 1, ?)",
  ).run(landingId, ktCustomerId, restartedAt);
  return ok({ ktCustomerId, landingId, restartedAt });
};

export const CUSTOMER_HANDLERS = {
  getKtCustomer,
  getKtCustomerLandingId,
  validateKtCustomerId,
  portalLogin,
  commChangeConfirmation,
  userEmailMf,
  userPhoneMf,
  getAllergies,
  getCurrentScripts,
  getReferral,
  createReferral,
  restartHrt,
} satisfies Record<string, OperationHandler>;
