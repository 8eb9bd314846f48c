import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A fake of Google's Places API (New) under /places: autocomplete, place details and text
 * search, answering in the shapes Google documents, for the adapter tests and the
 * production-like end-to-end run. Mount it with `handlePlaces(request, response, url)` and
 * point PLACES_API_URL at `http://127.0.0.1:<port>/places`.
 *
 * The API key header says how to behave: a key starting `error-` gets 500, `slow-` an answer
 * after 10 s, `malformed-` a body that is not JSON; any other key is served normally, and a
 * request with no key gets 403 as from Google.
 */

export const PLACES_FAKE_PREFIX = '/places';
/** How long a `slow-` key waits: longer than the adapter's 4 s timeout. */
export const PLACES_FAKE_SLOW_MS = 10_000;

interface FakePlace {
  id: string;
  number: string;
  street: string;
  streetShort: string;
  city: string;
  county: string;
  state: string;
  stateName: string;
  zip: string;
  lat: number;
  lng: number;
}

/** Addresses the fake knows; the first also shares a ZIP with a demo microclinic. */
export const FAKE_PLACES: readonly FakePlace[] = [
  {
    id: 'ChIJfakeCongress200',
    number: '200',
    street: 'Congress Avenue',
    streetShort: 'Congress Ave',
    city: 'Austin',
    county: 'Travis County',
    state: 'TX',
    stateName: 'Texas',
    zip: '78701',
    lat: 30.2649,
    lng: -97.7445,
  },
  {
    id: 'ChIJfakeCongress1100',
    number: '1100',
    street: 'Congress Avenue',
    streetShort: 'Congress Ave',
    city: 'Austin',
    county: 'Travis County',
    state: 'TX',
    stateName: 'Texas',
    zip: '78701',
    lat: 30.2747,
    lng: -97.7404,
  },
  {
    id: 'ChIJfakeBrickell801',
    number: '801',
    street: 'Brickell Avenue',
    streetShort: 'Brickell Ave',
    city: 'Miami',
    county: 'Miami-Dade County',
    state: 'FL',
    stateName: 'Florida',
    zip: '33131',
    lat: 25.7663,
    lng: -80.1917,
  },
];

/** Cities and ZIP codes the text search knows. */
const FAKE_AREAS = [
  { names: ['austin', 'austin tx', '78701'], label: 'Austin, TX 78701, USA', lat: 30.2672, lng: -97.7431 },
  { names: ['houston', 'houston tx', '77056'], label: 'Houston, TX 77056, USA', lat: 29.7392, lng: -95.4636 },
];

function fullText(place: FakePlace): string {
  return `${place.number} ${place.streetShort}, ${place.city}, ${place.state} ${place.zip}, USA`;
}

function key(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-goog-api-key, x-goog-fieldmask',
  'access-control-max-age': '600',
};

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { ...CORS, 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function googleError(response: ServerResponse, status: number, message: string, reason: string): void {
  send(response, status, { error: { code: status, message, status: reason } });
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
      } catch {
        resolve(undefined);
      }
    });
  });
}

function textField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function details(place: FakePlace) {
  return {
    addressComponents: [
      { longText: place.number, shortText: place.number, types: ['street_number'], languageCode: 'en-US' },
      { longText: place.street, shortText: place.streetShort, types: ['route'], languageCode: 'en' },
      { longText: place.city, shortText: place.city, types: ['locality', 'political'], languageCode: 'en' },
      {
        longText: place.county,
        shortText: place.county,
        types: ['administrative_area_level_2', 'political'],
        languageCode: 'en',
      },
      {
        longText: place.stateName,
        shortText: place.state,
        types: ['administrative_area_level_1', 'political'],
        languageCode: 'en',
      },
      { longText: 'United States', shortText: 'US', types: ['country', 'political'], languageCode: 'en' },
      { longText: place.zip, shortText: place.zip, types: ['postal_code'], languageCode: 'en-US' },
    ],
    location: { latitude: place.lat, longitude: place.lng },
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  body: Promise<unknown>,
): Promise<void> {
  if (path === '/v1/places:autocomplete' && request.method === 'POST') {
    const input = key(textField(await body, 'input') ?? '');
    if (input === '') {
      googleError(response, 400, 'Invalid request: input is required.', 'INVALID_ARGUMENT');
      return;
    }
    const found = FAKE_PLACES.filter((place) => key(fullText(place)).includes(input));
    // Google leaves an empty list out of its answer.
    send(
      response,
      200,
      found.length === 0
        ? {}
        : {
            suggestions: found.map((place) => ({
              placePrediction: {
                place: `places/${place.id}`,
                placeId: place.id,
                text: { text: fullText(place), matches: [{ endOffset: input.length }] },
                structuredFormat: {
                  mainText: { text: `${place.number} ${place.streetShort}` },
                  secondaryText: { text: `${place.city}, ${place.state}, USA` },
                },
                types: ['street_address', 'geocode'],
              },
            })),
          },
    );
    return;
  }
  if (path === '/v1/places:searchText' && request.method === 'POST') {
    const query = key(textField(await body, 'textQuery') ?? '');
    const area = FAKE_AREAS.find((candidate) => candidate.names.includes(query));
    send(
      response,
      200,
      area === undefined
        ? {}
        : { places: [{ formattedAddress: area.label, location: { latitude: area.lat, longitude: area.lng } }] },
    );
    return;
  }
  const detailsMatch = /^\/v1\/places\/([^/:]+)$/.exec(path);
  if (detailsMatch && request.method === 'GET') {
    const id = decodeURIComponent(detailsMatch[1] ?? '');
    const place = FAKE_PLACES.find((candidate) => candidate.id === id);
    if (place === undefined) {
      googleError(response, 404, `Place '${id}' not found.`, 'NOT_FOUND');
      return;
    }
    send(response, 200, details(place));
    return;
  }
  googleError(response, 404, 'Not found', 'NOT_FOUND');
}

/**
 * Answers requests under /places as Google's Places API (New) would; returns false for
 * any other path so another fake can answer it.
 */
export function handlePlaces(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
  if (url.pathname !== PLACES_FAKE_PREFIX && !url.pathname.startsWith(`${PLACES_FAKE_PREFIX}/`)) return false;
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS);
    response.end();
    return true;
  }
  const apiKey = request.headers['x-goog-api-key'];
  const path = url.pathname.slice(PLACES_FAKE_PREFIX.length);
  if (typeof apiKey !== 'string' || apiKey === '') {
    googleError(response, 403, 'The request is missing a valid API key.', 'PERMISSION_DENIED');
    return true;
  }
  if (apiKey.startsWith('error-')) {
    googleError(response, 500, 'Internal error encountered.', 'INTERNAL');
    return true;
  }
  if (apiKey.startsWith('malformed-')) {
    response.writeHead(200, { ...CORS, 'content-type': 'application/json; charset=utf-8' });
    response.end('{"suggestions": [');
    return true;
  }
  // Read at once: a slow answer still takes the body while it arrives.
  const body = readBody(request);
  const delay = apiKey.startsWith('slow-') ? PLACES_FAKE_SLOW_MS : 0;
  const timer = setTimeout(() => {
    void answer(request, response, path, body);
  }, delay);
  // A client that gave up stops the wait, so a test's server can close at once.
  response.on('close', () => {
    clearTimeout(timer);
  });
  return true;
}
