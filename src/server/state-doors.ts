import type { Access } from './access.ts';
import { statement, type Db } from './database.ts';
import { HttpProblem } from './problem.ts';
import { stored } from './handlers/support.ts';
import { journeyLandingIds, journeyPlan } from './step-doors.ts';
import type { Answer } from '../contract/api-types.ts';
import type { Site } from '../engine/config-types.ts';
import type { FunnelEngine } from '../engine/funnel-plan.ts';
import { asksLiveVisit, liveVisitAfter, productOfFunnel, servesState } from '../engine/state-rules.ts';
import { isUsStateCode, usStateName } from '../domain/us-states.ts';

/**
 * Issue 38 point 1: the server keeps the clinic's state rules at the order's door, whatever the
 * browser did. An order is refused, nothing charged, when the patient's state is not one the
 * code's product is served in (422 `state-not-served`), and when the state asks a live visit
 * before a clinician prescribes and the patient's path has none: not booked before the order,
 * not a later step of the same path, not the variant's staff (409 `live-visit-first`). The rules
 * are config's (src/engine/state-rules.ts); the state's encounter types are this server's
 * stateEncounterTypes rows, the same ones GET /memoForm/stateEncounterTypes answers.
 */

export const STATE_NOT_SERVED_REASON = 'state-not-served';
export const LIVE_VISIT_FIRST_REASON = 'live-visit-first';

/** The shipping address question's ref, and where its state sits in the answer (src/shared/questions). */
const SHIPPING_ADDRESS_REF = 'shipping-address';
const ADDRESS_STATE_INDEX = 3;

/**
 * The patient's state, as the server holds it: their answer to the state question, else their
 * shipping address's, else the billing address of the order's card. Upper case; null when none is valid.
 */
export function patientStateOf(db: Db, landingId: string, billingCustomerJson: string | null): string | null {
  const lead = statement<[string], { answers_json: string }>(
    db,
    'SELECT answers_json FROM leads WHERE landing_id = ?',
  ).get(landingId);
  const answers = lead === undefined ? [] : (stored(lead.answers_json) as Answer[]);
  const valueOf = (ref: string, index: number) => answers.find((answer) => answer.ref === ref)?.value[index];
  const billing =
    billingCustomerJson === null
      ? undefined
      : (stored(billingCustomerJson) as { address?: { state?: unknown } }).address?.state;
  const candidates = [valueOf('state', 0), valueOf(SHIPPING_ADDRESS_REF, ADDRESS_STATE_INDEX), billing];
  for (const candidate of candidates) {
    const state = typeof candidate === 'string' ? candidate.trim().toUpperCase() : '';
    if (isUsStateCode(state)) return state;
  }
  return null;
}

/** The encounter types the server holds for a state; an unknown state allows none. */
function encounterTypesOf(db: Db, state: string): string[] {
  const row = statement<[string], { encounter_types_json: string }>(
    db,
    'SELECT encounter_types_json FROM state_encounter_types WHERE state = ?',
  ).get(state);
  return row === undefined ? [] : (stored(row.encounter_types_json) as string[]);
}

/**
 * Refuses an order whose patient's state the code's product is not served in, or which needs a
 * live visit first and has none (see above). Staff pass, as at the step's door: the call centre
 * decides on the phone. A code with no funnel, a funnel whose product clinic-rules does not
 * name, and a patient whose state is not known yet keep no door here. Call it after the
 * ownership check and before anything is written.
 */
export function refuseByState(
  context: { db: Db; access: Access; engine: FunnelEngine; site: Site },
  landingId: string,
  pathCode: string | null,
  billingCustomerJson: string | null,
): void {
  const { db, access, engine, site } = context;
  if (access.staff || pathCode === null || pathCode === '') return;
  const code = pathCode.toLowerCase();
  const other: Site = site === 'male' ? 'female' : 'male';
  const found = engine.funnelFor(code, site) ?? engine.funnelFor(code, other);
  if (found === undefined) return;
  const rules = engine.config.clinicRules;
  const product = productOfFunnel(rules, found.funnel);
  const state = patientStateOf(db, landingId, billingCustomerJson);
  if (product === undefined || state === null) return;
  if (!servesState(product.product, state)) {
    throw new HttpProblem(
      422,
      'We do not treat patients in this state yet',
      `We cannot treat patients in ${usStateName(state)} yet, so nothing was charged.`,
      { reason: STATE_NOT_SERVED_REASON, state },
    );
  }
  if (!asksLiveVisit(encounterTypesOf(db, state))) return;
  const plan = journeyPlan(db, engine, found.funnel.site, code, access.existingSessionId());
  const orderIndex = plan?.pages.findIndex((page) => ['payment', 'checkout'].includes(page.route.screen)) ?? -1;
  if (plan === undefined || orderIndex === -1) return;
  if (liveVisitAfter(engine.config, plan, orderIndex)) return;
  const ids = JSON.stringify(journeyLandingIds(db, access, landingId, code));
  const booked = statement<[string], { one: number }>(
    db,
    "SELECT 1 AS one FROM appointments WHERE status <> 'cancelled' AND landing_id IN (SELECT value FROM json_each(?))",
  ).get(ids);
  if (booked !== undefined) return;
  throw new HttpProblem(
    409,
    'A video visit comes first',
    `${usStateName(state)} asks a live video visit before a clinician can prescribe, so nothing was charged. Book the visit, then place the order.`,
    { reason: LIVE_VISIT_FIRST_REASON, state },
  );
}
