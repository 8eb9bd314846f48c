import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ChunkErrorBoundary } from '../../src/app/chunk-error-boundary.tsx';
import {
  CHUNK_LOAD_MESSAGE,
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_KEY,
  ChunkLoadError,
  lazyScreen,
  loadChunk,
  type ReloadStorage,
} from '../../src/lib/lazy-chunk.ts';
import { renderWithProviders } from '../support/render.tsx';

/** Stands in for sessionStorage, which survives a reload of the tab. */
function memoryStorage(initial: Record<string, string> = {}): ReloadStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/** What a browser does when the chunk a page asks for was removed by a new deploy. */
function missingChunk(): Promise<never> {
  return Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/screen-abc123.js'));
}

/** Whether a promise is still pending once everything already queued has run. */
async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const settled = promise.then(
    () => false,
    () => false,
  );
  const waited = new Promise<boolean>((resolve) => setTimeout(resolve, 0, true));
  return Promise.race([settled, waited]);
}

beforeEach(() => {
  // React reports every error a boundary catches; here those errors are the point of the test.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

test('a chunk that fails to load reloads the page once, and fails with a clear message after that reload', async () => {
  const storage = memoryStorage();
  const reload = vi.fn();

  const firstPage = loadChunk(missingChunk, { storage, reload });
  expect(await isPending(firstPage)).toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);

  // The reload starts a new page: a fresh copy of the module, with the same tab storage.
  vi.resetModules();
  const afterReload = await import('../../src/lib/lazy-chunk.ts');
  const secondPage = afterReload.loadChunk(missingChunk, { storage, reload });
  await expect(secondPage).rejects.toThrow(afterReload.ChunkLoadError);
  await expect(secondPage).rejects.toMatchObject({ name: 'ChunkLoadError', message: CHUNK_LOAD_MESSAGE });
  expect(reload).toHaveBeenCalledTimes(1);
});

test('two chunks failing on the same page reload it only once, and both wait for it', async () => {
  const storage = memoryStorage();
  const reload = vi.fn();
  const screenChunk = loadChunk(missingChunk, { storage, reload });
  const textChunk = loadChunk(missingChunk, { storage, reload });
  expect(await isPending(screenChunk)).toBe(true);
  expect(await isPending(textChunk)).toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a chunk that loads clears the memory of the reload, so the next deploy gets its own reload', async () => {
  const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: 'an earlier page' });
  const reload = vi.fn();
  await expect(loadChunk(() => Promise.resolve('screen'), { storage, reload })).resolves.toBe('screen');
  expect(storage.values.has(CHUNK_RELOAD_KEY)).toBe(false);

  expect(await isPending(loadChunk(missingChunk, { storage, reload }))).toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);
});

test('the reload is remembered in the tab session storage by default, under a key that holds no patient data', async () => {
  const reload = vi.fn();
  void loadChunk(missingChunk, { reload });
  await vi.waitFor(() => {
    expect(reload).toHaveBeenCalledTimes(1);
  });
  expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
  expect(Object.keys(sessionStorage)).toEqual([CHUNK_RELOAD_KEY]);
});

test('a chunk that has not arrived after 120 seconds counts as failed', async () => {
  vi.useFakeTimers();
  const storage = memoryStorage();
  const reload = vi.fn();
  void loadChunk(() => new Promise<never>(() => undefined), { storage, reload });

  await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
  expect(reload).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
});

test('after the reload, a chunk that times out again fails with ChunkLoadError', async () => {
  vi.useFakeTimers();
  const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: 'an earlier page' });
  const reload = vi.fn();
  const slow = loadChunk(() => new Promise<never>(() => undefined), { storage, reload, timeoutMs: 5_000 });
  const outcome = expect(slow).rejects.toThrow(ChunkLoadError);
  await vi.advanceTimersByTimeAsync(5_000);
  await outcome;
  expect(reload).not.toHaveBeenCalled();
});

test('when storage is blocked the page is not reloaded, since a reload loop could not be stopped', async () => {
  const reload = vi.fn();
  const blocked: ReloadStorage = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
    removeItem: () => undefined,
  };
  await expect(loadChunk(missingChunk, { storage: blocked, reload })).rejects.toThrow(ChunkLoadError);
  expect(reload).not.toHaveBeenCalled();
});

test('a lazy screen shows once its chunk has loaded', async () => {
  const Screen = lazyScreen(() => Promise.resolve({ default: () => <h1>Assessment</h1> }), {
    storage: memoryStorage(),
    reload: vi.fn(),
  });
  renderWithProviders(
    <Suspense fallback={<p>Loading</p>}>
      <Screen />
    </Suspense>,
  );
  expect(await screen.findByRole('heading', { name: 'Assessment' })).toBeInTheDocument();
});

test('a screen whose chunk is already in renders at once, without its loading fallback', async () => {
  const Screen = lazyScreen(() => Promise.resolve({ default: () => <h1>Results</h1> }), {
    storage: memoryStorage(),
    reload: vi.fn(),
  });
  Screen.preload();
  // The chunk arrives (the page preloaded it) before React renders the screen.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const fallback = vi.fn(() => <p>Loading</p>);
  const Fallback = fallback;
  renderWithProviders(
    <Suspense fallback={<Fallback />}>
      <Screen />
    </Suspense>,
  );
  expect(screen.getByRole('heading', { name: 'Results' })).toBeInTheDocument();
  expect(fallback).not.toHaveBeenCalled();
});

test('a preload that failed is asked again when the screen renders', async () => {
  let attempts = 0;
  const Screen = lazyScreen(
    () => {
      attempts += 1;
      return attempts === 1 ? missingChunk() : Promise.resolve({ default: () => <h1>Payment</h1> });
    },
    // Offline: a failed import is the connection, and the page stays.
    { storage: memoryStorage(), reload: vi.fn(), isOffline: () => attempts === 1 },
  );
  Screen.preload();
  await new Promise((resolve) => setTimeout(resolve, 0));
  renderWithProviders(
    <Suspense fallback={<p>Loading</p>}>
      <Screen />
    </Suspense>,
  );
  expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
  expect(attempts).toBe(2);
});

test('a screen that still cannot load after the reload shows the update message, and its button reloads the page', async () => {
  const user = userEvent.setup();
  const onReload = vi.fn();
  const Screen = lazyScreen(missingChunk, {
    storage: memoryStorage({ [CHUNK_RELOAD_KEY]: 'an earlier page' }),
    reload: vi.fn(),
  });
  renderWithProviders(
    <ChunkErrorBoundary onReload={onReload}>
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>,
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(CHUNK_LOAD_MESSAGE);
  await user.click(screen.getByRole('button', { name: 'Reload page' }));
  expect(onReload).toHaveBeenCalledTimes(1);
});

test('any other error shows "Something went wrong" with the same button, and no error details', async () => {
  const user = userEvent.setup();
  const onReload = vi.fn();
  const onError = vi.fn<(error: unknown) => void>();
  function Broken(): never {
    throw new Error('patient jane@example.com: cannot read properties of undefined');
  }
  renderWithProviders(
    <ChunkErrorBoundary onReload={onReload} onError={onError}>
      <Broken />
    </ChunkErrorBoundary>,
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Something went wrong');
  expect(alert).not.toHaveTextContent('jane@example.com');
  expect(alert).not.toHaveTextContent(CHUNK_LOAD_MESSAGE);
  expect(onError).toHaveBeenCalledTimes(1);
  expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  await user.click(screen.getByRole('button', { name: 'Reload page' }));
  expect(onReload).toHaveBeenCalledTimes(1);
});

test('children render untouched when nothing fails', () => {
  renderWithProviders(
    <ChunkErrorBoundary>
      <p>Results</p>
    </ChunkErrorBoundary>,
  );
  expect(screen.getByText('Results')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('offline, a chunk that fails is the connection, not a deploy: the page stays, and the same import works once online', async () => {
  const storage = memoryStorage();
  const reload = vi.fn();
  let offline = true;
  const importer = vi.fn(() => (offline ? missingChunk() : Promise.resolve('module')));

  await expect(loadChunk(importer, { storage, reload, isOffline: () => offline })).rejects.toThrow(TypeError);
  expect(reload).not.toHaveBeenCalled();
  expect(storage.values.size).toBe(0);

  offline = false;
  await expect(loadChunk(importer, { storage, reload, isOffline: () => offline })).resolves.toBe('module');
  expect(reload).not.toHaveBeenCalled();
});
