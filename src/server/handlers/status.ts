import type { Db } from '../database.ts';
import type { OperationHandler } from '../operation.ts';
import { bodyOf, notFound, nowIso, ok, present, text } from './support.ts';
import { statement } from '../database.ts';

type LeadStatus = 'CED' | 'CHRT' | 'FCHRT';

function recordStatus(db: Db, status: LeadStatus, landingId: string, leadLandingId?: string) {
  const updatedAt = nowIso();
  statement(db, 'INSERT INTO status_updates (kind, landing_id, lead_landing_id, created_at) VALUES (?, ?, ?, ?)').run(
    status,
    landingId,
    leadLandingId ?? null,
    updatedAt,
  );
  return ok(present({ landing_id: landingId, leadLandingId, status, updatedAt }));
}

/** POST /memoForm/updateCEDStatus: records the CED status on a lead (SPEC §4). */
const updateCedStatus: OperationHandler = ({ db, body, access }) => {
  const landingId = text(bodyOf(body), 'landing_id');
  if (!access.hasLead(landingId)) notFound('No lead under this landing id.');
  return recordStatus(db, 'CED', landingId);
};

/** POST /memoForm/updateCHRTStatus and updateFCHRTStatus: links a continuous-HRT lead to the first lead. */
function linkStatus(status: 'CHRT' | 'FCHRT'): OperationHandler {
  return ({ db, body, access }) => {
    const fields = bodyOf(body);
    const landingId = text(fields, 'landing_id');
    const leadLandingId = text(fields, 'leadLandingId');
    if (!access.hasLead(landingId) || !access.hasLead(leadLandingId)) {
      notFound('No lead under landing_id or leadLandingId.');
    }
    return recordStatus(db, status, landingId, leadLandingId);
  };
}

/**
 * POST /memoForm/checkLinkCHRT: whether a landing id was linked by a CHRT or FCHRT status
 * update, from either side, and to which lead.
 */
const checkLinkChrt: OperationHandler = ({ db, body, access }) => {
  const landingId = text(bodyOf(body), 'landing_id');
  // Another patient's landing id is as unlinked as an unknown one: the answer would name their other lead.
  if (!access.ownsLead(landingId)) return ok({ landing_id: landingId, linked: false });
  const link = statement<[string, string], { landing_id: string; lead_landing_id: string | null }>(
    db,
    `SELECT landing_id, lead_landing_id FROM status_updates
     WHERE kind IN ('CHRT', 'FCHRT') AND (landing_id = ? OR lead_landing_id = ?)
     ORDER BY id DESC LIMIT 1`,
  ).get(landingId, landingId);
  if (!link) return ok({ landing_id: landingId, linked: false });
  const other = link.landing_id === landingId ? link.lead_landing_id : link.landing_id;
  return ok(present({ landing_id: landingId, linked: true, leadLandingId: other }));
};

export const STATUS_HANDLERS = {
  updateCedStatus,
  updateChrtStatus: linkStatus('CHRT'),
  updateFchrtStatus: linkStatus('FCHRT'),
  checkLinkChrt,
} satisfies Record<string, OperationHandler>;
