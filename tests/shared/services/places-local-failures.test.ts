import { delay, http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { localPlaces } from '../../../src/shared/services/places/local-places.ts';
import { PlacesUnavailable } from '../../../src/shared/services/places/places.ts';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';

useApiServer();

const SESSION = 'f3a1c2d4-0000-4000-8000-000000000002';

test('a 500 from the local server is PlacesUnavailable, its message without what was typed', async () => {
  server.use(
    http.post(`${TEST_API_BASE}/places/suggest`, () =>
      HttpResponse.json({ status: 500, message: 'Something went wrong on our side' }, { status: 500 }),
    ),
  );
  const failure = localPlaces().suggest('Zebulonqx 12', SESSION);
  await expect(failure).rejects.toBeInstanceOf(PlacesUnavailable);
  await expect(failure).rejects.toMatchObject({ problem: 'status' });
  await expect(failure).rejects.not.toMatchObject({ message: expect.stringContaining('Zebulonqx') as unknown });
});

test('an answer that is not JSON, or not the contract’s shape, is PlacesUnavailable', async () => {
  server.use(
    http.post(`${TEST_API_BASE}/places/suggest`, () => new HttpResponse('{"data": [', { status: 200 })),
    http.post(`${TEST_API_BASE}/places/locate`, () => HttpResponse.json({ data: { place: { lat: 'north' } } })),
    http.get(`${TEST_API_BASE}/places/:placeId`, () => HttpResponse.json({ data: { address: null } })),
  );
  await expect(localPlaces().suggest('200 Cong', SESSION)).rejects.toBeInstanceOf(PlacesUnavailable);
  await expect(localPlaces().locate('Austin')).rejects.toMatchObject({ problem: 'malformed' });
  await expect(localPlaces().place('pl_austin_congress', SESSION)).rejects.toMatchObject({ problem: 'malformed' });
});

test('a slow local server gives up after the timeout', async () => {
  server.use(
    http.post(`${TEST_API_BASE}/places/locate`, async () => {
      await delay(2000);
      return HttpResponse.json({ data: { place: null } });
    }),
  );
  await expect(localPlaces({ timeoutMs: 200 }).locate('Austin')).rejects.toMatchObject({ problem: 'timeout' });
});

test('a call the caller cancels rejects as an abort', async () => {
  server.use(
    http.post(`${TEST_API_BASE}/places/suggest`, async () => {
      await delay(2000);
      return HttpResponse.json({ data: { suggestions: [] } });
    }),
  );
  const controller = new AbortController();
  const call = localPlaces().suggest('200 Cong', SESSION, controller.signal);
  controller.abort();
  const error: unknown = await call.catch((reason: unknown) => reason);
  expect(error).not.toBeInstanceOf(PlacesUnavailable);
  expect((error as Error).name).toBe('AbortError');
});
