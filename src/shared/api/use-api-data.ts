import { startTransition, useCallback, useEffect, useState } from 'react';
import { ApiError } from './http.ts';

export type ApiData<T> =
  | { status: 'loading'; retry: () => void }
  | { status: 'ready'; data: T; retry: () => void }
  | { status: 'failed'; error: ApiError; retry: () => void };

/**
 * Loads what a screen shows from the API when the screen mounts or its key changes, and
 * offers a retry. The load gets an AbortSignal, so a page left early cancels its calls.
 * `key` names what is loaded: the same key is not loaded again.
 */
export function useApiData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): ApiData<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; attempt: number; value: ApiData<T> } | null>(null);
  const retry = useCallback(() => {
    setAttempt((previous) => previous + 1);
  }, []);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        // A transition: the screen the data fills renders in slices, so a slow phone still
        // answers a tap meanwhile instead of freezing for the whole screen.
        if (!controller.signal.aborted) {
          startTransition(() => {
            setResult({ key, attempt, value: { status: 'ready', data, retry } });
          });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof ApiError ? error : new ApiError('Request Timeout', null, 'load');
        setResult({ key, attempt, value: { status: 'failed', error: failure, retry } });
      },
    );
    return () => {
      controller.abort();
    };
    // The load function is new each render; the key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  if (key === null || result === null || result.key !== key || result.attempt !== attempt) {
    return { status: 'loading', retry };
  }
  return result.value;
}
