import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import { ApiError } from '../../../src/shared/api/http.ts';
import {
  emptyJourney,
  JourneyStore,
  SAVE_DELAY_MS,
  type JourneyCalls,
  type JourneyChange,
} from '../../../src/shared/journey/journey-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A promise the test settles when it wants: a slow server. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** The journey the server holds for a patient who reached page 3 of the assessment. */
const SAVED: JourneyState = {
  version: 3,
  landedAt: '2026-11-20T09:00:00.000Z',
  answers: { 'energy-level': ['Low'], birthdate: ['1980-02-29'] },
  pages: { MIP: 2 },
  completed: [],
  records: {},
};

/** A server stand-in: what it holds by code, every load and save, and switches to make it fail. */
function fakeServer(initial: Record<string, JourneyState> = {}) {
  const held = new Map(Object.entries(initial));
  const revisions = new Map(Object.keys(initial).map((code) => [code, 1]));
  const loads: string[] = [];
  const saves: { pathCode: string; state: JourneyState }[] = [];
  const control = { failLoads: false, failSaves: false };
  const calls: JourneyCalls = {
    load: (pathCode) => {
      loads.push(pathCode);
      if (control.failLoads) return Promise.reject(new ApiError('/journey: 503: unavailable', 503, 'journey'));
      const state = held.get(pathCode);
      return Promise.resolve(state === undefined ? null : { state, revision: revisions.get(pathCode) ?? 1 });
    },
    save: (pathCode, state) => {
      saves.push({ pathCode, state });
      if (control.failSaves) return Promise.reject(new ApiError('/journey: 503: unavailable', 503, 'journey'));
      held.set(pathCode, state);
      const revision = (revisions.get(pathCode) ?? 0) + 1;
      revisions.set(pathCode, revision);
      return Promise.resolve(revision);
    },
  };
  return { calls, held, loads, saves, control };
}

/** What the server answers to a load: the state at revision 1, or none. */
const stored = (state: JourneyState | null) => (state === null ? null : { state, revision: 1 });

const answer =
  (ref: string, ...value: string[]): JourneyChange =>
  (state) => ({ ...state, answers: { ...state.answers, [ref]: value } });

test('a journey is loaded once per campaign code, however often screens ask for it', async () => {
  const server = fakeServer({ shrt: SAVED });
  const store = new JourneyStore(server.calls);

  expect(store.snapshot('shrt').status).toBe('loading');
  store.snapshot('shrt');
  const ready = await store.ready('shrt');
  store.snapshot('shrt');
  await store.ready('fha1');

  expect(server.loads).toEqual(['shrt', 'fha1']);
  expect(ready.status).toBe('ready');
  expect(ready.state).toEqual(SAVED);
  expect(ready.loaded).toEqual(SAVED);
  expect(store.snapshot('fha1').state.answers).toEqual({});
  expect(store.snapshot('fha1').loaded).toBeNull();
});

test('a patient with no saved journey starts with an empty one, landed now', async () => {
  vi.setSystemTime(new Date('2026-11-22T08:30:00.000Z'));
  const store = new JourneyStore(fakeServer().calls);

  const { status, state } = await store.ready('shrt');

  expect(status).toBe('ready');
  expect(state).toEqual(emptyJourney(new Date('2026-11-22T08:30:00.000Z')));
});

test('what the patient does while the journey loads goes on top of their saved answers', async () => {
  const slow = deferred<JourneyState | null>();
  const saves: JourneyState[] = [];
  const store = new JourneyStore({
    load: () => slow.promise.then(stored),
    save: (_code, state) => {
      saves.push(state);
      return Promise.resolve(saves.length + 1);
    },
  });

  store.update('shrt', answer('symptoms', 'fatigue'));
  store.update('shrt', (state) => ({ ...state, step: { url: '/results/shrt', index: 1 } }));
  expect(store.snapshot('shrt').status).toBe('loading');
  expect(store.snapshot('shrt').state.answers).toEqual({ symptoms: ['fatigue'] });
  slow.resolve(SAVED);
  const { state } = await store.ready('shrt');

  expect(state.answers).toEqual({ ...SAVED.answers, symptoms: ['fatigue'] });
  expect(state.pages).toEqual({ MIP: 2 });
  expect(state.step).toEqual({ url: '/results/shrt', index: 1 });
  // Nothing reached the server before the load: the saved answers were never overwritten.
  expect(saves).toEqual([]);
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
  expect(saves).toEqual([state]);
});

test('a save asked for while the journey loads waits for the load and keeps the saved answers', async () => {
  const slow = deferred<JourneyState | null>();
  const saves: JourneyState[] = [];
  const store = new JourneyStore({
    load: () => slow.promise.then(stored),
    save: (_code, state) => {
      saves.push(state);
      return Promise.resolve(saves.length + 1);
    },
  });

  const saving = store.save('shrt', (state) => ({ ...state, completed: [...state.completed, 'payment'] }));
  await vi.advanceTimersByTimeAsync(0);
  expect(saves).toEqual([]);
  slow.resolve(SAVED);
  await saving;

  expect(saves).toHaveLength(1);
  expect(saves[0]?.answers).toEqual(SAVED.answers);
  expect(saves[0]?.completed).toEqual(['payment']);
});

test('typing is saved once, a moment after the last keystroke, with everything typed', async () => {
  const server = fakeServer();
  const store = new JourneyStore(server.calls);
  await store.ready('shrt');

  for (const text of ['A', 'Av', 'Ave', 'Avery']) {
    store.update('shrt', answer('firstName', text));
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 100);
  }
  expect(server.saves).toEqual([]);
  await vi.advanceTimersByTimeAsync(99);
  expect(server.saves).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);

  expect(server.saves).toHaveLength(1);
  expect(server.held.get('shrt')?.answers).toEqual({ firstName: ['Avery'] });
  expect(store.snapshot('shrt').status).toBe('ready');
});

test('a page submit saves at once and replaces the typing save that was waiting', async () => {
  const server = fakeServer();
  const store = new JourneyStore(server.calls);
  await store.ready('shrt');

  store.update('shrt', answer('firstName', 'Avery'));
  await store.save('shrt', (state) => ({ ...state, pages: { MIP: 1 } }));
  expect(server.saves).toHaveLength(1);
  expect(server.held.get('shrt')).toMatchObject({ answers: { firstName: ['Avery'] }, pages: { MIP: 1 } });
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);

  expect(server.saves).toHaveLength(1);
});

test('a kept change is shown at once and saved with the next save, never by itself', async () => {
  const server = fakeServer();
  const store = new JourneyStore(server.calls);
  await store.ready('shrt');

  store.keep('shrt', (state) => ({ ...state, records: { ...state.records, 'intake.asks': 'none' } }));
  expect(store.snapshot('shrt').state.records).toEqual({ 'intake.asks': 'none' });
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
  expect(server.saves).toEqual([]);

  await store.save('shrt', (state) => ({ ...state, pages: { 'MIP-H2': 1 } }));
  expect(server.saves).toHaveLength(1);
  expect(server.held.get('shrt')).toMatchObject({ records: { 'intake.asks': 'none' }, pages: { 'MIP-H2': 1 } });
});

test('leaving the page saves the typing that was still waiting, once', async () => {
  const server = fakeServer();
  const store = new JourneyStore(server.calls);
  await store.ready('shrt');

  store.update('shrt', answer('firstName', 'Avery'));
  store.flush();
  await vi.advanceTimersByTimeAsync(0);
  expect(server.held.get('shrt')?.answers).toEqual({ firstName: ['Avery'] });
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
  expect(server.saves).toHaveLength(1);

  // Nothing typed since: leaving saves nothing more.
  store.flush();
  await vi.advanceTimersByTimeAsync(0);
  expect(server.saves).toHaveLength(1);
});

test('saves reach the server one after another, so it ends with the newest journey', async () => {
  const first = deferred<number>();
  const sent: JourneyState[] = [];
  let finished = 0;
  const store = new JourneyStore({
    load: () => Promise.resolve(null),
    save: (_code, state) => {
      sent.push(state);
      return sent.length === 1 ? first.promise : Promise.resolve(sent.length);
    },
  });
  await store.ready('shrt');

  const one = store.save('shrt', answer('energy-level', 'Low')).then(() => (finished += 1));
  const two = store.save('shrt', answer('energy-level', 'High')).then(() => (finished += 1));
  await vi.advanceTimersByTimeAsync(0);
  // The second save waits for the first instead of racing it.
  expect(sent).toHaveLength(1);
  expect(finished).toBe(0);
  first.resolve(1);
  await Promise.all([one, two]);

  expect(sent).toHaveLength(2);
  expect(sent[1]?.answers).toEqual({ 'energy-level': ['High'] });
});

test('a failed save rejects with the API error, says so once and marks the journey unsaved', async () => {
  const server = fakeServer();
  const onProblem = vi.fn();
  const store = new JourneyStore(server.calls, onProblem);
  await store.ready('shrt');
  server.control.failSaves = true;

  await expect(store.save('shrt', answer('energy-level', 'Low'))).rejects.toMatchObject({
    name: 'ApiError',
    status: 503,
  });
  await expect(store.save('shrt', answer('energy-level', 'High'))).rejects.toBeInstanceOf(ApiError);
  store.update('shrt', answer('symptoms', 'fatigue'));
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);

  expect(server.saves).toHaveLength(3);
  expect(onProblem).toHaveBeenCalledTimes(1);
  expect(onProblem).toHaveBeenCalledWith(
    'Your answers could not be saved just now. Keep this page open; we will try again.',
  );
  const snapshot = store.snapshot('shrt');
  expect(snapshot.status).toBe('unsaved');
  // Nothing the patient did is lost in memory.
  expect(snapshot.state.answers).toEqual({ 'energy-level': ['High'], symptoms: ['fatigue'] });
});

test('a save whose caller tells the patient itself is not told again by the store', async () => {
  const server = fakeServer();
  const onProblem = vi.fn();
  const store = new JourneyStore(server.calls, onProblem);
  await store.ready('shrt');
  server.control.failSaves = true;

  await expect(store.save('shrt', answer('energy-level', 'Low'), { report: false })).rejects.toBeInstanceOf(ApiError);

  expect(onProblem).not.toHaveBeenCalled();
  expect(store.snapshot('shrt').status).toBe('unsaved');
});

test('back online, what could not be saved is saved at once, with everything kept meanwhile', async () => {
  const server = fakeServer();
  const store = new JourneyStore(server.calls);
  await store.ready('shrt');
  await store.ready('fha1');
  server.control.failSaves = true;
  await store.save('shrt', answer('energy-level', 'Low')).catch(() => undefined);
  store.update('shrt', answer('symptoms', 'fatigue'));
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
  const before = server.saves.length;

  server.control.failSaves = false;
  store.retryUnsaved();
  await vi.advanceTimersByTimeAsync(0);

  // Only the journey that was not saved is sent, once, with both answers.
  const sent = server.saves.slice(before);
  expect(sent.map((save) => save.pathCode)).toEqual(['shrt']);
  expect(sent[0]?.state.answers).toEqual({ 'energy-level': ['Low'], symptoms: ['fatigue'] });
  expect(store.snapshot('shrt').status).toBe('ready');
});

test('after a failed save the next one still goes, with everything, and the journey is saved again', async () => {
  const server = fakeServer();
  const onProblem = vi.fn();
  const store = new JourneyStore(server.calls, onProblem);
  await store.ready('shrt');

  server.control.failSaves = true;
  await store.save('shrt', answer('energy-level', 'Low')).catch(() => undefined);
  server.control.failSaves = false;
  await store.save('shrt', answer('symptoms', 'fatigue'));

  expect(store.snapshot('shrt').status).toBe('ready');
  expect(server.held.get('shrt')?.answers).toEqual({ 'energy-level': ['Low'], symptoms: ['fatigue'] });

  // A new outage after a good save is reported again.
  server.control.failSaves = true;
  await store.save('shrt').catch(() => undefined);
  expect(onProblem).toHaveBeenCalledTimes(2);
});

test('a journey that cannot be loaded is still usable in memory, and the patient is told once', async () => {
  const server = fakeServer({ shrt: SAVED });
  server.control.failLoads = true;
  const onProblem = vi.fn();
  const store = new JourneyStore(server.calls, onProblem);

  store.update('shrt', answer('symptoms', 'fatigue'));
  const snapshot = await store.ready('shrt');

  expect(snapshot.status).toBe('unsaved');
  expect(snapshot.state.answers).toEqual({ symptoms: ['fatigue'] });
  expect(onProblem).toHaveBeenCalledTimes(1);
  expect(onProblem).toHaveBeenCalledWith(
    'We could not load your saved answers just now. We will try again as you go on.',
  );
  server.control.failSaves = true;
  await store.save('shrt').catch(() => undefined);
  expect(onProblem).toHaveBeenCalledTimes(1);
});

test('after a failed load, a save loads again first, so answers from an earlier visit are never overwritten', async () => {
  const server = fakeServer({ shrt: SAVED });
  server.control.failLoads = true;
  const store = new JourneyStore(server.calls);
  await store.ready('shrt');
  store.update('shrt', answer('symptoms', 'fatigue'));

  // Still down: nothing is saved over the journey the server holds.
  await expect(store.save('shrt')).rejects.toBeInstanceOf(ApiError);
  expect(server.saves).toHaveLength(0);

  server.control.failLoads = false;
  await store.save('shrt');
  expect(server.saves).toHaveLength(1);
  expect(server.held.get('shrt')?.answers).toEqual({ ...SAVED.answers, symptoms: ['fatigue'] });
  expect(store.snapshot('shrt').status).toBe('ready');
});

test('screens are told of every change, and no longer once they unsubscribe', async () => {
  const store = new JourneyStore(fakeServer().calls);
  await store.ready('shrt');
  const listener = vi.fn();
  const unsubscribe = store.subscribe(listener);

  store.update('shrt', answer('firstName', 'Avery'));
  expect(listener).toHaveBeenCalledTimes(1);
  unsubscribe();
  store.update('shrt', answer('firstName', 'Avery Jo'));

  expect(listener).toHaveBeenCalledTimes(1);
  expect(store.snapshot('shrt').state.answers).toEqual({ firstName: ['Avery Jo'] });
});

test('a change that changes nothing does not re-render screens or save again', async () => {
  const server = fakeServer();
  const store = new JourneyStore(server.calls);
  await store.ready('shrt');
  const listener = vi.fn();
  store.subscribe(listener);
  const before = store.snapshot('shrt');

  store.update('shrt', (state) => state);
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);

  expect(listener).not.toHaveBeenCalled();
  expect(store.snapshot('shrt')).toBe(before);
  expect(server.saves).toEqual([]);
});

test('journeys of different codes are kept and saved apart', async () => {
  const server = fakeServer({ shrt: SAVED });
  const store = new JourneyStore(server.calls);
  await Promise.all([store.ready('shrt'), store.ready('fha1')]);

  await store.save('fha1', answer('energy-level', 'Normal'));

  expect(server.saves.map((save) => save.pathCode)).toEqual(['fha1']);
  expect(store.snapshot('shrt').state).toEqual(SAVED);
  expect(server.held.get('fha1')?.answers).toEqual({ 'energy-level': ['Normal'] });
});
