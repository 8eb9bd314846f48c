import { expect, test } from 'vitest';
import { saveJourney } from '../../src/shared/journey/journey-api.ts';
import type { JourneyState } from '../../src/contract/journey-state.ts';
import { API_JOURNEY_CALLS } from '../../src/shared/journey/journey-store.ts';
import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE, useApiServer } from './msw.ts';

useApiServer();

const journey = (note: string): JourneyState => ({
  version: 3,
  landedAt: '2026-11-20T09:00:00.000Z',
  answers: { allergies: [note] },
  pages: {},
  completed: [],
  records: {},
});

/** The keepalive flag of every saveJourney request the server saw. */
function watchSaves(): boolean[] {
  const seen: boolean[] = [];
  server.use(
    // The app's own journey endpoint (schemas/app.openapi.json), not one of SPEC's calls.
    http.put(`${TEST_API_BASE}/journey`, async ({ request }) => {
      seen.push(request.keepalive);
      const body = (await request.json()) as { pathCode: string; state: JourneyState };
      const data = { pathCode: body.pathCode, state: body.state, revision: 1, updatedAt: '2026-11-20T09:00:01.000Z' };
      return HttpResponse.json({ data });
    }),
  );
  return seen;
}

test('the journey save outlives the page, so a patient who closes the tab as the next step appears keeps it', async () => {
  const seen = watchSaves();
  await API_JOURNEY_CALLS.save('shrt', journey('Penicillin'), null);
  expect(seen).toEqual([true]);
});

test('a journey too large for the browser keepalive allowance is still sent, as a plain request', async () => {
  const seen = watchSaves();
  await saveJourney({ pathCode: 'shrt', state: journey('x'.repeat(40_000)) }, { keepalive: true });
  await saveJourney({ pathCode: 'shrt', state: journey('Penicillin') });
  expect(seen).toEqual([false, false]);
});
