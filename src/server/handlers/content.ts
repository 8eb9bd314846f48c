import type { QuestionPage } from '../../contract/api-types.ts';
import { decodeJsonField } from '../json-fields.ts';
import type { OperationHandler } from '../operation.ts';
import { HttpProblem } from '../problem.ts';
import { SYMPTOM_PAGES } from '../seed.ts';
import { notFound, numberOf, ok, optionalText, present, stored, text } from './support.ts';
import { statement, type Db } from '../database.ts';

/** The key of a content entry's own version for one brand's site: `error404-ED@female`. */
export function siteContentKey(key: string, site: 'male' | 'female'): string {
  return `${key}@${site}`;
}

/**
 * GET /memoForm/getMarkdown: markdown by content key; keys with no entry are left out. The
 * brand of the request picks its own version of an entry (`{key}@{site}`) when there is one, so
 * the women's site never shows the men's phone or treatments; the plain key serves the rest.
 */
const getMarkdown: OperationHandler = ({ db, query, site }) => {
  const names = decodeJsonField('getMarkdown', '/query/names', query.names) as string[];
  const results: Record<string, string> = {};
  const find = statement<[string], { markdown: string }>(db, 'SELECT markdown FROM content WHERE key = ?');
  for (const name of names) {
    const entry = find.get(siteContentKey(name, site)) ?? find.get(name);
    if (entry) results[name] = entry.markdown;
  }
  return ok({ results });
};

/** GET /memoForm/termsOfService: the terms of a version, or the latest without one. */
const getTermsOfService: OperationHandler = ({ db, query }) => {
  const version = optionalText(query, 'version');
  const row =
    (version === undefined
      ? statement<[], { version: string; effective_date: string; markdown: string }>(
          db,
          'SELECT * FROM terms ORDER BY effective_date DESC, version DESC LIMIT 1',
        ).get()
      : statement<[string], { version: string; effective_date: string; markdown: string }>(
          db,
          'SELECT * FROM terms WHERE version = ?',
        ).get(version)) ?? notFound('No terms of this version.');
  return ok({ version: row.version, effectiveDate: row.effective_date, markdown: row.markdown });
};

/** GET /memoForm/deadEnd: the page shown when an answer ends the funnel. */
const getDeadEnd: OperationHandler = ({ db, query }) => {
  const answer = text(query, 'deadEndAnswer');
  const row =
    statement<[string], { markdown: string }>(db, 'SELECT markdown FROM dead_ends WHERE answer = ?').get(answer) ??
    notFound('No dead-end page for this answer.');
  return ok({ deadEndAnswer: answer, markdown: row.markdown });
};

/**
 * A page of a form's questions as stored (the JSON of a QuestionPage), or null: what
 * GET /memoForm/pageQuestions answers with, and what the server renders into a form's first
 * page (src/server/pages.ts).
 */
export function questionPageJson(db: Db, formId: string, pageId: string): string | null {
  return (
    statement<[string, string], { page_json: string }>(
      db,
      'SELECT page_json FROM question_pages WHERE form_id = ? AND page_id = ?',
    ).get(formId, pageId)?.page_json ?? null
  );
}

/** GET /memoForm/pageQuestions: pages of a form, in the order asked; 404 when one is missing. */
const getPageQuestions: OperationHandler = ({ db, query }) => {
  const formId = text(query, 'formId');
  const pages = [...new Set(text(query, 'pageIds').split(','))].map((pageId) => {
    const json = questionPageJson(db, formId, pageId) ?? notFound('No such form, or one of the pages does not exist.');
    return stored(json) as QuestionPage;
  });
  return ok({ formId, pages });
};

/** GET /memoForm/symptomQuestions: the assessment's symptom questions of the request's brand, asked again of a customer. */
const getSymptomQuestions: OperationHandler = ({ db, query, access, site }) => {
  const landingId = text(query, 'landing_id');
  if (!access.hasLead(landingId) || !access.hasCustomer(text(query, 'customerId'))) {
    notFound('No lead under this landing id, or no such customer.');
  }
  const page = questionPageJson(db, SYMPTOM_PAGES[site].formId, SYMPTOM_PAGES[site].pageId);
  return ok({ landing_id: landingId, questions: page === null ? [] : (stored(page) as QuestionPage).questions });
};

/** GET /memoForm/resolveURL: where a short link points, as stored (the app decides whether to follow it). */
const resolveUrl: OperationHandler = ({ db, query }) => {
  const row = statement<[string], { url: string }>(db, 'SELECT url FROM short_links WHERE hash = ?').get(
    text(query, 'hash'),
  );
  // SPEC §4 and §8: this wording, with no details.
  if (!row) throw new HttpProblem(404, 'short url hash not found');
  return ok({ url: row.url });
};

/** GET /memoForm/stateEncounterTypes/{state}. */
const getStateEncounterTypes: OperationHandler = ({ db, params }) => {
  const state = text(params, 'state');
  const row =
    statement<[string], { encounter_types_json: string }>(
      db,
      'SELECT encounter_types_json FROM state_encounter_types WHERE state = ?',
    ).get(state) ?? notFound('No encounter types are set for this state.');
  return ok({ state, encounterTypes: stored(row.encounter_types_json) as string[] });
};

interface MicroclinicRow {
  id: string;
  name: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}

/** How far the microclinic search reaches, and how many it answers. */
const MICROCLINIC_RADIUS_MILES = 250;
const MICROCLINIC_LIMIT = 5;
const EARTH_RADIUS_MILES = 3958.8;

/** The great-circle distance between two points, in miles. */
export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(lat2 - lat1);
  const dLng = radians(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** GET /mipH2/microClinic: the nearest microclinics within 250 miles, nearest first (up to 5). */
const getMicroClinic: OperationHandler = ({ db, query }) => {
  const lat = numberOf(query, 'lat');
  const lng = numberOf(query, 'lng');
  const locations = statement<[], MicroclinicRow>(db, 'SELECT * FROM microclinics')
    .all()
    .map((row) => ({ row, distance: milesBetween(lat, lng, row.lat, row.lng) }))
    .filter((item) => item.distance <= MICROCLINIC_RADIUS_MILES)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MICROCLINIC_LIMIT)
    .map(({ row, distance }) => ({
      id: row.id,
      name: row.name,
      address: present({ line1: row.line1, city: row.city, state: row.state, zip: row.zip }),
      lat: row.lat,
      lng: row.lng,
      distanceMiles: Math.round(distance * 10) / 10,
    }));
  return ok({ locations });
};

export const CONTENT_HANDLERS = {
  getMarkdown,
  getTermsOfService,
  getDeadEnd,
  getPageQuestions,
  getSymptomQuestions,
  resolveUrl,
  getStateEncounterTypes,
  getMicroClinic,
} satisfies Record<string, OperationHandler>;
