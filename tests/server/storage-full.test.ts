import { afterEach, expect, test } from 'vitest';
import { contractOperations, contractValidator, loadContract } from '../../src/contract/openapi.ts';
import { leadJson, startTestServer, type TestServer } from './test-server.ts';

/**
 * Issue 39, point 6: a full disk gave a generic 500. Now a write that finds no room is a 503
 * with Retry-After, nothing of it stored, reads go on, and the server recovers by itself once
 * there is room. The disk is filled here by the database's own limit (max_page_count), which
 * SQLite answers as it answers a full disk (SQLITE_FULL).
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.remove();
  server = undefined;
});

const LANDING_ID = 'RnVsbC5kaXNrQGV4YW1wbGUuY29tMjAyNi0xMi0wM01JUA';

function saveLead(on: TestServer, landingId: string, filler = '') {
  return on.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: {
      lead: leadJson(landingId, filler === '' ? {} : { lastName: filler }),
      scores: '{"symptoms":14}',
      landingId,
    },
  });
}

test('a write on a full disk is a 503 with Retry-After and stores nothing; reads go on; room again, writes go on', async () => {
  server = await startTestServer();
  const { page_count: pages } = server.db.prepare<[], { page_count: number }>('PRAGMA page_count').get() ?? {
    page_count: 0,
  };
  server.db.pragma(`max_page_count = ${String(pages)}`);

  // Leads until the database has no page left: the first refused one is the full disk's.
  let full = await saveLead(server, LANDING_ID, 'x'.repeat(60));
  for (let lead = 0; full.status === 200 && lead < 500; lead += 1) {
    full = await saveLead(server, `${LANDING_ID}${String(lead)}`, 'x'.repeat(60));
  }
  expect(full.status).toBe(503);
  expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(full.json).toEqual({
    status: 503,
    message: 'We cannot save anything right now: please try again in a minute',
  });
  const saveLeadOperation = contractOperations(loadContract()).find(
    (operation) => operation.operationId === 'saveLead',
  );
  const described = saveLeadOperation?.responses.find((response) => response.status === '503');
  expect(described?.schema).toBeTruthy();
  if (described?.schema) expect(contractValidator().compile(described.schema)(full.json)).toBe(true);

  // Reads still answer, the session's own included.
  expect((await server.call({ method: 'GET', url: '/api/memoForm/getLead?landing_id=' + LANDING_ID })).status).toBe(
    200,
  );

  server.db.pragma('max_page_count = 1073741823');
  expect((await saveLead(server, `${LANDING_ID}after`)).status).toBe(200);
});
