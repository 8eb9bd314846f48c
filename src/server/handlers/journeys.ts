import { SESSION_DAYS } from '../access.ts';
import { statement } from '../database.ts';
import type { OperationHandler } from '../operation.ts';
import { leadView } from './leads.ts';
import { bodyOf, notFound, nowIso, ok, stored, text } from './support.ts';

/** How long a journey is kept after its last save: a patient may come back to the link a month later. */
export const JOURNEY_RETENTION_DAYS = SESSION_DAYS;

interface JourneyRow {
  path_code: string;
  state_json: string;
  updated_at: string;
}

function journeyView(row: JourneyRow) {
  return { pathCode: row.path_code, state: stored(row.state_json), updatedAt: row.updated_at };
}

/** GET /journey: the journey of this browser's cookie and a campaign code. */
const getJourney: OperationHandler = ({ db, query, access }) => {
  const id = access.existingSessionId();
  const pathCode = text(query, 'pathCode');
  const row =
    id === undefined
      ? undefined
      : statement<[string, string], JourneyRow>(
          db,
          'SELECT path_code, state_json, updated_at FROM journeys WHERE journey_id = ? AND path_code = ?',
        ).get(id, pathCode);
  // None yet is the usual answer for a new patient, not an error: a 404 would be logged in red by every browser.
  return ok(row === undefined ? null : journeyView(row));
};

/**
 * PUT /journey: replaces the journey of this browser and code, setting the cookie on the first
 * save. Journeys untouched for JOURNEY_RETENTION_DAYS are deleted on the way: they hold
 * answers, which are kept no longer than a patient could need them.
 */
const saveJourney: OperationHandler = ({ db, body, access }) => {
  const fields = bodyOf(body);
  // The first save starts the browser's session: its cookie goes back with the answer.
  const id = access.sessionId();
  const now = nowIso();
  const row: JourneyRow = {
    path_code: text(fields, 'pathCode'),
    state_json: JSON.stringify(fields.state),
    updated_at: now,
  };
  statement(
    db,
    `INSERT INTO journeys (journey_id, path_code, state_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (journey_id, path_code) DO UPDATE SET state_json = excluded.state_json, updated_at = excluded.updated_at`,
  ).run(id, row.path_code, row.state_json, now, now);
  const cutoff = new Date(Date.now() - JOURNEY_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  statement(db, 'DELETE FROM journeys WHERE updated_at < ?').run(cutoff);
  return ok(journeyView(row));
};

/**
 * GET /journey/lead: the lead under the landing id of this browser's journey, so a screen can
 * read it without putting the landing id (base64 of the last name and email) in a URL.
 */
const getJourneyLead: OperationHandler = ({ db, query, access }) => {
  const id = access.existingSessionId();
  const row =
    id === undefined
      ? undefined
      : statement<[string, string], JourneyRow>(
          db,
          'SELECT path_code, state_json, updated_at FROM journeys WHERE journey_id = ? AND path_code = ?',
        ).get(id, text(query, 'pathCode'));
  const state = row === undefined ? undefined : (stored(row.state_json) as { landingId?: unknown });
  const landingId = typeof state?.landingId === 'string' ? state.landingId : undefined;
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
