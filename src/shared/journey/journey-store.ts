import { getJourney, isJourneyConflict, saveJourney } from './journey-api.ts';
import { JOURNEY_VERSION, migrateJourneyState, type JourneyState } from '../../contract/journey-state.ts';
import type { JourneyAssignment } from '../../contract/generated/app-schemas.ts';

export type { JourneyAssignment };

/** How long the store waits after the last keystroke before saving typed answers. */
export const SAVE_DELAY_MS = 600;

/** How a save asked for now behaves. */
export interface SaveOptions {
  /**
   * Whether a failure is also told to the patient by the store (its onProblem). A caller that
   * says so itself, where the patient pressed (a form's Next, the funnel's move), passes false,
   * so the patient is told once. @default true
   */
  report?: boolean;
}

export type JourneyStatus = 'loading' | 'ready' | 'unsaved';

/** One funnel's journey as the page holds it. */
export interface JourneySnapshot {
  status: JourneyStatus;
  state: JourneyState;
  /** The state as it was loaded from the server (null when there was none), for resuming. */
  loaded: JourneyState | null;
  /**
   * The split test variant the server gave the journey (issue 29): null when it is in none,
   * undefined until the server has said (a new journey is given one by its first save).
   * Held in memory only, as the server sends it: never in the state, a URL or storage.
   */
  assignment: JourneyAssignment | null | undefined;
}

/**
 * One thing the patient did, as a function of the journey it is done to. Changes are kept as
 * changes until the server has them, and may be applied again to a journey another tab has
 * saved since: they must be pure, and say what the patient did (set this answer, mark that
 * part done) rather than carry a whole journey.
 */
export type JourneyChange = (state: JourneyState) => JourneyState;

/** A journey as the server holds it: its state and the revision it is at. */
export interface StoredJourney {
  state: JourneyState;
  revision: number;
  /** Its split test variant, when it has one (the server's; absent in fakes without split tests). */
  assignment?: JourneyAssignment | null;
}

/**
 * What a save answers: the journey's new revision, with its split test variant; a fake
 * without split tests may answer with the revision alone.
 */
export type SaveAnswer = number | { revision: number; assignment: JourneyAssignment | null };

/** The calls the store makes; tests pass fakes. */
export interface JourneyCalls {
  /** The journey the server holds for a code, or null when it has none. */
  load: (pathCode: string) => Promise<StoredJourney | null>;
  /**
   * Saves a state made from the journey at `baseRevision` (null: from none) and resolves with
   * the journey's new revision; rejects with an ApiError 409 (isJourneyConflict) when the
   * server's journey is no longer at `baseRevision`, having stored nothing.
   */
  save: (pathCode: string, state: JourneyState, baseRevision: number | null) => Promise<SaveAnswer>;
}

/** How the store retries a save the server refused because the journey had moved on (409). */
export interface ConflictPolicy {
  /** How many times one save loads the journey again and retries before it gives up. @default 10 */
  maxRetries: number;
  /**
   * The wait before retry `attempt` (0 for the first). @default none before the first, then a
   * random wait of up to 25 ms × 2^attempt, at most 1 s, so tabs saving at once stop colliding.
   */
  delayMs: (attempt: number) => number;
}

const DEFAULT_CONFLICT_POLICY: ConflictPolicy = {
  maxRetries: 10,
  delayMs: (attempt) => (attempt === 0 ? 0 : Math.random() * Math.min(1000, 25 * 2 ** attempt)),
};

export function emptyJourney(now: Date = new Date()): JourneyState {
  return { version: JOURNEY_VERSION, landedAt: now.toISOString(), answers: {}, pages: {}, completed: [], records: {} };
}

/** The real calls: the journey endpoints of the local API (schemas/app.openapi.json). */
export const API_JOURNEY_CALLS: JourneyCalls = {
  load: async (pathCode) => {
    const journey = await getJourney({ pathCode }, { maxRetries: 1 });
    // A backend still on an older journey version is read through the one migration.
    return journey === null
      ? null
      : {
          state: migrateJourneyState(journey.state),
          revision: journey.revision,
          assignment: journey.assignment ?? null,
        };
  },
  save: async (pathCode, state, baseRevision) => {
    // keepalive: a patient who closes the tab as the next step appears still has it saved.
    // A retry of a save that did land is refused as stale (409), and the store reapplies.
    const saved = await saveJourney({ pathCode, state, baseRevision }, { maxRetries: 2, keepalive: true });
    return { revision: saved.revision, assignment: saved.assignment ?? null };
  },
};

interface Entry {
  snapshot: JourneySnapshot;
  /** The journey as the server last had it (loaded or saved); null when it had none. */
  base: StoredJourney | null;
  /**
   * What the patient did that the server does not have yet, oldest first: the state shown is
   * these applied to `base`. After a 409 they are applied to the journey the server holds
   * now, so the answers another tab saved are kept beside this page's.
   */
  pending: JourneyChange[];
  /** Settles once the first load has (its failure is handled: it never rejects). */
  loading: Promise<void>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The load failed: the server may hold a journey this page has not seen. */
  unloaded: boolean;
}

const ignore = () => undefined;

/** Whether two answers say the same of the split test: the screens are told only of a change. */
function sameAssignment(a: JourneyAssignment | null | undefined, b: JourneyAssignment | null | undefined): boolean {
  return (
    a === b ||
    (a != null && b != null && a.experiment === b.experiment && a.variant === b.variant && a.recorded === b.recorded)
  );
}

function wait(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The patient's journeys of this page, by campaign code: held in memory, loaded from the
 * server once, and saved back after every change. This is the one place patient answers live
 * in the browser: never in localStorage, sessionStorage, a URL or a title.
 */
export class JourneyStore {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private readonly conflicts: ConflictPolicy;
  /**
   * One save at a time for the whole page, whatever its code. The first save sets the session
   * cookie: a second save sent beside it, with no cookie yet, would start a session of its own,
   * and the journey saved under the session whose cookie lost would be out of reach.
   */
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly calls: JourneyCalls = API_JOURNEY_CALLS,
    /** Told when a save or load fails; the journey stays usable in memory. */
    private readonly onProblem: (message: string) => void = () => {},
    conflicts: Partial<ConflictPolicy> = {},
  ) {
    this.conflicts = { ...DEFAULT_CONFLICT_POLICY, ...conflicts };
  }

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
   * Changes the journey in memory only: the change goes to the server with the next save (the
   * patient's typing, or a press). For what a page works out when it is shown and would work
   * out the same again after a reload (the intake's seed), so that showing a page writes
   * nothing: the press that brought the patient there made the one write.
   */
  keep(pathCode: string, change: JourneyChange): void {
    this.apply(this.entry(pathCode), change);
  }

  /**
   * Changes the journey and saves it now; resolves once the server has it. The caller
   * decides what a failure means (a screen stays put and says so).
   */
  save(pathCode: string, change?: JourneyChange, options: SaveOptions = {}): Promise<void> {
    const entry = this.entry(pathCode);
    if (change) this.apply(entry, change);
    if (entry.timer !== undefined) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    return this.enqueueSave(pathCode, entry, options.report ?? true);
  }

  /**
   * Saves again every journey whose last save failed: the browser is back online, and the
   * answers kept on the page since ("we will try again") should reach the server without
   * waiting for the patient's next change.
   */
  retryUnsaved(): void {
    for (const [pathCode, entry] of this.entries) {
      if (entry.snapshot.status === 'unsaved') this.enqueueSave(pathCode, entry).catch(() => undefined);
    }
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

  /**
   * The journey's split test variant, once the server has said (null: none). A new journey is
   * given one by its first save: the save on its way is waited for, and when none is, one is
   * made. Null as well when the server cannot be reached: the patient walks the funnel's own
   * steps meanwhile, uncounted.
   */
  async assignment(pathCode: string): Promise<JourneyAssignment | null> {
    const entry = this.entry(pathCode);
    await entry.loading;
    if (entry.snapshot.assignment === undefined) await this.saving;
    if (entry.snapshot.assignment === undefined) await this.save(pathCode, undefined, { report: false }).catch(ignore);
    return entry.snapshot.assignment ?? null;
  }

  /** Resolves once the journey of a code has loaded (or failed to). */
  async ready(pathCode: string): Promise<JourneySnapshot> {
    const entry = this.entry(pathCode);
    await entry.loading;
    return entry.snapshot;
  }

  private entry(pathCode: string): Entry {
    const existing = this.entries.get(pathCode);
    if (existing) return existing;
    const entry: Entry = {
      snapshot: { status: 'loading', state: emptyJourney(), loaded: null, assignment: undefined },
      base: null,
      pending: [],
      loading: Promise.resolve(),
      timer: undefined,
      unloaded: false,
    };
    this.entries.set(pathCode, entry);
    entry.loading = this.calls.load(pathCode).then(
      (loaded) => {
        // Changes made while loading (the step the patient is on) go on top of what was saved.
        entry.base = loaded;
        this.set(entry, {
          status: 'ready',
          state: this.replay(entry),
          loaded: loaded?.state ?? null,
          // None saved yet: the first save is given one.
          assignment: loaded === null ? undefined : (loaded.assignment ?? null),
        });
      },
      () => {
        // The changes stay pending: the next save loads again first, so it never replaces a
        // journey saved on an earlier visit with what this page has.
        entry.unloaded = true;
        this.set(entry, { ...entry.snapshot, status: 'unsaved' });
        this.onProblem('We could not load your saved answers just now. We will try again as you go on.');
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
    const state = change(entry.snapshot.state);
    const changed = state !== entry.snapshot.state;
    if (changed || loading) entry.pending.push(change);
    if (changed) this.set(entry, { ...entry.snapshot, state });
    return changed || loading;
  }

  /** The pending changes applied to the journey the server had last. */
  private replay(entry: Entry): JourneyState {
    return entry.pending.reduce((state, change) => change(state), entry.base?.state ?? emptyJourney());
  }

  /** Loads the journey the server holds now and applies the pending changes to it again. */
  private async reload(pathCode: string, entry: Entry): Promise<void> {
    const loaded = await this.calls.load(pathCode);
    entry.base = loaded;
    const firstLoad = entry.unloaded;
    entry.unloaded = false;
    this.set(entry, {
      status: entry.snapshot.status,
      state: this.replay(entry),
      loaded: firstLoad ? (loaded?.state ?? null) : entry.snapshot.loaded,
      assignment: loaded === null ? entry.snapshot.assignment : (loaded.assignment ?? null),
    });
  }

  /** Saves once the journey has loaded and every save asked for before has gone. */
  private enqueueSave(pathCode: string, entry: Entry, report = true): Promise<void> {
    // The load first, outside the queue: a slow load of one code does not hold up another's save.
    return entry.loading.then(() => {
      const turn = this.saving.then(() => this.send(pathCode, entry, report));
      // A failed save must not stop the next one.
      this.saving = turn.then(ignore, ignore);
      return turn;
    });
  }

  /**
   * Sends the journey over the revision it was made from. When the server's journey has moved
   * on (another tab saved, or an earlier attempt of this save landed but its answer was lost),
   * loads it, applies the pending changes to it and tries again, up to the policy's limit;
   * the changes stay pending either way, so a later save still carries them.
   */
  private async send(pathCode: string, entry: Entry, report: boolean): Promise<void> {
    try {
      if (entry.unloaded) await this.reload(pathCode, entry);
      for (let attempt = 0; ; attempt += 1) {
        const sending = entry.pending.length;
        const { state } = entry.snapshot;
        try {
          const answer = await this.calls.save(pathCode, state, entry.base?.revision ?? null);
          const { revision, assignment } = typeof answer === 'number' ? { revision: answer, assignment: null } : answer;
          entry.base = { state, revision, assignment };
          // Changes made while the save was on its way are still to be saved.
          entry.pending = entry.pending.slice(sending);
          if (!sameAssignment(assignment, entry.snapshot.assignment))
            this.set(entry, { ...entry.snapshot, assignment });
          break;
        } catch (error) {
          if (!isJourneyConflict(error) || attempt >= this.conflicts.maxRetries) throw error;
        }
        await wait(this.conflicts.delayMs(attempt));
        await this.reload(pathCode, entry);
      }
      if (entry.snapshot.status !== 'ready') this.set(entry, { ...entry.snapshot, status: 'ready' });
    } catch (error) {
      if (entry.snapshot.status !== 'unsaved') {
        this.set(entry, { ...entry.snapshot, status: 'unsaved' });
        if (report) this.onProblem('Your answers could not be saved just now. Keep this page open; we will try again.');
      }
      throw error;
    }
  }

  private set(entry: Entry, snapshot: JourneySnapshot): void {
    entry.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
