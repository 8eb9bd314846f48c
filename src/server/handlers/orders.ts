import { randomInt } from 'node:crypto';
import type { Db } from '../database.ts';
import type { Access } from '../access.ts';
import { decodeJsonField } from '../json-fields.ts';
import { centsOf, moneyOf } from '../money.ts';
import type { OperationHandler } from '../operation.ts';
import { tokenizeCard, tokenizePaymentToken, type CardResult } from '../payment-simulator.ts';
import { HttpProblem } from '../problem.ts';
import { findProduct, type ProductRow } from './products.ts';
import { journeyLandingIds, pathCodeOfLead, refuseClosedStep } from '../step-doors.ts';
import { refuseByState } from '../state-doors.ts';
import { productCategoryFor } from '../../domain/product-choice.ts';
import type { Site } from '../../engine/config-types.ts';
import {
  bodyOf,
  created,
  flag,
  leadExists,
  newReadableId,
  notFound,
  nowIso,
  ok,
  optionalText,
  present,
  stored,
  text,
} from './support.ts';
import { statement } from '../database.ts';
import { mailReturnLink } from './sessions.ts';
import { checkAgreement, type CheckedAgreement } from '../legal.ts';
import { recordAgreement } from '../consent-records.ts';
// The decoded `order` field: no card data, a billing token.
import type { BillingCustomer, OrderAgreement, OrderPayload } from '../../contract/api-types.ts';

interface BillingRow {
  billing_token: string;
  landing_id: string;
  last4: string;
  decline_reason: string | null;
  customer_json: string;
}

interface OrderRow {
  id: string;
  total: string;
  status: string;
  last4: string | null;
  created_at: string;
}

type OrderKind = 'order' | 'follow-on' | 'zero-dollar' | 'non-linear' | 'hrt-info';

/** An order as the contract's Order schema gives it: never more of the card than its last four. */
function orderView(row: OrderRow): Record<string, unknown> {
  return present({
    orderId: row.id,
    status: row.status,
    total: row.total,
    createdAt: row.created_at,
    last4: row.last4,
  });
}

function paymentDeclined(details: string): never {
  throw new HttpProblem(422, 'Payment declined', details);
}

/**
 * The payment check: a card the processor declines (its verdict, kept with the card's token) is
 * refused with 422 and the processor's reason. Every call that charges a card, or keeps one to
 * charge later, asks it first, so a refused card is never charged or kept.
 */
function chargeable(declineReason: string | null): void {
  if (declineReason !== null) paymentDeclined(declineReason);
}

interface NewOrder {
  kind: OrderKind;
  landingId: string;
  leadLandingId?: string;
  ktCustomerId?: string;
  product: ProductRow;
  campaignId?: string;
  quantity?: number;
  compOrder?: boolean;
  total: string;
  status: 'pending' | 'approved';
  billing?: BillingRow;
  contact?: OrderPayload['contact'];
  /** What the patient agreed to at Pay (a payment-step order): its versions go in the order's columns. */
  agreement?: { sent: OrderAgreement; checked: CheckedAgreement; pathCode: string | null };
}

/** Stores one order and answers it as 201 Created. */
function insertOrder(db: Db, order: NewOrder) {
  const row: OrderRow = {
    id: newReadableId('ord'),
    total: order.total,
    status: order.status,
    last4: order.billing?.last4 ?? null,
    created_at: nowIso(),
  };
  statement(
    db,
    `INSERT INTO orders (id, kind, landing_id, lead_landing_id, kt_customer_id, product_id, campaign_id, quantity,
       comp_order, total, status, billing_token, last4, contact_json, created_at,
       terms_version, privacy_version, telehealth_consent_version)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    order.kind,
    order.landingId,
    order.leadLandingId ?? null,
    order.ktCustomerId ?? null,
    order.product.external_id,
    order.campaignId ?? order.product.campaign_id,
    order.quantity ?? 1,
    order.compOrder === true ? 1 : 0,
    row.total,
    row.status,
    order.billing?.billing_token ?? null,
    row.last4,
    order.contact === undefined ? null : JSON.stringify(order.contact),
    row.created_at,
    order.agreement?.checked.versions.terms ?? null,
    order.agreement?.checked.versions.privacy ?? null,
    order.agreement?.checked.versions['telehealth-consent'] ?? null,
  );
  if (order.agreement !== undefined) {
    recordAgreement(db, { landingId: order.landingId, orderId: row.id, ...order.agreement });
  }
  return created(orderView(row));
}

/** The billing details saved last for a landing id. */
function latestBilling(db: Db, landingId: string): BillingRow | undefined {
  return statement<[string], BillingRow>(
    db,
    'SELECT billing_token, landing_id, last4, decline_reason, customer_json FROM billing WHERE landing_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
  ).get(landingId);
}

/**
 * A new customer id: twelve random digits (about 40 bits), numeric like the clinic's so it can
 * be read out on the phone, but not the next after someone else's: ids are not to be guessed.
 * Guessing one would open nothing anyway (src/server/access.ts).
 */
function newCustomerId(db: Db): string {
  const taken = statement<[string], { one: number }>(db, 'SELECT 1 AS one FROM customers WHERE kt_customer_id = ?');
  for (;;) {
    const id = String(randomInt(100_000_000_000, 1_000_000_000_000));
    if (taken.get(id) === undefined) return id;
  }
}

/**
 * The clinic customer an order's contact belongs to: the one with its email that this session
 * owns (a returning patient who proved it), or a new one, as the clinic system makes a customer
 * on a first order. An email alone proves nothing: an order typed with someone else's email
 * makes a customer of its own, not an entry in their history. The session that placed the
 * order (it owns the order's lead: checked before this is called) owns a new customer through
 * that lead, and is granted it as well, keeping its id: it gains nothing it could not read, and
 * an order that renewed the session had a new cookie in its answer, which a replay of the order
 * once handed to an id planted before it (issue 39, point 1).
 */
function customerFor(db: Db, access: Access, landingId: string, contact: OrderPayload['contact'], site: Site): string {
  const existing = statement<[string], { kt_customer_id: string }>(
    db,
    'SELECT kt_customer_id FROM customers WHERE email = ? COLLATE NOCASE ORDER BY kt_customer_id',
  )
    .all(contact.email)
    .find((customer) => access.ownsCustomer(customer.kt_customer_id));
  if (existing) return existing.kt_customer_id;
  const id = newCustomerId(db);
  statement(
    db,
    `INSERT INTO customers (kt_customer_id, landing_id, first_name, last_name, email, phone, gender)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    landingId,
    contact.firstName,
    contact.lastName,
    contact.email,
    contact.phone,
    // The brand the patient ordered on: the men's site's customers are men, the women's women.
    site,
  );
  access.grantFollowing('customer', id);
  return id;
}

/** The order kinds a patient pays for at the payment step: one of them per journey and product. */
const PAYMENT_STEP_KINDS: readonly OrderKind[] = ['order', 'non-linear'];

/** The statuses of an order that was charged and stands (a cancelled or pending one charged nothing that stands). */
const PAID_STATUSES = ['approved', 'fulfilled'] as const;

/** The message of the 409 for a second payment: another than the Idempotency-Key conflict's, so the two are told apart. */
export const ALREADY_PAID_MESSAGE = 'This order is already paid';

/**
 * The payment-step order (createOrder, createOrderNonLinear) already paid in the journey an
 * order would go under, for the same product: the oldest approved (or fulfilled) order of kind
 * `order` or `non-linear` with the product's id on
 * - the order's own landing id, whoever placed it (a second tab, a retry with a new key); or
 * - any landing id of a lead granted to this very session with the same campaign code as the
 *   order's lead: the session and the code are what a journey is keyed by, so that is the same
 *   journey under another lead (the stale tab's form typed again with another name or email, or
 *   a day later).
 * A lead reached only through a claimed customer (a returning patient's earlier visit) does not
 * count, nor does staff's reach: their earlier order is another visit's. docs/security.md.
 */
function paidInJourney(db: Db, access: Access, landingId: string, productId: string): OrderRow | undefined {
  const pathCode =
    statement<[string], { path_code: string | null }>(db, 'SELECT path_code FROM leads WHERE landing_id = ?').get(
      landingId,
    )?.path_code ?? null;
  const journey = pathCode === null ? [landingId] : journeyLandingIds(db, access, landingId, pathCode);
  // One statement whatever the number of leads: the ids go in as a JSON list. A customer this
  // session claimed with a return link counts too, for the same code: the claim brings their
  // paid journey into this browser (sessions.ts), so its order is this journey's payment, and a
  // press refused before the claim and sent again after it is not a second charge.
  return statement<[string, string, string, string], OrderRow>(
    db,
    `SELECT id, total, status, last4, created_at FROM orders
     WHERE product_id = ? AND kind IN (${PAYMENT_STEP_KINDS.map((item) => `'${item}'`).join(', ')})
       AND status IN (${PAID_STATUSES.map((item) => `'${item}'`).join(', ')})
       AND (landing_id IN (SELECT value FROM json_each(?))
         OR (kt_customer_id IN (SELECT value FROM json_each(?))
           AND landing_id IN (SELECT landing_id FROM leads WHERE path_code = ? COLLATE NOCASE)))
     ORDER BY created_at, id LIMIT 1`,
  ).get(productId, JSON.stringify(journey), JSON.stringify(access.grantedIds('customer')), pathCode ?? '');
}

/**
 * Refuses a second payment for the same journey and product (409, nothing stored or charged),
 * with the first order for the receipt: only a caller who owns the order's lead gets this far.
 */
function refuseSecondPayment(db: Db, access: Access, landingId: string, productId: string): void {
  const paid = paidInJourney(db, access, landingId, productId);
  if (paid === undefined) return;
  throw new HttpProblem(
    409,
    ALREADY_PAID_MESSAGE,
    'An order for this product is already paid in this journey, so nothing was charged.',
    { reason: 'already-paid', existingOrder: orderView(paid) },
  );
}

/** The message of the 409 for a payment refused because the same person paid for the product in another browser. */
export const PAID_ELSEWHERE_MESSAGE = 'This payment was not taken';

/**
 * The words of that 409, the same for everyone it is given to: they say what the patient is
 * to do, never whose record was found, what it holds, or where the mail went.
 */
export const PAID_ELSEWHERE_DETAILS =
  'Nothing was charged. If you already have a treatment plan with us, we have emailed a link to it to the address on file.';

/** A lead's date of birth (its `birthdate` date answer, YYYY-MM-DD), or null when it has none yet. */
function birthdateOf(db: Db, landingId: string | null): string | null {
  if (landingId === null) return null;
  const row = statement<[string], { answers_json: string }>(
    db,
    'SELECT answers_json FROM leads WHERE landing_id = ?',
  ).get(landingId);
  if (row === undefined) return null;
  const answers = stored(row.answers_json) as { ref?: unknown; type?: unknown; value?: unknown }[];
  const answer = answers.find((item) => item.ref === 'birthdate' && item.type === 'date');
  const first: unknown = Array.isArray(answer?.value) ? answer.value[0] : undefined;
  return typeof first === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(first) ? first : null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The customer whom an order's contact recognises as someone who has paid for this product
 * already, from a browser that is not theirs (issue 37 point 4, docs/security.md "The same
 * patient on a second device"). The rule:
 * - the same email (case aside) as a customer of this brand (a product id is the brand's: the
 *   consultation is product 0 on both) whom this session does not own (a session that owns
 *   them, by their lead or a claimed return link, is a returning patient, who may buy again);
 * - that customer has a paid payment-step order of the product (as paidInJourney means paid);
 * - the same date of birth, the lead's `birthdate` answer against that of the customer's first
 *   lead; where either has none yet (a pay-first funnel asks it after payment), the same first
 *   and last name instead. Two people sharing one email with two birth dates are two patients.
 * Staff are never refused: a call centre sees the customer's record anyway.
 */
function paidElsewhere(
  db: Db,
  access: Access,
  landingId: string,
  contact: OrderPayload['contact'],
  productId: string,
  site: Site,
): { ktCustomerId: string; pathCode: string } | undefined {
  if (access.staff) return undefined;
  const candidates = statement<
    [string, string, string, string],
    {
      kt_customer_id: string;
      landing_id: string | null;
      first_name: string;
      last_name: string;
      path_code: string | null;
    }
  >(
    db,
    `SELECT c.kt_customer_id, c.landing_id, c.first_name, c.last_name,
       (SELECT l.path_code FROM orders o JOIN leads l ON l.landing_id = o.landing_id
         WHERE o.kt_customer_id = c.kt_customer_id AND o.product_id = ?
           AND o.kind IN (${PAYMENT_STEP_KINDS.map((item) => `'${item}'`).join(', ')})
           AND o.status IN (${PAID_STATUSES.map((item) => `'${item}'`).join(', ')})
         ORDER BY o.created_at LIMIT 1) AS path_code
     FROM customers c
     WHERE c.email = ? COLLATE NOCASE AND c.gender = ? AND EXISTS (
       SELECT 1 FROM orders o WHERE o.kt_customer_id = c.kt_customer_id AND o.product_id = ?
         AND o.kind IN (${PAYMENT_STEP_KINDS.map((item) => `'${item}'`).join(', ')})
         AND o.status IN (${PAID_STATUSES.map((item) => `'${item}'`).join(', ')}))
     ORDER BY c.kt_customer_id`,
  ).all(productId, contact.email, site, productId);
  const birthdate = birthdateOf(db, landingId);
  const match = candidates.find((customer) => {
    if (access.ownsCustomer(customer.kt_customer_id)) return false;
    const theirs = birthdateOf(db, customer.landing_id);
    if (birthdate !== null && theirs !== null) return birthdate === theirs;
    return sameName(customer.first_name, contact.firstName) && sameName(customer.last_name, contact.lastName);
  });
  if (match === undefined) return undefined;
  return { ktCustomerId: match.kt_customer_id, pathCode: match.path_code ?? '' };
}

/**
 * POST /memoForm/createOrder and /memoForm/createOrderNonLinear: charges the billing details
 * saved under the order's billing token (for the order's landing id) through the payment
 * simulator and stores one order. A declined card answers 422 with the reason and stores
 * nothing; a second payment for the journey's product answers 409 with the first order
 * (refuseSecondPayment) and stores nothing. Idempotency by Idempotency-Key is the app's, around
 * this handler: an exact repeat gets its first answer before this runs.
 */
function placeOrder(operationId: string, kind: OrderKind): OperationHandler {
  return (context) => {
    const { db, body, access, site, engine } = context;
    const order = decodeJsonField(operationId, '/body/order', bodyOf(body).order) as OrderPayload;
    if (!access.hasLead(order.landingId)) notFound("No lead is saved under the order's landingId.");
    const product = findProduct(db, order.productId, site) ?? notFound("No product with the order's productId.");
    refuseSecondPayment(db, access, order.landingId, product.external_id);
    refuseClosedStep({ db, access, engine, site }, 'payment', order.landingId, pathCodeOfLead(db, order.landingId));
    // What paying means, agreed to on today's terms, before anything about the card is looked at.
    const agreement = checkAgreement(db, site, order.agreement, {
      productId: product.external_id,
      amount: product.total,
    });
    const billing = statement<[string, string], BillingRow>(
      db,
      'SELECT billing_token, landing_id, last4, decline_reason, customer_json FROM billing WHERE billing_token = ? AND landing_id = ?',
    ).get(order.billingToken, order.landingId);
    if (!billing) paymentDeclined('No billing details are saved under this billing token for this landing id.');
    // Where the patient is decides whether the clinic may treat them, and how (config/clinic-rules.json).
    refuseByState(
      { db, access, engine, site },
      order.landingId,
      pathCodeOfLead(db, order.landingId),
      billing.customer_json,
    );
    chargeable(billing.decline_reason);
    // Only a card that would be charged is told: a declined card is declined whoever's email it
    // comes with, so a stranger cannot ask who is a patient without risking a real charge.
    const recognised = paidElsewhere(db, access, order.landingId, order.contact, product.external_id, site);
    if (recognised !== undefined) {
      mailReturnLink(context, recognised.ktCustomerId, recognised.pathCode);
      // An answer, not a throw: the request commits (nothing is written) and its mail goes.
      return {
        status: 409,
        body: new HttpProblem(409, PAID_ELSEWHERE_MESSAGE, PAID_ELSEWHERE_DETAILS, {
          reason: 'paid-elsewhere',
        }).toBody(),
      };
    }
    const quantity = order.quantity ?? 1;
    return insertOrder(db, {
      kind,
      landingId: order.landingId,
      ktCustomerId: customerFor(db, access, order.landingId, order.contact, site),
      product,
      ...(order.campaignId === undefined ? {} : { campaignId: order.campaignId }),
      quantity,
      total: moneyOf(centsOf(product.total) * quantity),
      status: 'approved',
      billing,
      contact: order.contact,
      agreement: {
        sent: order.agreement,
        checked: agreement,
        pathCode: pathCodeOfLead(db, order.landingId),
      },
    });
  };
}

/**
 * POST /memoForm/createFollowOnProductOrder: a follow-on product of a campaign (such as 1673
 * in 116). Complimentary (compOrder) costs $0.00 and charges nothing; otherwise the billing
 * saved last for the landing id is charged.
 */
const createFollowOnProductOrder: OperationHandler = ({ db, body, access, site }) => {
  const fields = bodyOf(body);
  const landingId = text(fields, 'landingId');
  const productId = text(fields, 'productId');
  const campaignId = text(fields, 'campaignId');
  const compOrder = flag(fields, 'compOrder') === true;
  if (!access.hasLead(landingId)) notFound('No lead with this landingId.');
  const product =
    statement<[string, string, string], ProductRow>(
      db,
      'SELECT * FROM products WHERE external_id = ? AND campaign_id = ? AND category = ?',
    ).get(productId, campaignId, productCategoryFor(site)) ?? notFound('No such product in this campaign.');
  const billing = latestBilling(db, landingId);
  if (!compOrder) {
    if (!billing) paymentDeclined('No billing details are saved for this landing id.');
    chargeable(billing.decline_reason);
  }
  return insertOrder(db, {
    kind: 'follow-on',
    landingId,
    product,
    campaignId,
    compOrder,
    total: compOrder ? moneyOf(0) : product.total,
    status: 'approved',
    ...(billing && billing.decline_reason === null ? { billing } : {}),
  });
};

/** POST /memoForm/newCHRTZeroDollarOrder: a $0.00 continuous-HRT order linking two leads. */
const newChrtZeroDollarOrder: OperationHandler = ({ db, body, access, site }) => {
  const fields = bodyOf(body);
  const landingId = text(fields, 'landingId');
  const leadLandingId = text(fields, 'leadLandingId');
  if (!access.hasLead(landingId) || !access.hasLead(leadLandingId)) {
    notFound('No lead under landingId or leadLandingId.');
  }
  const product = findProduct(db, text(fields, 'productId'), site) ?? notFound('No such product.');
  return insertOrder(db, {
    kind: 'zero-dollar',
    landingId,
    leadLandingId,
    product,
    total: moneyOf(0),
    status: 'approved',
  });
};

/**
 * POST /memoForm/updateHRTInfoCreateOrder: records the HRT patient update (mpid, page) and
 * orders the product. It is approved when billing that would be charged is saved for the
 * landing id, else pending: this call has no payment-declined answer in the contract.
 */
const updateHrtInfoCreateOrder: OperationHandler = ({ db, body, access, site }) => {
  const fields = bodyOf(body);
  const landingId = text(fields, 'landingId');
  if (!access.hasLead(landingId)) notFound('No lead under landingId.');
  const product = findProduct(db, text(fields, 'productId'), site) ?? notFound('No such product.');
  statement(db, 'INSERT INTO hrt_patient_updates (mpid, landing_id, location, created_at) VALUES (?, ?, ?, ?)').run(
    text(fields, 'mpid'),
    landingId,
    optionalText(fields, 'location') ?? null,
    nowIso(),
  );
  const billing = latestBilling(db, landingId);
  const chargeable = billing && billing.decline_reason === null ? billing : undefined;
  return insertOrder(db, {
    kind: 'hrt-info',
    landingId,
    product,
    total: product.total,
    status: chargeable ? 'approved' : 'pending',
    ...(chargeable ? { billing: chargeable } : {}),
  });
};

/** The billing customer of saveBillingInfo's schema, which updateCard takes too, decoded and checked. */
function billingCustomerOf(raw: unknown): BillingCustomer {
  return decodeJsonField('saveBillingInfo', '/body/customer', raw) as BillingCustomer;
}

type TokenizedCard = Extract<CardResult, { ok: true }>;

/**
 * Passes the card (or the browser's payment token) to the payment simulator: a token for it with
 * the processor's verdict, or a 400 naming the field that is wrong. The card number and CVC go
 * no further than this function: they are never stored, returned or logged.
 */
function tokenizeBilling(customer: BillingCustomer): TokenizedCard {
  const { cardNumber, expMonth, expYear, cvc, paymentToken } = customer;
  // The schema's oneOf (a payment token, or the card's four fields) is checked by the validator
  // before this runs; the generated type does not carry that choice, so it is read again here.
  const result =
    paymentToken !== undefined
      ? tokenizePaymentToken(paymentToken)
      : cardNumber !== undefined && expMonth !== undefined && expYear !== undefined && cvc !== undefined
        ? tokenizeCard({ cardNumber, expMonth, expYear, cvc })
        : ({ ok: false, field: 'cardNumber', message: 'a card or a payment token is required' } as const);
  if (!result.ok) {
    throw new HttpProblem(400, 'The request is not valid', [
      { field: `/body/customer/${result.field}`, message: result.message },
    ]);
  }
  return result;
}

/** Keeps a tokenized card for a landing id, with the processor's verdict and the billing names and address; answers when. */
function storeBilling(db: Db, landingId: string, customer: BillingCustomer, card: TokenizedCard): string {
  const kept = present({
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    address: customer.address,
  });
  const savedAt = nowIso();
  statement(
    db,
    `INSERT INTO billing (billing_token, landing_id, last4, card_brand, exp_month, exp_year, decline_reason, customer_json, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    card.token,
    landingId,
    card.last4,
    card.brand,
    customer.expMonth ?? null,
    customer.expYear ?? null,
    card.declineReason,
    JSON.stringify(kept),
    savedAt,
  );
  return savedAt;
}

/** What an answer shows of a card: its last four digits, brand and expiry, never more. */
function cardView(customer: BillingCustomer, card: TokenizedCard) {
  return { last4: card.last4, cardBrand: card.brand, expMonth: customer.expMonth, expYear: customer.expYear };
}

/**
 * POST /mipH2/billingInfo/save: keeps the card's token, the last four digits, the brand and the
 * expiry, with the processor's verdict for the order that follows: a declined card is saved,
 * and the order charged to it is refused (createOrder), as a processor declines a charge.
 */
const saveBillingInfo: OperationHandler = ({ db, body, access }) => {
  const fields = bodyOf(body);
  const customer = billingCustomerOf(fields.customer);
  const landingId = text(fields, 'landingId');
  if (!access.hasLead(landingId)) notFound('No lead is saved under this landingId.');
  const card = tokenizeBilling(customer);
  const savedAt = storeBilling(db, landingId, customer, card);
  return ok(
    present({
      landingId,
      billingToken: card.token,
      ...cardView(customer, card),
      declineReason: card.declineReason ?? undefined,
      savedAt,
    }),
  );
};

/**
 * POST /mipH2/updateCard/{id} (schemas/app.openapi.json): a customer replaces the card their
 * later orders are charged to. The card gets the check an order's charge gets before anything
 * is stored, so a declined card is refused (422) and the card on file stays as it was. Only the
 * customer's own session may call it (a claimed return link, or the session that made them);
 * the card goes under the customer's own lead, never a landing id the caller names.
 */
const updateCard: OperationHandler = ({ db, params, body, access }) => {
  const customerId = text(params, 'id');
  if (!access.hasCustomer(customerId)) notFound('No customer with this id.');
  const customer = billingCustomerOf(bodyOf(body).customer);
  const record = statement<[string], { landing_id: string | null }>(
    db,
    'SELECT landing_id FROM customers WHERE kt_customer_id = ?',
  ).get(customerId);
  const landingId = record?.landing_id ?? null;
  if (landingId === null || !leadExists(db, landingId)) {
    throw new HttpProblem(409, 'Conflict', "This customer's card cannot be changed online.");
  }
  const card = tokenizeBilling(customer);
  chargeable(card.declineReason);
  const savedAt = storeBilling(db, landingId, customer, card);
  return ok(present({ customerId, ...cardView(customer, card), savedAt }));
};

interface CustomerMatch {
  kt_customer_id: string;
  landing_id: string | null;
}

/**
 * GET /mipH2/order: the orders of the customer every given detail matches (id, email, phone,
 * first and last name), newest first; medOrders=true keeps the medication (mpid) orders.
 */
const getOrder: OperationHandler = ({ db, query, access }) => {
  const conditions: string[] = [];
  const values: string[] = [];
  const match = (name: string, sql: string) => {
    const value = optionalText(query, name);
    if (value === undefined) return;
    conditions.push(sql);
    values.push(value);
  };
  match('customerId', 'kt_customer_id = ?');
  match('emailAddress', 'email = ? COLLATE NOCASE');
  match('phoneNumber', 'phone = ?');
  match('firstName', 'first_name = ? COLLATE NOCASE');
  match('lastName', 'last_name = ? COLLATE NOCASE');
  const byName = optionalText(query, 'firstName') !== undefined && optionalText(query, 'lastName') !== undefined;
  const byKey = ['customerId', 'emailAddress', 'phoneNumber'].some((name) => optionalText(query, name) !== undefined);
  if (!byKey && !byName) {
    throw new HttpProblem(400, 'The request is not valid', [
      { field: '/query', message: 'needs customerId, emailAddress, phoneNumber, or firstName and lastName' },
    ]);
  }
  // The conditions are fixed text chosen above (at most 32 combinations, each prepared once); only the values come from the request.
  // Only a customer this session owns can match: to anyone else, details that fit a stranger match nobody.
  const customer =
    statement<string[], CustomerMatch>(
      db,
      `SELECT kt_customer_id, landing_id FROM customers WHERE ${conditions.join(' AND ')} ORDER BY kt_customer_id LIMIT 50`,
    )
      .all(...values)
      .find((match) => access.ownsCustomer(match.kt_customer_id)) ?? notFound('No customer matches.');
  const medicationOnly = flag(query, 'medOrders') === true;
  const orders = statement<[string, string, number], OrderRow>(
    db,
    `SELECT o.id, o.total, o.status, o.last4, o.created_at FROM orders o
     WHERE (o.kt_customer_id = ? OR o.landing_id = ?)
       AND (? = 0 OR EXISTS (SELECT 1 FROM products p WHERE p.external_id = o.product_id AND p.type = 'mpid'))
     ORDER BY o.created_at DESC, o.rowid DESC LIMIT 500`,
  ).all(customer.kt_customer_id, customer.landing_id ?? '', medicationOnly ? 1 : 0);
  return ok({ customerId: customer.kt_customer_id, orders: orders.map(orderView) });
};

/** POST /memoForm/orderSaveSOAPNotes: the clinician's notes on the order of a landing id. */
const orderSaveSoapNotes: OperationHandler = ({ db, body, access }) => {
  const fields = bodyOf(body);
  const landingId = text(fields, 'landingId');
  const order = access.ownsLead(landingId)
    ? statement<[string], { id: string }>(db, 'SELECT id FROM orders WHERE landing_id = ? LIMIT 1').get(landingId)
    : undefined;
  if (!order) notFound('No order for this landing id.');
  const savedAt = nowIso();
  statement(db, 'INSERT INTO soap_notes (landing_id, notes, created_at) VALUES (?, ?, ?)').run(
    landingId,
    text(fields, 'notes'),
    savedAt,
  );
  return ok({ landingId, savedAt });
};

interface ContinuousRow {
  kt_customer_id: string;
  is_restart: number;
  medication_effectiveness: string | null;
  details_json: string;
  updated_at: string;
}

function continuousView(row: ContinuousRow): Record<string, unknown> {
  return present({
    ktCustomerId: row.kt_customer_id,
    isRestart: row.is_restart === 1,
    medicationEffectiveness: row.medication_effectiveness,
    details: stored(row.details_json) as Record<string, unknown>,
    updatedAt: row.updated_at,
  });
}

/** POST /memoForm/updateKtOrderContinuous: saves the continuous (repeat) order form, one per customer and restart flag. */
const updateKtOrderContinuous: OperationHandler = ({ db, query, body, access }) => {
  const ktCustomerId = text(query, 'ktCustomerId');
  if (!access.hasCustomer(ktCustomerId)) notFound('No customer with this id.');
  const row: ContinuousRow = {
    kt_customer_id: ktCustomerId,
    is_restart: flag(query, 'isRestart') === true ? 1 : 0,
    medication_effectiveness: text(query, 'medicationEffectiveness'),
    details_json: JSON.stringify(bodyOf(body)),
    updated_at: nowIso(),
  };
  statement(
    db,
    `INSERT INTO continuous_orders (kt_customer_id, is_restart, medication_effectiveness, details_json, updated_at)
     VALUES (@kt_customer_id, @is_restart, @medication_effectiveness, @details_json, @updated_at)
     ON CONFLICT (kt_customer_id, is_restart) DO UPDATE SET
       medication_effectiveness = excluded.medication_effectiveness,
       details_json = excluded.details_json,
       updated_at = excluded.updated_at`,
  ).run(row);
  return ok(continuousView(row));
};

/** GET /memoForm/getKtOrderContinuous: the continuous order form saved for a customer. */
const getKtOrderContinuous: OperationHandler = ({ db, query, access }) => {
  const ktCustomerId = text(query, 'ktCustomerId');
  const row =
    (access.ownsCustomer(ktCustomerId)
      ? statement<[string, number], ContinuousRow>(
          db,
          'SELECT * FROM continuous_orders WHERE kt_customer_id = ? AND is_restart = ?',
        ).get(ktCustomerId, flag(query, 'isRestart') === true ? 1 : 0)
      : undefined) ?? notFound('No continuous order for this customer.');
  return ok(continuousView(row));
};

export const ORDER_HANDLERS = {
  createOrder: placeOrder('createOrder', 'order'),
  createOrderNonLinear: placeOrder('createOrderNonLinear', 'non-linear'),
  createFollowOnProductOrder,
  newChrtZeroDollarOrder,
  updateHrtInfoCreateOrder,
  saveBillingInfo,
  getOrder,
  orderSaveSoapNotes,
  updateKtOrderContinuous,
  getKtOrderContinuous,
} satisfies Record<string, OperationHandler>;

/** The handler of schemas/app.openapi.json's billing tag: the app's own card update. */
export const CARD_HANDLERS = { updateCard } satisfies Record<string, OperationHandler>;
