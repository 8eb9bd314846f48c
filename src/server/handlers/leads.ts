import { HttpProblem } from '../problem.ts';
import { patientKeyOf, recognisePatient } from '../experiments.ts';
import type { Db } from '../database.ts';
import { decodeJsonField } from '../json-fields.ts';
import type { OperationHandler } from '../operation.ts';
import { bodyOf, leadExists, notFound, nowIso, ok, optionalText, present, stored, text } from './support.ts';
import { statement } from '../database.ts';
import { FORM_IDS } from '../../contract/form-ids.ts';
import { pathCodeOfLead, refuseClosedStep } from '../step-doors.ts';
import { currentContactIds } from '../../domain/contact-questions.ts';
import { reasonText } from '../../domain/qualification.ts';
import { contraindicationsOf } from '../contraindications.ts';
import { refuseImplausibleBirthdates } from '../birthdates.ts';
import { recordLeadAnswers } from '../consent-records.ts';
// The decoded `lead` field and its parts are the contract's own types.
import type { Answer, LeadPayload, Scores, ShownTexts } from '../../contract/api-types.ts';

interface LeadRow {
  landing_id: string;
  form_id: string;
  path_code: string | null;
  lead_json: string;
  answers_json: string;
  scores_json: string | null;
  updated_at: string;
}

/** The form id of a lead that does not name one (SPEC §3: default MIP). */
const DEFAULT_FORM_ID = FORM_IDS.assessment;

function findLead(db: Db, landingId: string): LeadRow | undefined {
  return statement<[string], LeadRow>(db, 'SELECT * FROM leads WHERE landing_id = ?').get(landingId);
}

/**
 * POST /memoForm/saveLead: stores the lead under its own landing_id, replacing an earlier save
 * of the same landing id (the funnel saves again as the patient goes on). Scores left out keep
 * the ones saved before. A landingId beside the lead that differs from it is kept as linked.
 */
const saveLead: OperationHandler = ({ db, body, access, engine, site, linkSecret }) => {
  const fields = bodyOf(body);
  const lead = decodeJsonField('saveLead', '/body/lead', fields.lead) as LeadPayload;
  // A birth date no patient can have (in the future, more than 110 years ago) is a typing slip: refused, nothing kept.
  refuseImplausibleBirthdates('/body/lead/answers', lead.answers);
  // A landing id is a name, an email and a date: anyone can build another patient's. Only the
  // session that saved a lead may save over it; a new one becomes this session's.
  const exists = leadExists(db, lead.landing_id);
  if (exists && !access.ownsLead(lead.landing_id)) {
    throw new HttpProblem(
      409,
      'Conflict',
      'A lead is already saved under this landing id by another browser. Save under a new landing id.',
    );
  }
  // An intake's answers only where its funnel has opened the intake, by what is stored before
  // this save (src/server/step-doors.ts): nothing is saved or granted otherwise.
  if (lead.formId === FORM_IDS.intake) {
    const pathCode = lead.pathCode ?? (exists ? pathCodeOfLead(db, lead.landing_id) : null);
    refuseClosedStep({ db, access, engine, site }, 'intake', lead.landing_id, pathCode);
  }
  if (!exists) access.grant('lead', lead.landing_id);
  const scores =
    fields.scores === undefined ? null : (decodeJsonField('saveLead', '/body/scores', fields.scores) as Scores);
  const landingId = text(fields, 'landingId');
  const { answers, ...rest } = lead;
  const earlier = exists ? (stored(findLead(db, lead.landing_id)?.answers_json ?? '[]') as Answer[]) : [];
  const now = nowIso();
  statement(
    db,
    `INSERT INTO leads (landing_id, form_id, path_code, lead_json, answers_json, scores_json, linked_landing_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (landing_id) DO UPDATE SET
       form_id = excluded.form_id,
       path_code = excluded.path_code,
       lead_json = excluded.lead_json,
       answers_json = excluded.answers_json,
       scores_json = coalesce(excluded.scores_json, leads.scores_json),
       linked_landing_id = coalesce(excluded.linked_landing_id, leads.linked_landing_id),
       updated_at = excluded.updated_at`,
  ).run(
    lead.landing_id,
    lead.formId ?? DEFAULT_FORM_ID,
    lead.pathCode ?? null,
    JSON.stringify(rest),
    JSON.stringify(answers),
    scores === null ? null : JSON.stringify(scores),
    landingId === lead.landing_id ? null : landingId,
    now,
    now,
  );
  // What the patient was shown when they gave these answers, kept beside them (issue 38 point 4).
  recordLeadAnswers(db, {
    landingId: lead.landing_id,
    pathCode: lead.pathCode ?? pathCodeOfLead(db, lead.landing_id),
    answers,
    earlier,
    shown: fields.shown as ShownTexts | undefined,
  });
  // The patient of the session's split test is known from now on: one patient in two sessions
  // is counted once (issue 39 point 3).
  const code = lead.pathCode ?? pathCodeOfLead(db, lead.landing_id);
  const session = access.existingSessionId();
  if (lead.email.trim() !== '' && code !== null && session !== undefined)
    recognisePatient(db, session, code, patientKeyOf(linkSecret, lead.email));
  return ok({ landing_id: lead.landing_id, savedAt: now });
};

/** The lead saved under a landing id, with its scores, as getLead answers it; undefined when there is none. */
export function leadView(db: Db, landingId: string): Record<string, unknown> | undefined {
  const row = findLead(db, landingId);
  if (!row) return undefined;
  const lead = stored(row.lead_json) as Omit<LeadPayload, 'answers'>;
  return present({
    ...lead,
    formId: row.form_id,
    answers: currentContactIds(stored(row.answers_json) as Answer[]),
    scores: row.scores_json === null ? undefined : (stored(row.scores_json) as Scores),
    savedAt: row.updated_at,
  });
}

/** GET /memoForm/getLead: the lead saved under a landing id, with its scores. */
const getLead: OperationHandler = ({ db, query, access }) => {
  const landingId = text(query, 'landing_id');
  return ok(
    (access.ownsLead(landingId) ? leadView(db, landingId) : undefined) ??
      notFound('No lead is saved under this landing id.'),
  );
};

/** GET /memoForm/answers: the answers saved for a landing id and form. */
const getAnswers: OperationHandler = ({ db, query, access }) => {
  const landingId = text(query, 'landing_id');
  const row = access.ownsLead(landingId) ? findLead(db, landingId) : undefined;
  const formId = text(query, 'formId');
  if (!row || row.form_id !== formId) notFound('No answers are saved for this landing id and form.');
  const lead = stored(row.lead_json) as Omit<LeadPayload, 'answers'>;
  return ok(
    present({
      landing_id: row.landing_id,
      formId: row.form_id,
      answers: currentContactIds(stored(row.answers_json) as Answer[]),
      submitted_at: lead.submitted_at,
    }),
  );
};

/**
 * POST /memoForm/checkCustQualifications: whether the answers qualify the patient. Under 18
 * (from the birthdate answer) or a yes to a disqualifying question is a no, with the reasons
 * (src/domain/qualification.ts); a birth date no patient can have is a 400 (src/server/birthdates.ts).
 */
const checkCustQualifications: OperationHandler = ({ body }) => {
  const fields = bodyOf(body);
  const lead = decodeJsonField('checkCustQualifications', '/body/lead', fields.lead) as LeadPayload;
  // No verdict on a birth date no patient can have: the same 400 as saveLead's.
  refuseImplausibleBirthdates('/body/lead/answers', lead.answers);
  const reasons = contraindicationsOf(lead.answers).map(reasonText);
  return ok({ qualified: reasons.length === 0, reasons });
};

/** POST /memoForm/checkLandingId: whether a submission is already saved under the landing id. */
const checkLandingId: OperationHandler = ({ db, body }) => {
  const landingId = text(bodyOf(body), 'landing_id');
  return ok({ landing_id: landingId, exists: leadExists(db, landingId) });
};

/** POST /memoForm/updateHRTPatient: records the tracking call (mpid, landing id, page path). */
const updateHrtPatient: OperationHandler = ({ db, body, access }) => {
  const fields = bodyOf(body);
  const landingId = text(fields, 'landing_id');
  const mpid = text(fields, 'mpid');
  if (!access.hasLead(landingId)) notFound('No lead under this landing id.');
  const now = nowIso();
  statement(db, 'INSERT INTO hrt_patient_updates (mpid, landing_id, location, created_at) VALUES (?, ?, ?, ?)').run(
    mpid,
    landingId,
    optionalText(fields, 'location') ?? null,
    now,
  );
  return ok({ landing_id: landingId, mpid, recordedAt: now });
};

export const LEAD_HANDLERS = {
  saveLead,
  getLead,
  getAnswers,
  checkCustQualifications,
  checkLandingId,
  updateHrtPatient,
} satisfies Record<string, OperationHandler>;
