import { rmSync } from 'node:fs';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { JourneyState } from '../../src/contract/journey-state.ts';
import { databaseFile, openDatabase } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { countRows, startTestServer, tempDataDir, type Browser, type Reply, type TestServer } from './test-server.ts';

/**
 * Issue 13, point 3: journey saves are a compare-and-set on the journey's revision, so tabs of
 * one browser that save at once never replace each other's answers.
 */

let server: TestServer;
beforeEach(async () => {
  // One address sends every tab's saves and retries here: more than the per-address limit allows.
  server = await startTestServer({ rateLimits: false });
});
afterEach(async () => {
  await server.remove();
});

const STATE: JourneyState = {
  version: 3,
  landedAt: '2026-11-22T10:00:00.000Z',
  answers: { 'energy-level': ['Low'] },
  pages: { MIP: 1 },
  completed: [],
  records: {},
};

interface Saved {
  state: JourneyState;
  revision: number;
}

function withAnswer(state: JourneyState, ref: string, value: string): JourneyState {
  return { ...state, answers: { ...state.answers, [ref]: [value] } };
}

function put(browser: Browser, state: JourneyState, baseRevision?: number | null, pathCode = 'shrt'): Promise<Reply> {
  return browser({
    method: 'PUT',
    url: '/api/journey',
    payload: { pathCode, state, ...(baseRevision === undefined ? {} : { baseRevision }) },
  });
}

async function load(browser: Browser, pathCode = 'shrt'): Promise<Saved | null> {
  const reply = await browser({ method: 'GET', url: `/api/journey?pathCode=${pathCode}` });
  expect(reply.status).toBe(200);
  return (reply.json as { data: Saved | null }).data;
}

test('a save over a revision the journey has moved past is refused with 409, stores nothing, and names the current revision', async () => {
  const tab = server.call;
  expect((await put(tab, STATE)).json).toMatchObject({ data: { revision: 1 } });
  expect((await put(tab, withAnswer(STATE, 'sleep', 'Poor'), 1)).json).toMatchObject({ data: { revision: 2 } });

  // Another tab still holds revision 1: its whole journey would replace the sleep answer.
  const stale = await put(tab, withAnswer(STATE, 'mood', 'Low'), 1);
  expect(stale.status).toBe(409);
  expect(stale.json).toEqual({
    status: 409,
    message: 'The journey has changed since it was loaded',
    details:
      'This save was made over revision 1, but the journey is at revision 2: load it again, apply the change to it and save with baseRevision 2.',
  });
  // A save that says it is the first, when there is a journey, is just as stale.
  const again = await put(tab, withAnswer(STATE, 'mood', 'Low'));
  expect(again.status).toBe(409);
  expect(again.json).toMatchObject({ details: expect.stringContaining('at revision 2') as string });

  expect(await load(tab)).toEqual({
    pathCode: 'shrt',
    state: withAnswer(STATE, 'sleep', 'Poor'),
    revision: 2,
    updatedAt: expect.any(String) as string,
  });
});

test('a save over a journey that was started over is refused, and a first save then starts it again at revision 1', async () => {
  const tab = server.call;
  await put(tab, STATE);
  await tab({ method: 'DELETE', url: '/api/journey?pathCode=shrt' });

  const stale = await put(tab, withAnswer(STATE, 'sleep', 'Poor'), 1);
  expect(stale.status).toBe(409);
  expect(stale.json).toMatchObject({ details: expect.stringContaining('has no journey for this code') as string });
  expect(await load(tab)).toBeNull();

  expect((await put(tab, STATE, null)).json).toMatchObject({ data: { revision: 1 } });
});

test('two first saves at once from one browser make one journey: the second is refused, not stored beside or over it', async () => {
  const browser = server.call;
  // The browser has its session (the cookie of an earlier save, here in another funnel).
  await put(browser, STATE, null, 'fha1');
  const cookie = browser.cookie();
  expect(cookie).toBeDefined();

  const replies = await Promise.all([
    put(browser, withAnswer(STATE, 'tab', 'one'), null),
    put(browser, withAnswer(STATE, 'tab', 'two'), null),
  ]);

  expect(replies.map((reply) => reply.status).sort((a, b) => a - b)).toEqual([200, 409]);
  // The cookie holds the journey id and the server's signature of it (src/server/access.ts).
  const journeyId = cookie?.split('=')[1]?.split('.')[0] ?? '';
  expect(countRows(server.db, 'journeys', 'journey_id = ? AND path_code = ?', journeyId, 'shrt')).toBe(1);
  const winner = replies.find((reply) => reply.status === 200)?.json as { data: Saved };
  expect(await load(browser)).toMatchObject({ state: winner.data.state, revision: 1 });
});

// About 1,300 calls: in the worst case each round lands one save and refuses the rest.
test(
  '50 tabs that each add a different answer at once keep all 50: refused saves load again, reapply and land',
  { timeout: 30_000 },
  async () => {
    const browser = server.call;
    await put(browser, STATE);
    const refs = Array.from({ length: 50 }, (_, index) => `q${index}`);
    let refused = 0;

    // Every tab loads first, so all 50 make their first save over the same revision: without
    // the compare-and-set each would replace the journey with one answer added, and 49 be lost.
    const loaded = await Promise.all(refs.map(() => load(browser)));
    await Promise.all(
      refs.map(async (ref, index) => {
        let base = loaded[index] ?? null;
        for (;;) {
          const reply = await put(browser, withAnswer(base?.state ?? STATE, ref, `answer ${ref}`), base?.revision);
          if (reply.status === 200) return;
          expect(reply.status).toBe(409);
          refused += 1;
          base = await load(browser);
        }
      }),
    );

    const final = await load(browser);
    expect(Object.keys(final?.state.answers ?? {}).sort()).toEqual(['energy-level', ...refs].sort());
    expect(final?.revision).toBe(51);
    // The first round collided as planned: all but one were refused, then retried.
    expect(refused).toBeGreaterThanOrEqual(49);
  },
);

test('journeys saved before revisions existed are at revision 1, so the next save over 1 lands', () => {
  const dataDir = tempDataDir();
  try {
    const file = databaseFile(dataDir);
    const before = openDatabase(
      file,
      MIGRATIONS.filter((migration) => migration.version < 10),
    );
    before
      .prepare(
        'INSERT INTO journeys (journey_id, path_code, state_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run('A'.repeat(43), 'shrt', JSON.stringify(STATE), STATE.landedAt, STATE.landedAt);
    before.close();

    const after = openDatabase(file, MIGRATIONS);
    expect(after.prepare('SELECT revision FROM journeys').all()).toEqual([{ revision: 1 }]);
    after.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** STATE as version 1 saved it: no version, and these records. */
function version1(records: Record<string, string>): Record<string, unknown> {
  const state: Record<string, unknown> = { ...STATE, records };
  Reflect.deleteProperty(state, 'version');
  return state;
}

test('a journey saved before version 2 is read as version 2, its records under their parts', async () => {
  const tab = server.call;
  expect((await put(tab, STATE)).status).toBe(200);
  // As the release before this one stored it: no version, records without their part.
  const v1 = version1({ orderId: 'ord_1', 'appointmentId.4': 'apt-4' });
  server.db.prepare('UPDATE journeys SET state_json = ?').run(JSON.stringify(v1));
  expect((await load(tab))?.state).toEqual({
    ...STATE,
    records: { 'payment.orderId': 'ord_1', 'booking.appointmentId.4': 'apt-4' },
  });
});

test('a tab opened before the release still saves its version 1 journey, stored as version 2', async () => {
  const tab = server.call;
  const v1 = version1({ billingToken: 'tok_1' });
  const reply = await tab({ method: 'PUT', url: '/api/journey', payload: { pathCode: 'shrt', state: v1 } });
  expect(reply.status).toBe(200);
  expect((reply.json as { data: Saved }).data.state).toEqual({
    ...STATE,
    records: { 'payment.billingToken': 'tok_1' },
  });
  expect((await load(tab))?.state.records).toEqual({ 'payment.billingToken': 'tok_1' });
});

test('a version 2 journey with a record that names no part is refused, and nothing is stored', async () => {
  const tab = server.call;
  const reply = await put(tab, { ...STATE, records: { orderId: 'ord_1' } });
  expect(reply.status).toBe(400);
  expect(await load(tab)).toBeNull();
});
