import type { Db } from '../database.ts';
import { statement } from '../database.ts';
import type { OperationHandler } from '../operation.ts';
import { HttpProblem } from '../problem.ts';
import { contraindicationsOf } from '../contraindications.ts';
import { bodyOf, created, notFound, nowIso, ok, present, stored, text } from './support.ts';
import type { Answer } from '../../contract/api-types.ts';
import type { CancelledAppointment } from '../../contract/generated/app-schemas.ts';

/**
 * Refund requests (schemas/app.openapi.json, tag refunds): a pay-first funnel takes the money
 * before the assessment, and a contraindication found after it stops the funnel and asks for
 * the order's refund, which staff make. The server decides what is refunded, from its own
 * records: the order, what it was charged, and the answers saved on its lead.
 */

interface RefundRow {
  order_id: string;
  landing_id: string;
  amount: string;
  last4: string | null;
  reasons_json: string;
  status: string;
  created_at: string;
  cancelled_appointments_json: string;
}

interface OrderRow {
  id: string;
  landing_id: string;
  lead_landing_id: string | null;
  total: string;
  status: string;
  last4: string | null;
}

/** A request as the patient's browser is answered: no landing id (it is base64 of their name and email). */
function requestView(row: RefundRow): Record<string, unknown> {
  const cancelled = stored(row.cancelled_appointments_json) as CancelledAppointment[];
  return present({
    orderId: row.order_id,
    amount: row.amount,
    last4: row.last4,
    reasons: stored(row.reasons_json),
    status: row.status,
    createdAt: row.created_at,
    // Only when the request cancelled one: most pay-first funnels book after the assessment.
    cancelledAppointments: cancelled.length === 0 ? undefined : cancelled,
  });
}

/**
 * Cancels the consults still to come that were booked for the order's lead (a funnel that books
 * before its assessment, microbh: pay, book, then the answers rule the patient out), so the slot
 * is free for someone else and the clinic does not wait for a patient it cannot treat online; a
 * consult already begun is left as it was. Returns what it cancelled.
 */
function cancelConsultsOf(db: Db, order: OrderRow, now: string): CancelledAppointment[] {
  const ids = [order.landing_id, ...(order.lead_landing_id === null ? [] : [order.lead_landing_id])];
  return statement<[string, string, string], { id: string; start_time: string | null }>(
    db,
    `UPDATE appointments SET status = 'cancelled', updated_at = ?
     WHERE landing_id IN (SELECT value FROM json_each(?)) AND status <> 'cancelled'
       AND (start_time IS NULL OR start_time > ?)
     RETURNING id, start_time`,
  )
    .all(now, JSON.stringify(ids), now)
    .sort((a, b) => (a.start_time ?? '').localeCompare(b.start_time ?? '') || a.id.localeCompare(b.id))
    .map((row) => present({ appointmentId: row.id, startTime: row.start_time }) as CancelledAppointment);
}

function refundOf(db: Db, orderId: string): RefundRow | undefined {
  return statement<[string], RefundRow>(db, 'SELECT * FROM refund_requests WHERE order_id = ?').get(orderId);
}

/** The answers saved on the lead an order was placed under (its own landing id, else the lead it names). */
function answersOfOrder(db: Db, order: OrderRow): Answer[] {
  const read = statement<[string], { answers_json: string }>(db, 'SELECT answers_json FROM leads WHERE landing_id = ?');
  const row =
    read.get(order.landing_id) ?? (order.lead_landing_id === null ? undefined : read.get(order.lead_landing_id));
  return row === undefined ? [] : (stored(row.answers_json) as Answer[]);
}

/**
 * POST /refund-request: asks for the full refund of an order whose patient the answers rule
 * out. Only a session that owns the order's lead may (src/server/access.ts: the browser that
 * saved it, one that proved it is that patient's by a return link, or staff); to anyone else the
 * order does not exist (404, as for no order). The order must be approved and the answers stored on its lead must show a contraindication by the clinic's
 * rule, whatever the browser says; else 409 and nothing is stored. A consult still to come booked
 * for the order's lead is cancelled with the request (cancelConsultsOf), and the answer names it.
 * Idempotent by order: a second request answers the first (200) and stores nothing.
 */
const requestRefund: OperationHandler = ({ db, body, access }) => {
  const orderId = text(bodyOf(body), 'orderId');
  const order = statement<[string], OrderRow>(
    db,
    'SELECT id, landing_id, lead_landing_id, total, status, last4 FROM orders WHERE id = ?',
  ).get(orderId);
  if (order === undefined || !access.ownsLead(order.landing_id)) notFound('No order with this id.');
  const earlier = refundOf(db, order.id);
  if (earlier !== undefined) return ok(requestView(earlier));
  if (order.status !== 'approved') {
    throw new HttpProblem(409, 'Conflict', 'This order is not an approved payment, so there is nothing to refund.');
  }
  const reasons = contraindicationsOf(answersOfOrder(db, order));
  if (reasons.length === 0) {
    throw new HttpProblem(
      409,
      'Conflict',
      'The answers saved for this order show nothing that rules out treatment online.',
    );
  }
  const now = nowIso();
  const row: RefundRow = {
    order_id: order.id,
    landing_id: order.landing_id,
    amount: order.total,
    last4: order.last4,
    reasons_json: JSON.stringify(reasons),
    status: 'requested',
    created_at: now,
    cancelled_appointments_json: JSON.stringify(cancelConsultsOf(db, order, now)),
  };
  statement(
    db,
    `INSERT INTO refund_requests (order_id, landing_id, amount, last4, reasons_json, status, created_at, cancelled_appointments_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.order_id,
    row.landing_id,
    row.amount,
    row.last4,
    row.reasons_json,
    row.status,
    row.created_at,
    row.cancelled_appointments_json,
  );
  return created(requestView(row));
};

/** GET /staff/refund-requests: the refunds still to make, oldest first, with each order's landing id (staff only). */
const listRefundRequests: OperationHandler = ({ db, access }) => {
  if (!access.staff) throw new HttpProblem(401, 'This call needs the staff credential', 'x-staff-token');
  const rows = statement<[], RefundRow>(
    db,
    "SELECT * FROM refund_requests WHERE status = 'requested' ORDER BY created_at, order_id",
  ).all();
  return ok(rows.map((row) => ({ ...requestView(row), landingId: row.landing_id })));
};

/** The handlers of schemas/app.openapi.json's refunds tag. */
export const REFUND_HANDLERS = { requestRefund, listRefundRequests } satisfies Record<string, OperationHandler>;
