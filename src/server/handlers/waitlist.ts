import { statement } from '../database.ts';
import type { OperationHandler } from '../operation.ts';
import { HttpProblem } from '../problem.ts';
import { bodyOf, created, notFound, nowIso, ok, text } from './support.ts';
import type { Site } from '../../engine/config-types.ts';
import { productOfFunnel, servesState } from '../../engine/state-rules.ts';
import { usStateName } from '../../domain/us-states.ts';

/**
 * The state waitlist (schemas/app.openapi.json, tag waitlist; issue 38 point 1): a patient told
 * the clinic does not treat patients in their state yet may leave an address to hear when it
 * does. The product is the campaign code's funnel's, by config/clinic-rules.json, whatever the
 * browser says; the address is for that one message and is never logged or answered back.
 */

interface WaitlistRow {
  product: string;
  state: string;
  email: string;
  path_code: string;
  created_at: string;
}

const entryView = (row: WaitlistRow) => ({ product: row.product, state: row.state, createdAt: row.created_at });

/** POST /state-waitlist: anyone, rate limited; one entry per product, state and address. */
const joinStateWaitlist: OperationHandler = ({ db, body, engine, site }) => {
  const values = bodyOf(body);
  const code = text(values, 'pathCode').toLowerCase();
  const state = text(values, 'state');
  // The address is compared as the mailbox reads it: a second ask in other capitals is the same.
  const email = text(values, 'email').trim().toLowerCase();
  const other: Site = site === 'male' ? 'female' : 'male';
  const funnel = (engine.funnelFor(code, site) ?? engine.funnelFor(code, other))?.funnel;
  const product = funnel === undefined ? undefined : productOfFunnel(engine.config.clinicRules, funnel);
  if (product === undefined) notFound('No product is sold under this campaign code.');
  if (servesState(product.product, state)) {
    throw new HttpProblem(409, 'Conflict', `We already treat patients in ${usStateName(state)}.`);
  }
  const earlier = statement<[string, string, string], WaitlistRow>(
    db,
    'SELECT * FROM state_waitlist WHERE product = ? AND state = ? AND email = ?',
  ).get(product.id, state, email);
  if (earlier !== undefined) return ok(entryView(earlier));
  const row: WaitlistRow = { product: product.id, state, email, path_code: code, created_at: nowIso() };
  statement(db, 'INSERT INTO state_waitlist (product, state, email, path_code, created_at) VALUES (?, ?, ?, ?, ?)').run(
    row.product,
    row.state,
    row.email,
    row.path_code,
    row.created_at,
  );
  return created(entryView(row));
};

/** GET /staff/state-waitlist: every entry by product and state, oldest first (staff only). */
const listStateWaitlist: OperationHandler = ({ db, access }) => {
  if (!access.staff) throw new HttpProblem(401, 'This call needs the staff credential', 'x-staff-token');
  const rows = statement<[], WaitlistRow>(
    db,
    'SELECT * FROM state_waitlist ORDER BY product, state, created_at, email',
  ).all();
  return ok(rows.map((row) => ({ ...entryView(row), email: row.email, pathCode: row.path_code })));
};

/** The handlers of schemas/app.openapi.json's waitlist tag. */
export const WAITLIST_HANDLERS = { joinStateWaitlist, listStateWaitlist } satisfies Record<string, OperationHandler>;
