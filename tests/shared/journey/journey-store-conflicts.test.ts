import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { getJourney } from '../../../src/shared/journey/journey-api.ts';
import {
  API_JOURNEY_CALLS,
  JourneyStore,
  type JourneyCalls,
  type JourneyChange,
} from '../../../src/shared/journey/journey-store.ts';
import { SESSION_COOKIE } from '../../../src/server/access.ts';
import { countRows, useClientServer } from '../../server/test-server.ts';

/**
 * Issue 13, point 3, as the page lives it: tabs of one browser (a JourneyStore each, the real
 * API calls) saving the same journey on the real local server. A save refused as stale (409)
 * loads the journey again and reapplies what the patient did, so nobody's answer is lost.
 */

// One address sends every tab's saves and retries: more than the per-address limit allows.
const server = useClientServer({ rateLimits: false });

/**
 * The browser: Node's fetch keeps no cookies, so this one keeps the session cookie the server
 * sets (HttpOnly in a browser, where no script could read it) and sends it back, as a browser
 * does for every tab. Each journey save is noted: whether it carried the cookie, and its status.
 */
const browser: { cookie: string | undefined; saves: { withCookie: boolean; status: number }[] } = {
  cookie: undefined,
  saves: [],
};
const realFetch = globalThis.fetch;

function cookieKeepingFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const withCookie = browser.cookie !== undefined;
    if (browser.cookie !== undefined) request.headers.set('cookie', browser.cookie);
    const response = await inner(request);
    for (const header of response.headers.getSetCookie()) {
      // The end of the session cookie on its old path (/api), which the server sends beside a new one over http.
      if (/;\s*Max-Age=0\b/i.test(header)) continue;
      const pair = header.split(';', 1)[0] ?? '';
      if (pair.startsWith(`${SESSION_COOKIE}=`)) browser.cookie = pair;
    }
    if (request.method === 'PUT' && new URL(request.url).pathname === '/api/journey') {
      browser.saves.push({ withCookie, status: response.status });
    }
    return response;
  };
}

beforeAll(() => {
  globalThis.fetch = cookieKeepingFetch(realFetch);
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
// Each test is a browser of its own: no cookie, no journey.
beforeEach(() => {
  browser.cookie = undefined;
  browser.saves = [];
});

const statuses = () => browser.saves.map((save) => save.status);

const answer =
  (ref: string, value: string): JourneyChange =>
  (state) => ({ ...state, answers: { ...state.answers, [ref]: [value] } });

/** The answers the server holds for this browser's journey in a code. */
async function answersOnServer(pathCode = 'shrt') {
  return (await getJourney({ pathCode }))?.state.answers;
}

/** A tab whose saves wait for `open` before they go, so the test can act while one is on its way. */
function gatedCalls(open: Promise<void>): JourneyCalls {
  return {
    load: API_JOURNEY_CALLS.load,
    save: async (pathCode, state, baseRevision) => {
      await open;
      return API_JOURNEY_CALLS.save(pathCode, state, baseRevision);
    },
  };
}

test('a save refused as stale loads what the other tab saved, applies this tab’s change to it and saves again', async () => {
  const first = new JourneyStore();
  await first.ready('shrt');
  await first.save('shrt', answer('energy-level', 'Low'));
  const second = new JourneyStore();
  await second.ready('shrt');

  await first.save('shrt', answer('sleep', 'Poor'));
  await second.save('shrt', answer('mood', 'Low'));

  expect(statuses()).toEqual([200, 200, 409, 200]);
  const all = { 'energy-level': ['Low'], sleep: ['Poor'], mood: ['Low'] };
  expect(await answersOnServer()).toEqual(all);
  // The tab shows what the other one saved too.
  expect(second.snapshot('shrt')).toMatchObject({ status: 'ready', state: { answers: all } });
});

test('what the patient types while a refused save is on its way is reapplied too: changes are kept as changes', async () => {
  const first = new JourneyStore();
  await first.ready('shrt');
  await first.save('shrt', answer('energy-level', 'Low'));
  let open = () => {};
  const second = new JourneyStore(gatedCalls(new Promise<void>((resolve) => (open = resolve))));
  await second.ready('shrt');

  const saving = second.save('shrt', answer('mood', 'Low'));
  second.update('shrt', answer('notes', 'Typed while saving'));
  await first.save('shrt', answer('sleep', 'Poor'));
  open();
  await saving;

  // The retry carried both of this tab's changes, applied to the journey with the other tab's answer.
  expect(statuses()).toEqual([200, 200, 409, 200]);
  expect(await answersOnServer()).toEqual({
    'energy-level': ['Low'],
    sleep: ['Poor'],
    mood: ['Low'],
    notes: ['Typed while saving'],
  });
  // The typing's own save (it was waiting out SAVE_DELAY_MS) goes now and changes nothing.
  await second.save('shrt');
  expect(await answersOnServer()).toMatchObject({ notes: ['Typed while saving'], sleep: ['Poor'] });
});

test('two first saves at once in a new browser go one after the other, so both journeys are kept under one session', async () => {
  const tab = new JourneyStore();
  await Promise.all([tab.ready('shrt'), tab.ready('fha1')]);

  await Promise.all([tab.save('shrt', answer('energy-level', 'Low')), tab.save('fha1', answer('sleep', 'Poor'))]);

  // The second waited for the first's cookie, instead of starting a session of its own.
  expect(browser.saves).toEqual([
    { withCookie: false, status: 200 },
    { withCookie: true, status: 200 },
  ]);
  // The cookie holds the session id and the server's signature of it (src/server/access.ts).
  const session = browser.cookie?.slice(SESSION_COOKIE.length + 1).split('.')[0] ?? '';
  expect(countRows(server().db, 'journeys', 'journey_id = ?', session)).toBe(2);
  // The patient comes back (the same cookie): both journeys are there.
  expect(await answersOnServer('shrt')).toEqual({ 'energy-level': ['Low'] });
  expect(await answersOnServer('fha1')).toEqual({ sleep: ['Poor'] });
});

test('50 tabs that each save a different answer at once: every answer lands', { timeout: 60_000 }, async () => {
  const opener = new JourneyStore();
  await opener.ready('shrt');
  await opener.save('shrt', answer('energy-level', 'Low'));
  // A tab is refused only when another tab's save landed since it loaded, and there are 49
  // others: 49 retries always suffice, however the saves interleave.
  const tabs = Array.from({ length: 50 }, () => new JourneyStore(API_JOURNEY_CALLS, undefined, { maxRetries: 49 }));
  await Promise.all(tabs.map((tab) => tab.ready('shrt')));

  await Promise.all(tabs.map((tab, index) => tab.save('shrt', answer(`q${index}`, `answer ${index}`))));

  const answers = await answersOnServer();
  expect(Object.keys(answers ?? {})).toHaveLength(51);
  for (const index of tabs.keys()) expect(answers?.[`q${index}`]).toEqual([`answer ${index}`]);
  expect(statuses().filter((status) => status === 409).length).toBeGreaterThan(0);
  expect(tabs.every((tab) => tab.snapshot('shrt').status === 'ready')).toBe(true);
});

test('a save refused every time gives up after the retries allowed, says so once, and keeps the change for the next save', async () => {
  const other = new JourneyStore();
  await other.ready('shrt');
  await other.save('shrt', answer('energy-level', 'Low'));
  // Another tab saves just before each of this tab's attempts, so every attempt is stale.
  let interfering = true;
  let count = 0;
  const calls: JourneyCalls = {
    load: API_JOURNEY_CALLS.load,
    save: async (pathCode, state, baseRevision) => {
      if (interfering) await other.save('shrt', answer(`other${(count += 1)}`, 'x'));
      return API_JOURNEY_CALLS.save(pathCode, state, baseRevision);
    },
  };
  const onProblem = vi.fn();
  const tab = new JourneyStore(calls, onProblem, { maxRetries: 2, delayMs: () => 0 });
  await tab.ready('shrt');

  await expect(tab.save('shrt', answer('mood', 'Low'))).rejects.toMatchObject({ name: 'ApiError', status: 409 });
  expect(count).toBe(3);
  expect(onProblem).toHaveBeenCalledTimes(1);
  expect(onProblem).toHaveBeenCalledWith(
    'Your answers could not be saved just now. Keep this page open; we will try again.',
  );
  expect(tab.snapshot('shrt')).toMatchObject({ status: 'unsaved', state: { answers: { mood: ['Low'] } } });

  interfering = false;
  await tab.save('shrt');
  expect(await answersOnServer()).toEqual({
    'energy-level': ['Low'],
    other1: ['x'],
    other2: ['x'],
    other3: ['x'],
    mood: ['Low'],
  });
  expect(tab.snapshot('shrt').status).toBe('ready');
});
