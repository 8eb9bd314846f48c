import { createElement, lazy, useState, type ComponentType } from 'react';
import { within } from './within.ts';

/** SPEC §9: a chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Where loadChunk remembers that it already reloaded the page; holds no patient data. */
export const CHUNK_RELOAD_KEY = 'chunk-load-reloaded';

export const CHUNK_LOAD_MESSAGE = 'This page was updated while you were using it. Please reload to continue.';

/** A lazily loaded part of the app could not be fetched, even after reloading the page once. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(options?: ErrorOptions) {
    super(CHUNK_LOAD_MESSAGE, options);
  }
}

export type ReloadStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LoadChunkOptions {
  /** How long to wait for the chunk. @default CHUNK_LOAD_TIMEOUT_MS */
  timeoutMs?: number;
  /** Survives the reload, to remember it was tried. @default sessionStorage */
  storage?: ReloadStorage;
  /** Reloads the page. @default location.reload */
  reload?: () => void;
  /** The storage key. @default CHUNK_RELOAD_KEY */
  key?: string;
  /** Whether the browser is offline now. @default `navigator.onLine === false` */
  isOffline?: () => boolean;
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/**
 * Identifies this page load. The flag stores it, so a second chunk failing while the reload is
 * already under way waits for the reload instead of showing the error for a moment.
 */
const PAGE_LOAD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function sessionStorageOrNull(): ReloadStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Reading sessionStorage throws when the browser blocks storage.
    return null;
  }
}

function readFlag(storage: ReloadStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Sets the flag; false if storage refuses, in which case a reload could never be told apart from the first load. */
function writeFlag(storage: ReloadStorage, key: string): boolean {
  try {
    storage.setItem(key, PAGE_LOAD_ID);
    return storage.getItem(key) === PAGE_LOAD_ID;
  } catch {
    return false;
  }
}

function clearFlag(storage: ReloadStorage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to undo: a flag that could not be cleared was most likely never written.
  }
}

/**
 * Runs a dynamic import. When it fails or times out, which after a new deploy means this page
 * asks for files that no longer exist, the page is reloaded once to pick up the new version;
 * if the import fails again after that reload, it rejects with a {@link ChunkLoadError}.
 * A successful import clears the memory of the reload, so the next deploy gets its reload too.
 * Offline, a failed import is the connection, not a deploy: it rejects with the browser's error
 * and the page stays (a reload would replace it, and what the patient typed, with the
 * browser's offline page); the same import works again once the browser is back online.
 */
export async function loadChunk<T>(importer: () => Promise<T>, options: LoadChunkOptions = {}): Promise<T> {
  const {
    timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
    storage = sessionStorageOrNull(),
    reload = () => {
      window.location.reload();
    },
    key = CHUNK_RELOAD_KEY,
    isOffline = browserOffline,
  } = options;
  try {
    const loaded = await within(
      importer(),
      timeoutMs,
      () => new Error(`The chunk did not load within ${timeoutMs} ms`),
    );
    if (storage) clearFlag(storage, key);
    return loaded;
  } catch (error) {
    if (isOffline()) throw error;
    if (!storage) throw new ChunkLoadError({ cause: error });
    const flag = readFlag(storage, key);
    // Another chunk of this page already asked for the reload: wait for it.
    if (flag === PAGE_LOAD_ID) return new Promise<never>(() => undefined);
    if (flag !== null || !writeFlag(storage, key)) throw new ChunkLoadError({ cause: error });
    reload();
    // The page is going away; never settling keeps the loading fallback up until it does.
    return new Promise<never>(() => undefined);
  }
}

/** A screen loaded in its own chunk (lazyScreen), which can be asked to start loading before it renders. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts loading the chunk now; rendering uses the same load. A failure is rendering's to report. */
  preload: () => void;
};

/**
 * A screen component loaded in its own chunk, through {@link loadChunk}: on first render, or
 * earlier with `preload`. A screen whose chunk is already in when it mounts renders at once.
 * React's lazy() always suspends on its first render, even for a module already loaded, and a
 * boundary that showed its fallback shows what replaces it no sooner than 300 ms later: a page
 * whose screen's code came with the page (src/main.tsx preloads it) would wait that long for
 * nothing after hydration. Each mount decides once, so a screen never changes component type
 * under the patient (which would remount it and lose what they typed).
 */
export function lazyScreen<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  options?: LoadChunkOptions,
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () => {
    loading ??= loadChunk(importer, options).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A preload that failed is asked again by the first render (a patient back online);
        // a render that failed reports it, and React keeps that answer for the page's life, as
        // lazy() always did.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(load);
  function Screen(props: P) {
    const [ready] = useState(() => loaded);
    return ready === null ? createElement(Lazy, props) : createElement(ready, props);
  }
  Screen.preload = () => {
    load().catch(() => undefined);
  };
  return Screen;
}
