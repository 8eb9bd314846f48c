import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';

/**
 * The API's base path. `/api` unless the deployment sets `<html data-api-base>` (the server
 * writes it), so the same build can point at another backend.
 */
export function apiBase(): string {
  if (typeof document === 'undefined') return '/api';
  const configured = document.documentElement.dataset.apiBase;
  return configured !== undefined && configured !== '' ? configured.replace(/\/+$/, '') : '/api';
}

/** A failed call, with the snackbar text of SPEC §8 in `message`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** The HTTP status, or null when no response came (offline, timeout). */
    readonly status: number | null,
    /** The last piece of the call's path, such as `resolveURL`. */
    readonly call: string,
  ) {
    super(message);
  }
}

/** The one ky instance: base path, a timeout, and no retries unless a call asks for them. */
export const http: KyInstance = ky.create({
  prefixUrl: apiBase(),
  timeout: 30_000,
  retry: 0,
  headers: { accept: 'application/json' },
});

interface ErrorBody {
  status?: unknown;
  message?: unknown;
  details?: unknown;
}

/**
 * Turns any failure into an ApiError whose message is the snackbar text of SPEC §8:
 * "/{last path piece}: {status}: {details or message}" when the response carries an error,
 * otherwise the error's own text, "Request Timeout" by default.
 */
export async function toApiError(error: unknown, call: string): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const { status } = error.response;
    let body: ErrorBody = {};
    try {
      body = (await error.response.clone().json()) as ErrorBody;
    } catch {
      // Not JSON: the status alone says what happened.
    }
    const detail = [body.details, body.message].find((part) => typeof part === 'string' && part !== '');
    return new ApiError(
      `/${call}: ${status}: ${typeof detail === 'string' ? detail : error.response.statusText}`,
      status,
      call,
    );
  }
  if (error instanceof TimeoutError) return new ApiError('Request Timeout', null, call);
  const text = error instanceof Error && error.message !== '' ? error.message : 'Request Timeout';
  return new ApiError(text, null, call);
}

/** Runs a call and rethrows any failure as an ApiError; the client never shows UI itself. */
export async function call<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error, name);
  }
}
