import { statement, type Db } from '../database.ts';
import type { OperationHandler } from '../operation.ts';
import { HttpProblem } from '../problem.ts';
import { leadView } from './leads.ts';
import { bodyOf, notFound, nowIso, ok, stored, text } from './support.ts';
import { migrateJourneyState } from '../../contract/journey-state.ts';
import {
  assignmentView,
  countReach,
  experimentOnFirstSave,
  forgetOldExperiments,
  journeyExperimentOf,
  sessionPatientKey,
  type JourneyExperiment,
  type ReachState,
} from '../experiments.ts';
import { furthestHeldStep, journeyLandingIds } from '../step-doors.ts';

/**
 * How long a journey is kept after its last save: a patient may come back a month later, in the
 * same browser (as long as its session lives: src/server/session-lifetime.ts) or with a return
 * link, which brings a paid journey to the new session (src/server/handlers/sessions.ts).
 */
export const JOURNEY_RETENTION_DAYS = 30;

interface JourneyRow {
  path_code: string;
  state_json: string;
  revision: number;
  updated_at: string;
}

/** A journey as saved (checked against the contract then), of this version or an older one. */
type SavedState = Parameters<typeof migrateJourneyState>[0];

/**
 * A journey as the contract gives it, with its split test when it is in one: whatever version
 * it was saved in is read as the current one.
 */
function journeyView(row: JourneyRow, experiment: JourneyExperiment | undefined) {
  const state = migrateJourneyState(stored(row.state_json) as SavedState);
  const assignment = assignmentView(experiment);
  return {
    pathCode: row.path_code,
    state,
    revision: row.revision,
    updatedAt: row.updated_at,
    // Only when there is one: most journeys are in no split test.
    ...(assignment === null ? {} : { assignment }),
  };
}

function journeyOf(db: Db, journeyId: string, pathCode: string): JourneyRow | undefined {
  return statement<[string, string], JourneyRow>(
    db,
    'SELECT path_code, state_json, revision, updated_at FROM journeys WHERE journey_id = ? AND path_code = ?',
  ).get(journeyId, pathCode);
}

/**
 * The landing id (the lead) of a session's journey for a code, as the browser saved it: the
 * results page shows that lead's results (GET /journey/lead), and says there are none to a
 * journey without one (the page the server sends: src/server/pages.ts). No version of the
 * journey renamed it.
 */
export function journeyLandingId(db: Db, sessionId: string, pathCode: string): string | undefined {
  const row = journeyOf(db, sessionId, pathCode);
  const state = row === undefined ? undefined : (stored(row.state_json) as { landingId?: unknown });
  return typeof state?.landingId === 'string' && state.landingId !== '' ? state.landingId : undefined;
}

/** GET /journey: the journey of this browser's cookie and a campaign code. */
const getJourney: OperationHandler = ({ db, query, access }) => {
  const id = access.existingSessionId();
  const pathCode = text(query, 'pathCode');
  const row = id === undefined ? undefined : journeyOf(db, id, pathCode);
  // None yet is the usual answer for a new patient, not an error: a 404 would be logged in red by every browser.
  return ok(row === undefined || id === undefined ? null : journeyView(row, journeyExperimentOf(db, id, pathCode)));
};

/** The 409 of a save whose baseRevision is not the journey's revision: what the browser must do next. */
function staleSave(current: number | undefined, baseRevision: number | null): never {
  const details =
    current === undefined
      ? `This save was made over revision ${String(baseRevision)}, but this browser has no journey for this code (it was started over or has expired): load it again and save with no baseRevision.`
      : baseRevision === null
        ? `This browser already has a journey for this code, at revision ${current}: load it, apply the change to it and save with baseRevision ${current}.`
        : `This save was made over revision ${baseRevision}, but the journey is at revision ${current}: load it again, apply the change to it and save with baseRevision ${current}.`;
  throw new HttpProblem(409, 'The journey has changed since it was loaded', details);
}

/**
 * PUT /journey: replaces the journey of this browser and code if it is still at the revision
 * the browser made its state from (baseRevision; none for a first save), setting the cookie on
 * the first save. A save over a revision that is no longer current is refused with 409: two
 * tabs (or a retried request) each replacing the whole journey would otherwise lose the
 * answers of the one that saved first. Journeys untouched for JOURNEY_RETENTION_DAYS are
 * deleted on the way: they hold answers, which are kept no longer than a patient could need them.
 */
const saveJourney: OperationHandler = ({
  db,
  body,
  access,
  site,
  engine,
  experiments,
  admitsSplitTestEntrant,
  linkSecret,
}) => {
  const fields = bodyOf(body);
  // The first save starts the browser's session: its cookie goes back with the answer.
  const id = access.sessionId();
  const pathCode = text(fields, 'pathCode');
  const baseRevision = typeof fields.baseRevision === 'number' ? fields.baseRevision : null;
  // A tab opened before a release may still send an older version: it is stored as the current one.
  const state = migrateJourneyState(fields.state as SavedState) as ReachState;
  const stateJson = JSON.stringify(state);
  // Beside the state, so a funnel change can count who stands on each version (docs/api.md).
  const funnelVersion = typeof state.funnel?.version === 'string' ? state.funnel.version : null;
  const now = nowIso();
  const cutoff = new Date(Date.now() - JOURNEY_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  // First, so an expired journey counts as none.
  statement(db, 'DELETE FROM journeys WHERE updated_at < ?').run(cutoff);
  forgetOldExperiments(db, cutoff);
  const where = { site, code: pathCode, journeyId: id, now };
  // A new journey's split test (issue 29): the one the session had for the code (Start over
  // keeps it), the variant of the patient a return link proved it to be, or a variant given
  // now, once, when a test runs on the code.
  const experiment =
    baseRevision === null
      ? experimentOnFirstSave(
          db,
          engine,
          experiments,
          where,
          admitsSplitTestEntrant,
          sessionPatientKey(db, linkSecret, id),
        )
      : journeyExperimentOf(db, id, pathCode);
  // The compare and the set are one statement each, so no other writer (another request, or
  // another process on the same file) can come between them.
  const saved =
    baseRevision === null
      ? statement<[string, string, string, string | null, string, string], { revision: number }>(
          db,
          `INSERT INTO journeys (journey_id, path_code, state_json, funnel_version, revision, created_at, updated_at)
           VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (journey_id, path_code) DO NOTHING RETURNING revision`,
        ).get(id, pathCode, stateJson, funnelVersion, now, now)
      : statement<[string, string | null, string, string, string, number], { revision: number }>(
          db,
          `UPDATE journeys SET state_json = ?, funnel_version = ?, revision = revision + 1, updated_at = ?
           WHERE journey_id = ? AND path_code = ? AND revision = ? RETURNING revision`,
        ).get(stateJson, funnelVersion, now, id, pathCode, baseRevision);
  if (saved === undefined) staleSave(journeyOf(db, id, pathCode)?.revision, baseRevision);
  // The journey's lead, when this session owns it: what the counts hold a step's facts by.
  const landingId = (state as { landingId?: unknown }).landingId;
  const lead =
    typeof landingId === 'string' && landingId !== '' && access.ownsLead(landingId)
      ? { landingId, journeyIds: journeyLandingIds(db, access, landingId, pathCode) }
      : undefined;
  const counted =
    experiment === undefined
      ? undefined
      : countReach(db, engine, where, experiment, state, (plan, claimed) => furthestHeldStep(db, plan, claimed, lead));
  return ok(
    journeyView({ path_code: pathCode, state_json: stateJson, revision: saved.revision, updated_at: now }, counted),
  );
};

/**
 * GET /journey/lead: the lead under the landing id of this browser's journey, so a screen can
 * read it without putting the landing id (base64 of the last name and email) in a URL.
 */
const getJourneyLead: OperationHandler = ({ db, query, access }) => {
  const id = access.existingSessionId();
  const landingId = id === undefined ? undefined : journeyLandingId(db, id, text(query, 'pathCode'));
  // The browser writes its journey itself: a landing id put there is read only if this session owns the lead.
  const lead = landingId === undefined || !access.ownsLead(landingId) ? undefined : leadView(db, landingId);
  return ok(lead ?? notFound('This journey has no lead yet.'));
};

/** DELETE /journey: start over; the saved leads and orders stay. */
const deleteJourney: OperationHandler = ({ db, query, access }) => {
  const id = access.existingSessionId();
  const pathCode = text(query, 'pathCode');
  const removed =
    id === undefined
      ? 0
      : statement(db, 'DELETE FROM journeys WHERE journey_id = ? AND path_code = ?').run(id, pathCode).changes;
  return ok({ pathCode, forgotten: removed > 0 });
};

/** The handlers of schemas/app.openapi.json. */
export const JOURNEY_HANDLERS = { getJourney, saveJourney, getJourneyLead, deleteJourney } satisfies Record<
  string,
  OperationHandler
>;
