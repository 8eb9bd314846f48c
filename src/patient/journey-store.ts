import { getJourney, saveJourney, type JourneyState } from '../api/journey.ts';

/** How long the store waits after the last keystroke before saving typed answers. */
export const SAVE_DELAY_MS = 600;

export type JourneyStatus = 'loading' | 'ready' | 'unsaved';

/** One funnel's journey as the page holds it. */
export interface JourneySnapshot {
  status: JourneyStatus;
  state: JourneyState;
  /** The state as it was loaded from the server (null when there was none), for resuming. */
  loaded: JourneyState | null;
}

export type JourneyChange = (state: JourneyState) => JourneyState;

/** The calls the store makes; tests pass fakes. */
export interface JourneyCalls {
  load: (pathCode: string) => Promise<JourneyState | null>;
  save: (pathCode: string, state: JourneyState) => Promise<void>;
}

export function emptyJourney(now: Date = new Date()): JourneyState {
  return { landedAt: now.toISOString(), answers: {}, pages: {}, completed: [], records: {} };
}

/** The real calls: the journey endpoints of the local API (schemas/app.openapi.json). */
export const API_JOURNEY_CALLS: JourneyCalls = {
  load: async (pathCode) => {
    return (await getJourney({ pathCode }, { maxRetries: 1 }))?.state ?? null;
  },
  save: async (pathCode, state) => {
    // keepalive: a patient who closes the tab as the next step appears still has it saved.
    await saveJourney({ pathCode, state }, { maxRetries: 2, keepalive: true });
  },
};

interface Entry {
  snapshot: JourneySnapshot;
  /** Saves run one after another, so the server ends with the newest state. */
  queue: Promise<void>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Changes made before the load succeeded, applied again on top of what loads. */
  pending: JourneyChange[];
  /** The load failed: the server may hold a journey this page has not seen. */
  unloaded: boolean;
}

/**
 * The patient's journeys of this page, by campaign code: held in memory, loaded from the
 * server once, and saved back after every change. This is the one place patient answers live
 * in the browser: never in localStorage, sessionStorage, a URL or a title.
 */
export class JourneyStore {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly calls: JourneyCalls = API_JOURNEY_CALLS,
    /** Told when a save or load fails; the journey stays usable in memory. */
    private readonly onProblem: (message: string) => void = () => {},
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The journey of a code, starting its load the first time it is asked for. */
  snapshot(pathCode: string): JourneySnapshot {
    return this.entry(pathCode).snapshot;
  }

  /** Changes the journey in memory and saves it a moment later (for typing). */
  update(pathCode: string, change: JourneyChange): void {
    const entry = this.entry(pathCode);
    if (!this.apply(entry, change)) return;
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      this.enqueueSave(pathCode, entry).catch(() => undefined);
    }, SAVE_DELAY_MS);
  }

  /**
   * Changes the journey and saves it now; resolves once the server has it. The caller
   * decides what a failure means (a screen stays put and says so).
   */
  save(pathCode: string, change?: JourneyChange): Promise<void> {
    const entry = this.entry(pathCode);
    if (change) this.apply(entry, change);
    if (entry.timer !== undefined) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    return this.enqueueSave(pathCode, entry);
  }

  /**
   * Saves now every journey whose typing is waiting out SAVE_DELAY_MS: the page is going away
   * (the patient closes the tab or leaves), and the answers typed last must not be lost.
   */
  flush(): void {
    for (const [pathCode, entry] of this.entries) {
      if (entry.timer === undefined) continue;
      clearTimeout(entry.timer);
      entry.timer = undefined;
      this.enqueueSave(pathCode, entry).catch(() => undefined);
    }
  }

  /** Resolves once the journey of a code has loaded (or failed to). */
  async ready(pathCode: string): Promise<JourneySnapshot> {
    const entry = this.entry(pathCode);
    await entry.queue;
    return entry.snapshot;
  }

  private entry(pathCode: string): Entry {
    const existing = this.entries.get(pathCode);
    if (existing) return existing;
    const entry: Entry = {
      snapshot: { status: 'loading', state: emptyJourney(), loaded: null },
      queue: Promise.resolve(),
      timer: undefined,
      pending: [],
      unloaded: false,
    };
    this.entries.set(pathCode, entry);
    entry.queue = this.calls.load(pathCode).then(
      (loaded) => {
        // Changes made while loading (the step the patient is on) go on top of what was saved.
        const state = entry.pending.reduce((current, change) => change(current), loaded ?? emptyJourney());
        entry.pending = [];
        this.set(entry, { status: 'ready', state, loaded });
      },
      () => {
        // The changes stay pending: the next save loads again first, so it never replaces a
        // journey saved on an earlier visit with what this page has.
        entry.unloaded = true;
        this.set(entry, { ...entry.snapshot, status: 'unsaved' });
        this.onProblem('We could not load your saved answers. You can go on; we will keep trying to save.');
      },
    );
    return entry;
  }

  /**
   * Applies a change; false when there is nothing to save. A change that returns the state as
   * it was does not tell the screens: a screen re-rendered by it could ask again and loop.
   */
  private apply(entry: Entry, change: JourneyChange): boolean {
    // Until a load succeeds, every change is kept: over the saved journey it may change something.
    const loading = entry.snapshot.status === 'loading' || entry.unloaded;
    if (loading) entry.pending.push(change);
    const state = change(entry.snapshot.state);
    const changed = state !== entry.snapshot.state;
    if (changed) this.set(entry, { ...entry.snapshot, state });
    return changed || loading;
  }

  private enqueueSave(pathCode: string, entry: Entry): Promise<void> {
    const run = entry.queue.then(async () => {
      try {
        if (entry.unloaded) {
          const loaded = await this.calls.load(pathCode);
          const state = entry.pending.reduce((current, change) => change(current), loaded ?? emptyJourney());
          entry.pending = [];
          entry.unloaded = false;
          this.set(entry, { status: 'unsaved', state, loaded });
        }
        await this.calls.save(pathCode, entry.snapshot.state);
        if (entry.snapshot.status !== 'ready') this.set(entry, { ...entry.snapshot, status: 'ready' });
      } catch (error) {
        if (entry.snapshot.status !== 'unsaved') {
          this.set(entry, { ...entry.snapshot, status: 'unsaved' });
          this.onProblem('Your answers could not be saved just now. Keep this page open; we will try again.');
        }
        throw error;
      }
    });
    // A failed save must not stop the next one.
    entry.queue = run.catch(() => undefined);
    return run;
  }

  private set(entry: Entry, snapshot: JourneySnapshot): void {
    entry.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
