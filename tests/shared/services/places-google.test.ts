import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { addressFromComponents, googlePlaces } from '../../../src/shared/services/places/google-places.ts';
import { PLACES_TIMEOUT_MS, PlacesUnavailable, type Places } from '../../../src/shared/services/places/places.ts';
import { handlePlaces } from '../../fakes/places.ts';

/** What reached the fake: the adapter's requests as Google would see them. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let fake: Server;
let base = '';
let seen: Seen[] = [];

beforeAll(async () => {
  fake = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.test');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
    });
    // The fake reads the body itself; the copy above only records it.
    if (!handlePlaces(request, response, url)) {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/places`;
});

afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

beforeEach(() => {
  seen = [];
});

function places(apiKey = 'test-key-0123', timeoutMs?: number): Places {
  return googlePlaces({ apiKey, baseUrl: base, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
}

const SESSION = '0b5f8a34-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

test('typing part of an address gets Google’s suggestions, with the text and key sent as Google wants', async () => {
  const suggestions = await places().suggest('200 Congress', SESSION);
  expect(suggestions).toEqual([{ placeId: 'ChIJfakeCongress200', text: '200 Congress Ave, Austin, TX 78701, USA' }]);

  const request = seen.find((item) => item.url === '/places/v1/places:autocomplete');
  expect(request?.method).toBe('POST');
  expect(request?.headers['x-goog-api-key']).toBe('test-key-0123');
  expect(request?.headers['x-goog-fieldmask']).toBe(
    'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text',
  );
  expect(JSON.parse(request?.body ?? '{}')).toEqual({
    input: '200 Congress',
    sessionToken: SESSION,
    includedRegionCodes: ['us'],
    includedPrimaryTypes: ['street_address', 'premise', 'subpremise'],
  });
});

test('an address Google does not know gets no suggestions (Google leaves the empty list out)', async () => {
  expect(await places().suggest('Nowhere Lane', SESSION)).toEqual([]);
});

test('a chosen suggestion’s details fill line 1, city, state code and ZIP, and the typed text is not in its URL', async () => {
  const details = await places().place('ChIJfakeCongress200', SESSION);
  expect(details).toEqual({
    address: { line1: '200 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    location: { lat: 30.2649, lng: -97.7445 },
  });
  const request = seen.find((item) => item.url.startsWith('/places/v1/places/'));
  expect(request?.method).toBe('GET');
  expect(request?.url).toBe(`/places/v1/places/ChIJfakeCongress200?sessionToken=${SESSION}`);
  expect(request?.headers['x-goog-fieldmask']).toBe('addressComponents,location');
});

test('a city or ZIP code becomes a point by text search; an unknown one is null', async () => {
  expect(await places().locate('78701')).toEqual({ lat: 30.2672, lng: -97.7431, label: 'Austin, TX 78701, USA' });
  const request = seen.find((item) => item.url === '/places/v1/places:searchText');
  expect(JSON.parse(request?.body ?? '{}')).toEqual({ textQuery: '78701', regionCode: 'us', pageSize: 1 });
  expect(request?.headers['x-goog-fieldmask']).toBe('places.location,places.formattedAddress');
  expect(await places().locate('Atlantis')).toBeNull();
});

test('a 500 from Google is PlacesUnavailable, and its message holds nothing typed', async () => {
  const failure = places('error-key-0123').suggest('Zebulonqx 200', SESSION);
  await expect(failure).rejects.toBeInstanceOf(PlacesUnavailable);
  await expect(failure).rejects.toMatchObject({ problem: 'status', message: 'the places service answered 500' });
  await expect(places('error-key-0123').locate('78701')).rejects.toBeInstanceOf(PlacesUnavailable);
  await expect(places('error-key-0123').place('ChIJfakeCongress200', SESSION)).rejects.toMatchObject({
    problem: 'status',
  });
});

test('an unknown place id (404) is PlacesUnavailable too: the patient types the address', async () => {
  await expect(places().place('ChIJnothing', SESSION)).rejects.toMatchObject({ problem: 'status' });
});

test('an answer that is not JSON is PlacesUnavailable', async () => {
  await expect(places('malformed-key-01').suggest('200 Congress', SESSION)).rejects.toMatchObject({
    problem: 'malformed',
  });
});

test('a slow Google gives up after the timeout as PlacesUnavailable', async () => {
  const started = Date.now();
  await expect(places('slow-key-0123', 300).suggest('200 Congress', SESSION)).rejects.toMatchObject({
    problem: 'timeout',
  });
  expect(Date.now() - started).toBeLessThan(3000);
  expect(PLACES_TIMEOUT_MS).toBe(4000);
});

test('the default timeout is 4 s against a service that takes 10 s', async () => {
  const started = Date.now();
  await expect(places('slow-key-0123').locate('Austin')).rejects.toMatchObject({ problem: 'timeout' });
  expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
  expect(Date.now() - started).toBeLessThan(6000);
}, 10_000);

test('a call the caller cancels rejects as an abort, not as the service being unavailable', async () => {
  const controller = new AbortController();
  const call = places('slow-key-0123').suggest('200 Congress', SESSION, controller.signal);
  setTimeout(() => {
    controller.abort();
  }, 50);
  const error: unknown = await call.catch((reason: unknown) => reason);
  expect(error).not.toBeInstanceOf(PlacesUnavailable);
  expect((error as Error).name).toBe('AbortError');
});

test('a service that cannot be reached is PlacesUnavailable', async () => {
  const closed = googlePlaces({ apiKey: 'test-key-0123', baseUrl: 'http://127.0.0.1:9/places' });
  await expect(closed.suggest('200 Congress', SESSION)).rejects.toMatchObject({ problem: 'network' });
});

test('answers of the wrong shape are PlacesUnavailable', async () => {
  const original = globalThis.fetch;
  const answers: unknown[] = [
    { suggestions: 'none' },
    { suggestions: [{ placePrediction: { placeId: 7, text: { text: 'x' } } }] },
    [],
  ];
  try {
    for (const answer of answers) {
      globalThis.fetch = () => Promise.resolve(Response.json(answer));
      await expect(places().suggest('200 Congress', SESSION), JSON.stringify(answer)).rejects.toMatchObject({
        problem: 'malformed',
      });
    }
    globalThis.fetch = () => Promise.resolve(Response.json({ addressComponents: [], location: { latitude: 'north' } }));
    await expect(places().place('ChIJfakeCongress200', SESSION)).rejects.toMatchObject({ problem: 'malformed' });
    globalThis.fetch = () => Promise.resolve(Response.json({ places: [{ formattedAddress: 'Austin' }] }));
    await expect(places().locate('Austin')).rejects.toMatchObject({ problem: 'malformed' });
  } finally {
    globalThis.fetch = original;
  }
});

test('the browser’s preflight for the key and field-mask headers is allowed from any origin', async () => {
  const response = await fetch(`${base}/v1/places:autocomplete`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:4173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-goog-api-key,x-goog-fieldmask',
    },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-headers')).toContain('x-goog-fieldmask');
});

test('Google’s address components map to the billing fields, whatever the city is filed under', () => {
  const component = (longText: string, shortText: string, ...types: string[]) => ({ longText, shortText, types });
  expect(
    addressFromComponents([
      component('12', '12', 'street_number'),
      component('Main Street', 'Main St', 'route'),
      component('Brooklyn', 'Brooklyn', 'sublocality_level_1', 'sublocality'),
      component('New York', 'NY', 'administrative_area_level_1'),
      component('11201', '11201', 'postal_code'),
      component('1234', '1234', 'postal_code_suffix'),
    ]),
  ).toEqual({ line1: '12 Main St', city: 'Brooklyn', state: 'NY', zip: '11201' });
  expect(addressFromComponents([component('Puerto Rico', 'Puerto Rico', 'administrative_area_level_1')])).toEqual({
    line1: '',
    city: '',
    state: '',
    zip: '',
  });
});
