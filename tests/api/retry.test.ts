import { delay, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError, REQUEST_TIMEOUT_MS, setRuntimeConfig } from '../../src/shared/api/http.ts';
import { getLead, saveLead } from '../../src/shared/api/leads.ts';
import { createOrder, getOrder, ORDER_LOOKUP_MAX_RETRIES } from '../../src/shared/api/orders.ts';
import { portalLogin } from '../../src/shared/api/customers.ts';
import { appointmentMade } from '../../src/features/booking/scheduling-api.ts';
import { CUSTOMER_ID, IDEMPOTENCY_KEY, LANDING_ID, LEAD, ORDER } from './example-calls.ts';
import { failure, respondInTurn, server, success, TEST_API_BASE, TEST_API_TOKEN, useApiServer } from './msw.ts';

useApiServer();

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Runs the microtasks of in-flight requests without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Starts a call and keeps its outcome, so a rejection is never unhandled while the clock moves. */
function start<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

test('a call is not retried when maxRetries is 0, the default', async () => {
  const { handler, requests } = respondInTurn('getLead', [failure(503), success('getLead')]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }));
  await vi.advanceTimersByTimeAsync(10_000);

  const result = await outcome;
  expect(result.ok).toBe(false);
  expect(requests).toHaveLength(1);
});

test('a retry waits exactly the default interval of 1000 ms', async () => {
  const { handler, requests } = respondInTurn('getLead', [failure(503), success('getLead')]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 2 }));
  await settle();
  expect(requests).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(999);
  expect(requests).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(requests).toHaveLength(2);

  const result = await outcome;
  expect(result.ok && result.value.landing_id).toBe(LANDING_ID);
});

test('a call retries up to maxRetries times, then throws the last failure', async () => {
  const { handler, requests } = respondInTurn('getLead', [failure(500, 'Internal server error')]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 2 }));
  await vi.advanceTimersByTimeAsync(10_000);

  const result = await outcome;
  expect(requests).toHaveLength(3);
  expect(result.ok ? null : result.error).toEqual(
    new ApiError('/getLead: 500: Internal server error', 500, 'getLead', undefined, undefined, {
      status: 500,
      message: 'Internal server error',
    }),
  );
});

test('the interval is configurable per call and in the runtime configuration', async () => {
  const perCall = respondInTurn('getLead', [failure(502), success('getLead')]);
  server.use(perCall.handler);
  const first = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 1, retryIntervalMs: 250 }));
  await vi.advanceTimersByTimeAsync(249);
  expect(perCall.requests).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(perCall.requests).toHaveLength(2);
  expect((await first).ok).toBe(true);

  setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: TEST_API_TOKEN, retryIntervalMs: 4000 });
  const configured = respondInTurn('getLead', [failure(502), success('getLead')]);
  server.use(configured.handler);
  const second = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 1 }));
  await vi.advanceTimersByTimeAsync(3999);
  expect(configured.requests).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(configured.requests).toHaveLength(2);
  expect((await second).ok).toBe(true);
});

test.each([408, 429, 500, 502, 503, 504])('status %i is retried', async (status) => {
  const { handler, requests } = respondInTurn('getLead', [failure(status), success('getLead')]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 1 }));
  await vi.advanceTimersByTimeAsync(1000);

  expect(requests).toHaveLength(2);
  expect((await outcome).ok).toBe(true);
});

test.each([400, 401, 403, 404, 409, 422])('status %i is never retried', async (status) => {
  const { handler, requests } = respondInTurn('getLead', [failure(status, 'No'), success('getLead')]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 3 }));
  await vi.advanceTimersByTimeAsync(10_000);

  expect(requests).toHaveLength(1);
  const result = await outcome;
  expect(result.ok ? null : result.error).toMatchObject({ status });
});

test("a 429 or 503's Retry-After does not change the interval: SPEC's interval applies, the snackbar reports the wait", async () => {
  const { handler, requests } = respondInTurn('getLead', [
    () =>
      HttpResponse.json(
        { status: 429, message: 'Too many requests' },
        { status: 429, headers: { 'retry-after': '30' } },
      ),
    success('getLead'),
  ]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 1 }));
  await vi.advanceTimersByTimeAsync(999);
  expect(requests).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(requests).toHaveLength(2);
  expect((await outcome).ok).toBe(true);
});

test('retries wait the same interval each time: no backoff', async () => {
  const { handler, requests } = respondInTurn('getLead', [
    failure(503),
    failure(599),
    failure(500),
    success('getLead'),
  ]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 3, retryIntervalMs: 400 }));
  await settle();
  for (const count of [2, 3, 4]) {
    await vi.advanceTimersByTimeAsync(400);
    expect(requests).toHaveLength(count);
  }
  expect((await outcome).ok).toBe(true);
});

test('a network error is retried', async () => {
  const { handler, requests } = respondInTurn('getLead', [() => HttpResponse.error(), success('getLead')]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 1 }));
  await vi.advanceTimersByTimeAsync(1000);

  expect(requests).toHaveLength(2);
  expect((await outcome).ok).toBe(true);
});

test('a timeout is retried', async () => {
  const { handler, requests } = respondInTurn('getLead', [
    async () => {
      await delay('infinite');
      return HttpResponse.text('never');
    },
    success('getLead'),
  ]);
  server.use(handler);

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 1 }));
  await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
  expect(requests).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1000);

  expect(requests).toHaveLength(2);
  expect((await outcome).ok).toBe(true);
});

test('a POST without an Idempotency-Key is never retried', async () => {
  const { handler, requests } = respondInTurn('saveLead', [failure(503), success('saveLead')]);
  server.use(handler);

  const outcome = start(saveLead({ lead: LEAD, landingId: LANDING_ID }, { maxRetries: 3 }));
  await vi.advanceTimersByTimeAsync(10_000);

  expect(requests).toHaveLength(1);
  expect((await outcome).ok).toBe(false);
});

test('a POST with an Idempotency-Key is retried with the same key', async () => {
  const { handler, requests } = respondInTurn('createOrder', [() => HttpResponse.error(), success('createOrder')]);
  server.use(handler);

  const outcome = start(createOrder(ORDER, { idempotencyKey: IDEMPOTENCY_KEY, maxRetries: 1 }));
  await vi.advanceTimersByTimeAsync(1000);

  expect(requests.map((request) => request.headers.get('idempotency-key'))).toEqual([IDEMPOTENCY_KEY, IDEMPOTENCY_KEY]);
  const result = await outcome;
  expect(result.ok && result.value.orderId).toBe('ord_7Hq2Lx9');
});

test('a PATCH without an Idempotency-Key is never retried; a PUT is', async () => {
  const patch = respondInTurn('portalLogin', [failure(503), success('portalLogin')]);
  const put = respondInTurn('appointmentMade', [failure(503), success('appointmentMade')]);
  server.use(patch.handler, put.handler);

  const patched = start(portalLogin('pl_6TnW3c', { maxRetries: 2 }));
  const put2 = start(appointmentMade({ appointmentId: 'apt_9XkP2v' }, { maxRetries: 2 }));
  await vi.advanceTimersByTimeAsync(10_000);

  expect(patch.requests).toHaveLength(1);
  expect((await patched).ok).toBe(false);
  expect(put.requests).toHaveLength(2);
  expect((await put2).ok).toBe(true);
});

test('the order lookup retries up to 3 times when shouldRetry is set, and not otherwise', async () => {
  const retried = respondInTurn('getOrder', [failure(503)]);
  server.use(retried.handler);
  const withRetry = start(getOrder({ customerId: CUSTOMER_ID }, { shouldRetry: true }));
  await vi.advanceTimersByTimeAsync(2999);
  expect(retried.requests).toHaveLength(ORDER_LOOKUP_MAX_RETRIES);
  await vi.advanceTimersByTimeAsync(1);
  expect(retried.requests).toHaveLength(1 + ORDER_LOOKUP_MAX_RETRIES);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(retried.requests).toHaveLength(4);
  expect((await withRetry).ok).toBe(false);

  const once = respondInTurn('getOrder', [failure(503)]);
  server.use(once.handler);
  const withoutRetry = start(getOrder({ customerId: CUSTOMER_ID }));
  await vi.advanceTimersByTimeAsync(10_000);
  expect(once.requests).toHaveLength(1);
  expect((await withoutRetry).ok).toBe(false);
});

test('aborting during the wait stops the retries', async () => {
  const { handler, requests } = respondInTurn('getLead', [failure(503), success('getLead')]);
  server.use(handler);
  const controller = new AbortController();

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 3, signal: controller.signal }));
  await vi.advanceTimersByTimeAsync(500);
  controller.abort();
  await vi.advanceTimersByTimeAsync(10_000);

  expect(requests).toHaveLength(1);
  const result = await outcome;
  expect(result.ok ? null : result.error).toBeInstanceOf(ApiError);
});

test('aborting while the request is in flight stops it: no retry', async () => {
  const { handler, requests } = respondInTurn('getLead', [
    async () => {
      await delay('infinite');
      return HttpResponse.text('never');
    },
    success('getLead'),
  ]);
  server.use(handler);
  const controller = new AbortController();

  const outcome = start(getLead({ landing_id: LANDING_ID }, { maxRetries: 3, signal: controller.signal }));
  await vi.advanceTimersByTimeAsync(500);
  controller.abort();
  await vi.advanceTimersByTimeAsync(10_000);

  expect(requests).toHaveLength(1);
  const result = await outcome;
  expect(result.ok ? null : result.error).toBeInstanceOf(ApiError);
});
