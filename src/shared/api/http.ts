import ky, { HTTPError, TimeoutError, type KyInstance, type Options, type RetryOptions } from 'ky';
import type { FieldError } from '../../contract/api-types.ts';
import { isRecord } from '../../lib/is-record.ts';
import { fetchOrEarly } from './early-responses.ts';

/** The base path when the page sets none (SPEC §7: "All under base path /api"). */
export const DEFAULT_API_BASE = '/api';
/** The wait between attempts of a retried call (SPEC §9). */
export const DEFAULT_RETRY_INTERVAL_MS = 1000;
/** How long one attempt may take before it fails as a timeout. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The snackbar text of a failure that carries no text of its own (SPEC §8). */
export const DEFAULT_ERROR_TEXT = 'Request Timeout';

/** What the client reads at run time, so one build serves every deployment. */
export interface RuntimeConfig {
  /** Where the API lives, without a trailing slash: `/api`, or another backend's URL. */
  apiBase: string;
  /** The client token of SPEC §6 for the secured calls, or null when the page has none. */
  apiToken: string | null;
  /** The default wait between attempts of a retried call. */
  retryIntervalMs: number;
}

let overrides: Partial<RuntimeConfig> | null = null;

/**
 * Replaces what the page says (`<html data-api-base data-api-token>`) for code that has no
 * page, such as tests and scripts; null goes back to the page.
 */
export function setRuntimeConfig(config: Partial<RuntimeConfig> | null): void {
  overrides = config;
}

/** The attributes the server writes into `<html>`; an empty attribute counts as absent. */
function pageConfig(): Partial<RuntimeConfig> {
  if (typeof document === 'undefined') return {};
  const { apiBase, apiToken } = document.documentElement.dataset;
  return {
    ...(apiBase !== undefined && apiBase !== '' ? { apiBase } : {}),
    ...(apiToken !== undefined && apiToken !== '' ? { apiToken } : {}),
  };
}

/** The configuration in force, read on every call: overrides, then the page, then defaults. */
export function runtimeConfig(): RuntimeConfig {
  const config = { ...pageConfig(), ...overrides };
  return {
    apiBase: (config.apiBase ?? DEFAULT_API_BASE).replace(/\/+$/, ''),
    apiToken: config.apiToken ?? null,
    retryIntervalMs: config.retryIntervalMs ?? DEFAULT_RETRY_INTERVAL_MS,
  };
}

/** A failed call, with the snackbar text of SPEC §8 in `message`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** The HTTP status, or null when no response came (offline, timeout, no token). */
    readonly status: number | null,
    /** The last piece of the call's path, such as `resolveURL`. */
    readonly call: string,
    /** The error body's details: a text, or the fields that failed (`/body/customer/cardNumber`), for forms to mark. */
    readonly details?: string | readonly FieldError[],
    /** How long the server asked to wait before another try (its `Retry-After`, as on a 429), in seconds. */
    readonly retryAfterSeconds?: number,
    /**
     * The error body as the server sent it, when it was an object: a refused precondition's
     * `reason` and `existingOrder` (schemas/api.openapi.json `Error`), for the caller to read.
     */
    readonly body?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

function detailsOf(body: unknown): string | FieldError[] | undefined {
  if (!isRecord(body)) return undefined;
  const { details } = body;
  if (typeof details === 'string') return details;
  if (!Array.isArray(details)) return undefined;
  return details.flatMap((detail) =>
    isRecord(detail) && typeof detail.field === 'string' && typeof detail.message === 'string'
      ? [{ field: detail.field, message: detail.message }]
      : [],
  );
}

/**
 * The one ky instance. It retries nothing by itself: each call sets ky's `retry` options from
 * its CallOptions (`retryOptions`), so the count, the interval and the rule for POST and
 * PATCH are exactly those of SPEC §4.
 */
export const http: KyInstance = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  headers: { accept: 'application/json' },
  // The page's first calls may already be under way (src/page-start.ts). Called late, as
  // `fetchOrEarly`, so a test's stub of the global fetch still sees every other call.
  fetch: (input, init) => fetchOrEarly(input, init),
});

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

/** One call of the contract, as the typed functions describe it. */
export interface ApiRequest {
  method: HttpMethod;
  /** The contract's path under the base, with `{name}` templates: `/mipH2/getHasId/{id}`. */
  path: string;
  /** Values of the path's templates; encoded here. */
  pathParams?: Readonly<Record<string, string>>;
  /** Query parameters; undefined ones are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body. */
  form?: Readonly<Record<string, string>>;
  /** A file as the body, sent with its media type (no multipart, so no file name). */
  file?: { bytes: Uint8Array<ArrayBuffer>; type: string };
  /** Sends the client token as `Authorization: Bearer` (the calls of SPEC §6). */
  secured?: boolean;
  /** Sent as `Idempotency-Key`; the server answers a repeat with the first result. */
  idempotencyKey?: string;
}

export interface CallOptions {
  /**
   * Retries after a network error, a timeout, 408, 429 or 5xx, up to this many times (SPEC §4).
   * GET, PUT and DELETE only, and POST or PATCH carrying an Idempotency-Key. @default 0
   */
  maxRetries?: number;
  /** The wait before each retry. @default runtimeConfig().retryIntervalMs (1000 ms) */
  retryIntervalMs?: number;
  /** Cancels the call, including a wait between attempts. */
  signal?: AbortSignal;
  /** How long one attempt may take. @default REQUEST_TIMEOUT_MS (30 s); a large upload needs longer. */
  timeoutMs?: number;
  /**
   * The request outlives the page: a save the patient may close the tab or follow a link on
   * just after. Browsers allow 64 KiB of such bodies in flight, so a larger body goes as a
   * plain request.
   */
  keepalive?: boolean;
}

/** Under the browsers' 64 KiB for all keepalive bodies in flight, with room for a second save. */
const KEEPALIVE_BODY_LIMIT = 30_000;

/** The options of an order-creating call, which always carries an idempotency key. */
export interface IdempotentCallOptions extends CallOptions {
  /** Sent as `Idempotency-Key`: one key per order the patient means to place. */
  idempotencyKey: string;
}

/** A fresh key for an order-creating call; reuse it for every attempt at the same order. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** `/mipH2/getHasId/{id}` gives `getHasId`: the last piece that is not a template. */
export function lastPathPiece(path: string): string {
  return (
    path
      .split('/')
      .filter((piece) => piece !== '' && !piece.startsWith('{'))
      .at(-1) ?? ''
  );
}

function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** Methods a retry may send again (SPEC §4); POST and PATCH only with an Idempotency-Key (issue 4). */
const REPEATABLE_METHODS: NonNullable<RetryOptions['methods']> = ['get', 'put', 'delete'];
const KEYED_METHODS: NonNullable<RetryOptions['methods']> = [...REPEATABLE_METHODS, 'post', 'patch'];
/** 408, 429 and every 5xx: answers another attempt may fix. */
const TRANSIENT_STATUSES = [408, 429, ...Array.from({ length: 100 }, (_, index) => 500 + index)];

function retryCount(maxRetries: number | undefined): number {
  return maxRetries !== undefined && Number.isFinite(maxRetries) && maxRetries > 0 ? Math.floor(maxRetries) : 0;
}

/**
 * ky's retry options for one call: up to `maxRetries` more attempts after a network error, a
 * timeout, 408, 429 or 5xx, each after the same interval (SPEC §9: no backoff, and no wait for
 * a `Retry-After`, which callers read from ApiError.retryAfterSeconds). ky waits with the
 * call's signal, so an abort stops the wait.
 */
function retryOptions(request: ApiRequest, options: CallOptions, config: RuntimeConfig): RetryOptions {
  const interval = options.retryIntervalMs ?? config.retryIntervalMs;
  return {
    limit: retryCount(options.maxRetries),
    methods: request.idempotencyKey === undefined ? REPEATABLE_METHODS : KEYED_METHODS,
    statusCodes: TRANSIENT_STATUSES,
    afterStatusCodes: [],
    retryOnTimeout: true,
    // A failure with no response (fetch's TypeError: offline, DNS, connection reset) is retried
    // too; an abort is not, as ky's wait rejects at once on an aborted signal.
    delay: () => interval,
  };
}

async function send(request: ApiRequest, options: CallOptions, call: string): Promise<Response> {
  const config = runtimeConfig();
  const headers: Record<string, string> = {};
  if (request.secured === true) {
    if (config.apiToken === null)
      throw new ApiError(`/${call}: no client token is configured (data-api-token)`, null, call);
    headers.authorization = `Bearer ${config.apiToken}`;
  }
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;

  const url = `${config.apiBase}${fillPath(request.path, request.pathParams)}`;
  const init: Options = { method: request.method, headers };
  if (request.query !== undefined) init.searchParams = request.query;
  if (request.json !== undefined) init.json = request.json;
  if (request.form !== undefined) init.body = new URLSearchParams(request.form);
  if (request.file !== undefined) {
    init.body = request.file.bytes;
    headers['content-type'] = request.file.type;
  }
  if (options.signal !== undefined) init.signal = options.signal;
  if (options.timeoutMs !== undefined) init.timeout = options.timeoutMs;
  if (options.keepalive === true && JSON.stringify(request.json ?? '').length <= KEEPALIVE_BODY_LIMIT) {
    init.keepalive = true;
  }

  init.retry = retryOptions(request, options, config);
  return http(url, init);
}

/** The details (a text, or the field messages joined), else the message, of an error body. */
function errorBodyText(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const { details, message } = body;
  if (typeof details === 'string' && details !== '') return details;
  if (Array.isArray(details)) {
    const messages = details
      .map((detail) => (isRecord(detail) && typeof detail.message === 'string' ? detail.message : ''))
      .filter((text) => text !== '');
    if (messages.length > 0) return messages.join('; ');
  }
  return typeof message === 'string' && message !== '' ? message : null;
}

/**
 * A `Retry-After` header in seconds from now: its delay in seconds, or its HTTP date; undefined
 * when there is none or it cannot be read.
 */
export function retryAfterOf(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Turns any failure into an ApiError whose message is the snackbar text of SPEC §8:
 * "/{last path piece}: {status}: {details or message}" when a response came (its status
 * text when the body is no error body), otherwise the error's own text, "Request Timeout"
 * for a timeout or an error without text. ky's own messages are never used: they hold the
 * URL, and with it whatever the query carries.
 */
export async function toApiError(error: unknown, call: string): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const { status, statusText } = error.response;
    let body: unknown = null;
    try {
      body = await error.response.json();
    } catch {
      // Not JSON: the status says what happened.
    }
    const text = errorBodyText(body) ?? (statusText !== '' ? statusText : 'Request failed');
    return new ApiError(
      `/${call}: ${status}: ${text}`,
      status,
      call,
      detailsOf(body),
      retryAfterOf(error.response.headers.get('retry-after')),
      isRecord(body) ? body : undefined,
    );
  }
  if (error instanceof TimeoutError) return new ApiError(DEFAULT_ERROR_TEXT, null, call);
  const text = error instanceof Error && error.message !== '' ? error.message : DEFAULT_ERROR_TEXT;
  return new ApiError(text, null, call);
}

/** Reads `data` from a success envelope `{ "data": ... }`. */
async function readData<T>(response: Response, call: string): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(`/${call}: ${response.status}: the response is not JSON`, response.status, call);
  }
  if (!isRecord(body) || !('data' in body))
    throw new ApiError(`/${call}: ${response.status}: the response has no data`, response.status, call);
  // The shape is the contract's; tests/api validates these types against it.
  return body.data as T;
}

/**
 * Sends one call of the contract, with retries as `options` allow, and returns the `data` of
 * its response. Every failure is thrown as an ApiError; the client never navigates and shows
 * no UI: the caller decides.
 */
export async function apiCall<T>(request: ApiRequest, options: CallOptions = {}): Promise<T> {
  const call = lastPathPiece(request.path);
  try {
    const response = await send(request, options, call);
    return await readData<T>(response, call);
  } catch (error) {
    throw await toApiError(error, call);
  }
}
