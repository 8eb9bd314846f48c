import path from 'node:path';
import Database from 'better-sqlite3';
import { E2E_DATA_DIR } from './sites.ts';

/** What the server stored for one patient, found by the email they typed. */
export interface PatientRecords {
  leads: { landingId: string; formId: string; pathCode: string | null; answers: { ref: string; value: string[] }[] }[];
  orders: { id: string; kind: string; productId: string; total: string; status: string }[];
  /** The customers their orders made, with the sex the clinic's records give them. */
  customers: { ktCustomerId: string; gender: string }[];
}

/**
 * Reads what the local server saved for a patient, read-only, as a clinic's system would see
 * it: their leads (by the email in the lead), the orders of those leads and the customers made of them.
 */
export function recordsOf(email: string, dataDir: string = E2E_DATA_DIR): PatientRecords {
  // The server's database: playwright.config.ts starts each server with its own DATA_DIR.
  const db = new Database(path.resolve(dataDir, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const leads = db
      .prepare<[string], { landing_id: string; form_id: string; path_code: string | null; answers_json: string }>(
        "SELECT landing_id, form_id, path_code, answers_json FROM leads WHERE json_extract(lead_json, '$.email') = ? COLLATE NOCASE",
      )
      .all(email)
      .map((row) => ({
        landingId: row.landing_id,
        formId: row.form_id,
        pathCode: row.path_code,
        answers: JSON.parse(row.answers_json) as { ref: string; value: string[] }[],
      }));
    const orders = leads.flatMap((lead) =>
      db
        .prepare<[string], { id: string; kind: string; product_id: string; total: string; status: string }>(
          'SELECT id, kind, product_id, total, status FROM orders WHERE landing_id = ? ORDER BY created_at',
        )
        .all(lead.landingId)
        .map((row) => ({
          id: row.id,
          kind: row.kind,
          productId: row.product_id,
          total: row.total,
          status: row.status,
        })),
    );
    const customers = leads.flatMap((lead) =>
      db
        .prepare<[string], { kt_customer_id: string; gender: string }>(
          'SELECT kt_customer_id, gender FROM customers WHERE landing_id = ? ORDER BY kt_customer_id',
        )
        .all(lead.landingId)
        .map((row) => ({ ktCustomerId: row.kt_customer_id, gender: row.gender })),
    );
    return { leads, orders, customers };
  } finally {
    db.close();
  }
}

/** Opens the e2e server's database read-only for one question. */
function readDatabase<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(path.resolve(dataDir, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** A card the server keeps for a customer: the last four digits and whether it would be charged. */
export interface StoredCard {
  last4: string;
  cardBrand: string;
  declineReason: string | null;
}

/**
 * The cards saved for a clinic customer (under the landing id of their record), oldest first,
 * read-only, as the clinic's system would see them: the newest is the one the next order charges.
 */
export function cardsOf(ktCustomerId: string, dataDir: string = E2E_DATA_DIR): StoredCard[] {
  return readDatabase(dataDir, (db) =>
    db
      .prepare<[string], { last4: string; card_brand: string; decline_reason: string | null }>(
        `SELECT b.last4, b.card_brand, b.decline_reason FROM billing b
         JOIN customers c ON c.landing_id = b.landing_id
         WHERE c.kt_customer_id = ? ORDER BY b.created_at, b.rowid`,
      )
      .all(ktCustomerId)
      .map((row) => ({ last4: row.last4, cardBrand: row.card_brand, declineReason: row.decline_reason })),
  );
}

/** The clinic customer made from a patient's first order, found by the email they typed. */
export function customerOf(
  email: string,
  dataDir: string = E2E_DATA_DIR,
): { ktCustomerId: string; landingId: string | null } | undefined {
  return readDatabase(dataDir, (db) => {
    const row = db
      .prepare<[string], { kt_customer_id: string; landing_id: string | null }>(
        'SELECT kt_customer_id, landing_id FROM customers WHERE email = ? COLLATE NOCASE',
      )
      .get(email);
    return row === undefined ? undefined : { ktCustomerId: row.kt_customer_id, landingId: row.landing_id };
  });
}

/** A customer's continuous order (their refill request, or with `isRestart` their restart request) as stored. */
export function continuousOrderOf(
  ktCustomerId: string,
  isRestart: boolean,
  dataDir: string = E2E_DATA_DIR,
): { details: Record<string, unknown>; updatedAt: string } | undefined {
  return readDatabase(dataDir, (db) => {
    const row = db
      .prepare<[string, number], { details_json: string; updated_at: string }>(
        'SELECT details_json, updated_at FROM continuous_orders WHERE kt_customer_id = ? AND is_restart = ?',
      )
      .get(ktCustomerId, isRestart ? 1 : 0);
    return row === undefined
      ? undefined
      : { details: JSON.parse(row.details_json) as Record<string, unknown>, updatedAt: row.updated_at };
  });
}

/** A journey as the server stored it: the patient's place, answers and the funnel version it was saved on. */
export interface StoredJourney {
  pathCode: string;
  /** The journey's state (schemas/app.openapi.json JourneyState), as stored. */
  state: {
    version: number;
    answers: Record<string, unknown>;
    step?: { url: string; index: number };
    funnel?: { version: string; steps: string[] };
  };
  /** The column beside the state that counts journeys per funnel version. */
  funnelVersion: string | null;
}

/**
 * Every journey of a campaign code in a data directory, read-only. A test with a database of
 * its own (a server it started) has one patient in it, so these are that patient's.
 */
export function journeysOf(pathCode: string, dataDir: string): StoredJourney[] {
  return readDatabase(dataDir, (db) =>
    db
      .prepare<[string], { path_code: string; state_json: string; funnel_version: string | null }>(
        'SELECT path_code, state_json, funnel_version FROM journeys WHERE path_code = ?',
      )
      .all(pathCode)
      .map((row) => ({
        pathCode: row.path_code,
        state: JSON.parse(row.state_json) as StoredJourney['state'],
        funnelVersion: row.funnel_version,
      })),
  );
}

/** The appointment stored under an id, read-only: its lead and status; null when nothing was booked. */
export function appointmentOf(
  appointmentId: string,
  dataDir: string = E2E_DATA_DIR,
): { landingId: string | null; status: string } | null {
  return readDatabase(dataDir, (db) => {
    const row = db
      .prepare<[string], { landing_id: string | null; status: string }>(
        'SELECT landing_id, status FROM appointments WHERE id = ?',
      )
      .get(appointmentId);
    return row === undefined ? null : { landingId: row.landing_id, status: row.status };
  });
}

/** A refund request the server keeps for staff (src/server/handlers/refunds.ts). */
export interface StoredRefundRequest {
  orderId: string;
  landingId: string;
  amount: string;
  last4: string | null;
  reasons: string[];
  status: string;
}

/** The refund requests of the orders of a patient's leads (by the email they typed), oldest first. */
export function refundRequestsOf(email: string, dataDir: string = E2E_DATA_DIR): StoredRefundRequest[] {
  return readDatabase(dataDir, (db) =>
    db
      .prepare<
        [string],
        {
          order_id: string;
          landing_id: string;
          amount: string;
          last4: string | null;
          reasons_json: string;
          status: string;
        }
      >(
        `SELECT r.order_id, r.landing_id, r.amount, r.last4, r.reasons_json, r.status FROM refund_requests r
         JOIN leads l ON l.landing_id = r.landing_id
         WHERE json_extract(l.lead_json, '$.email') = ? COLLATE NOCASE ORDER BY r.created_at`,
      )
      .all(email)
      .map((row) => ({
        orderId: row.order_id,
        landingId: row.landing_id,
        amount: row.amount,
        last4: row.last4,
        reasons: JSON.parse(row.reasons_json) as string[],
        status: row.status,
      })),
  );
}

/** The appointments booked for a patient's leads (by the email they typed): id, start and status. */
export function appointmentsOf(
  email: string,
  dataDir: string = E2E_DATA_DIR,
): { id: string; startTime: string | null; status: string }[] {
  return readDatabase(dataDir, (db) =>
    db
      .prepare<[string], { id: string; start_time: string | null; status: string }>(
        `SELECT a.id, a.start_time, a.status FROM appointments a
         JOIN leads l ON l.landing_id = a.landing_id
         WHERE json_extract(l.lead_json, '$.email') = ? COLLATE NOCASE ORDER BY a.start_time`,
      )
      .all(email)
      .map((row) => ({ id: row.id, startTime: row.start_time, status: row.status })),
  );
}
