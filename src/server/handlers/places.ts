import { statement } from '../database.ts';
import type { OperationHandler } from '../operation.ts';
import { bodyOf, notFound, ok, text } from './support.ts';

/**
 * The local places service (schemas/app.openapi.json, tag places), answered from the demo
 * places table. What the patient typed arrives in the body; nothing here logs it.
 */

/** How many suggestions one call answers, as a list the patient can scan. */
const SUGGESTION_LIMIT = 5;

/**
 * Text as the places table's search_key holds it: lower case, letters and digits only, words
 * separated by one space. "200  Congress Ave.," and "200 congress ave" are the same key, and
 * the key holds no LIKE wildcard.
 */
export function placeSearchKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface PlaceRow {
  id: string;
  kind: 'address' | 'city' | 'zip';
  line1: string | null;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}

function addressText(row: PlaceRow): string {
  return `${row.line1 ?? ''}, ${row.city}, ${row.state} ${row.zip}`;
}

/** POST /places/suggest: demo addresses whose start, or the start of one of whose words, is the text. */
const suggestPlaces: OperationHandler = ({ db, body }) => {
  const key = placeSearchKey(text(bodyOf(body), 'text'));
  if (key === '') return ok({ suggestions: [] });
  // Addresses that start with the text first, then those with a word that does.
  const rows = statement<[string, string, string, number], PlaceRow>(
    db,
    `SELECT * FROM places
     WHERE kind = 'address' AND (search_key LIKE ? OR search_key LIKE ?)
     ORDER BY search_key LIKE ? DESC, search_key
     LIMIT ?`,
  ).all(`${key}%`, `% ${key}%`, `${key}%`, SUGGESTION_LIMIT);
  return ok({ suggestions: rows.map((row) => ({ placeId: row.id, text: addressText(row) })) });
};

/** GET /places/{placeId}: a demo address split into fields, and its point. */
const getPlace: OperationHandler = ({ db, params }) => {
  const row =
    statement<[string], PlaceRow>(db, "SELECT * FROM places WHERE id = ? AND kind = 'address'").get(
      text(params, 'placeId'),
    ) ?? notFound('No place with this id.');
  return ok({
    address: { line1: row.line1 ?? '', city: row.city, state: row.state, zip: row.zip },
    location: { lat: row.lat, lng: row.lng },
  });
};

/** Kinds of row in the order a lookup prefers them: a city centre, a ZIP code's centre, an address. */
const KIND_ORDER = "CASE kind WHEN 'city' THEN 0 WHEN 'zip' THEN 1 ELSE 2 END";

/**
 * POST /places/locate: the point of a five-digit ZIP code (ZIP+4 too), or of a city named
 * alone or with its state ("Austin", "austin tx", "Austin, TX"); null when none is known.
 */
const locatePlace: OperationHandler = ({ db, body }) => {
  const key = placeSearchKey(text(bodyOf(body), 'text')).replace(/ (us|usa)$/, '');
  let row: PlaceRow | undefined;
  const zip = /^([0-9]{5})(?: [0-9]{4})?$/.exec(key)?.[1];
  if (zip !== undefined) {
    row = statement<[string], PlaceRow>(
      db,
      `SELECT * FROM places WHERE zip = ? ORDER BY ${KIND_ORDER}, id LIMIT 1`,
    ).get(zip);
  } else if (key !== '') {
    // "fort worth tx" is Fort Worth in TX; "fort worth" any state's Fort Worth.
    const withState = /^(.+) ([a-z]{2})$/.exec(key);
    const candidates = statement<[], PlaceRow>(db, `SELECT * FROM places ORDER BY ${KIND_ORDER}, id`).all();
    row =
      candidates.find(
        (candidate) =>
          withState !== null &&
          placeSearchKey(candidate.city) === withState[1] &&
          candidate.state.toLowerCase() === withState[2],
      ) ?? candidates.find((candidate) => placeSearchKey(candidate.city) === key);
  }
  if (row === undefined) return ok({ place: null });
  const label = row.kind === 'address' ? `${row.city}, ${row.state}` : `${row.city}, ${row.state} ${row.zip}`;
  return ok({ place: { lat: row.lat, lng: row.lng, label } });
};

/** The handlers of the places calls of schemas/app.openapi.json. */
export const PLACE_HANDLERS = { suggestPlaces, getPlace, locatePlace } satisfies Record<string, OperationHandler>;
