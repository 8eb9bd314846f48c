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
