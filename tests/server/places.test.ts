import { afterEach, beforeEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ logs: true });
});
afterEach(async () => {
  await server.remove();
});

function post(url: string, text: unknown) {
  return server.call({ method: 'POST', url, payload: { text } });
}

test('typing the start of a street address suggests demo addresses that start that way', async () => {
  const reply = await post('/api/places/suggest', '200 Cong');
  expect(reply.status).toBe(200);
  expect(reply.json).toEqual({
    data: { suggestions: [{ placeId: 'pl_austin_congress', text: '200 Congress Ave, Austin, TX 78701' }] },
  });
});

test('a number alone suggests at most five addresses, those starting with it first', async () => {
  const reply = await post('/api/places/suggest', '200');
  const { suggestions } = (reply.json as { data: { suggestions: { text: string }[] } }).data;
  expect(suggestions.length).toBeGreaterThan(1);
  expect(suggestions.length).toBeLessThanOrEqual(5);
  const starts = suggestions.map((suggestion) => suggestion.text.startsWith('200'));
  expect(starts.slice(0, 4)).toEqual([true, true, true, true]);
  // Then addresses with another word starting so: here Washington's ZIP code, 20004.
  expect(suggestions[4]?.text).toBe('1350 Pennsylvania Ave NW, Washington, DC 20004');
});

test('case, commas and extra spaces do not matter, and a street name alone is enough', async () => {
  const reply = await post('/api/places/suggest', '  PEACHTREE   st, ');
  expect(reply.json).toEqual({
    data: { suggestions: [{ placeId: 'pl_atlanta_peachtree', text: '1100 Peachtree St NE, Atlanta, GA 30309' }] },
  });
  expect((await post('/api/places/suggest', '%')).json).toEqual({ data: { suggestions: [] } });
  expect((await post('/api/places/suggest', 'Nowhere Lane 9')).json).toEqual({ data: { suggestions: [] } });
});

test('a chosen suggestion comes back split into the billing fields, with its point', async () => {
  const reply = await server.call({ method: 'GET', url: '/api/places/pl_boston_city_hall' });
  expect(reply.json).toEqual({
    data: {
      address: { line1: '1 City Hall Sq', city: 'Boston', state: 'MA', zip: '02201' },
      location: { lat: 42.3603, lng: -71.058 },
    },
  });
  const unknown = await server.call({ method: 'GET', url: '/api/places/pl_nowhere' });
  expect(unknown.status).toBe(404);
  // A city centre is for the microclinic lookup, not an address to bill to.
  expect((await server.call({ method: 'GET', url: '/api/places/pl_city_austin_78701' })).status).toBe(404);
  expect((await server.call({ method: 'GET', url: '/api/places/bad%20id' })).status).toBe(400);
});

test('a city or ZIP code of a demo microclinic becomes a point', async () => {
  expect((await post('/api/places/locate', '78701')).json).toEqual({
    data: { place: { lat: 30.2672, lng: -97.7431, label: 'Austin, TX 78701' } },
  });
  expect((await post('/api/places/locate', 'austin')).json).toEqual({
    data: { place: { lat: 30.2672, lng: -97.7431, label: 'Austin, TX 78701' } },
  });
  expect((await post('/api/places/locate', 'Houston, TX')).json).toEqual({
    data: { place: { lat: 29.7604, lng: -95.3698, label: 'Houston, TX 77002' } },
  });
  expect((await post('/api/places/locate', '77056-1234')).json).toEqual({
    data: { place: { lat: 29.7392, lng: -95.4636, label: 'Houston, TX 77056' } },
  });
  // A city known only by a demo address is found at that address.
  expect((await post('/api/places/locate', 'Seattle, WA, USA')).json).toEqual({
    data: { place: { lat: 47.6036, lng: -122.3294, label: 'Seattle, WA' } },
  });
});

test('a city in another state, or a place nobody knows, is not found', async () => {
  expect((await post('/api/places/locate', 'Austin, NV')).json).toEqual({ data: { place: null } });
  expect((await post('/api/places/locate', '99999')).json).toEqual({ data: { place: null } });
  expect((await post('/api/places/locate', 'Atlantis')).json).toEqual({ data: { place: null } });
});

test('empty, over-long or missing text is refused', async () => {
  expect((await post('/api/places/suggest', '')).status).toBe(400);
  expect((await post('/api/places/locate', 'x'.repeat(201))).status).toBe(400);
  expect((await server.call({ method: 'POST', url: '/api/places/suggest', payload: {} })).status).toBe(400);
});

test('what the patient typed is never logged', async () => {
  await post('/api/places/suggest', 'Zebulonqx 200');
  await post('/api/places/locate', 'Zebulonqx');
  await post('/api/places/locate', '');
  expect(server.logs.length).toBeGreaterThan(0);
  expect(server.logs.join('\n')).not.toContain('Zebulonqx');
});
