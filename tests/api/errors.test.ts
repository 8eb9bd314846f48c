import { delay, http, HttpResponse } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { getMarkdown } from '../../src/shared/api/content.ts';
import { getHasId } from '../../src/shared/api/identity.ts';
import { ApiError, REQUEST_TIMEOUT_MS, retryAfterOf, toApiError } from '../../src/shared/api/http.ts';
import { getLead, saveLead } from '../../src/shared/api/leads.ts';
import { createOrder } from '../../src/shared/api/orders.ts';
import { createFollowOnProductOrder, getProductInfo } from '../../src/features/payment/products-api.ts';
import { resolveShortLink } from '../../src/app/short-links.ts';
import { CUSTOMER_ID, IDEMPOTENCY_KEY, LANDING_ID, LEAD, ORDER } from './example-calls.ts';
import { failure, respondInTurn, server, success, TEST_API_BASE, useApiServer } from './msw.ts';

useApiServer();

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The error a call rejects with. */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );
}

test('an error body gives "/{last path piece}: {status}: {details}"', async () => {
  server.use(respondInTurn('createOrder', [failure(422, 'Payment declined', 'Your card was declined.')]).handler);

  const error = await rejection(createOrder(ORDER, { idempotencyKey: IDEMPOTENCY_KEY }));

  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    message: '/createOrder: 422: Your card was declined.',
    status: 422,
    call: 'createOrder',
  });
});

test('a list of field errors is joined', async () => {
  const details = [
    { field: '/body/lead/email', message: 'must match format "email"' },
    { field: '/body/landingId', message: 'must NOT have fewer than 1 characters' },
  ];
  server.use(respondInTurn('saveLead', [failure(400, 'Invalid request', details)]).handler);

  const error = await rejection(saveLead({ lead: LEAD, landingId: LANDING_ID }));

  expect(error).toMatchObject({
    message: '/saveLead: 400: must match format "email"; must NOT have fewer than 1 characters',
    status: 400,
  });
});

test('without details the message is used', async () => {
  server.use(respondInTurn('getLead', [failure(500, 'Internal server error')]).handler);

  const error = await rejection(getLead({ landing_id: LANDING_ID }));

  expect(error).toMatchObject({ message: '/getLead: 500: Internal server error', status: 500 });
});

test('the path piece of a call with a path parameter is the call, not the id', async () => {
  server.use(respondInTurn('getHasId', [failure(404, 'Not found', 'nothing is saved under the given id')]).handler);

  const error = await rejection(getHasId(CUSTOMER_ID));

  expect(error).toMatchObject({ message: '/getHasId: 404: nothing is saved under the given id', call: 'getHasId' });
});

test('a response without an error body gives its status text', async () => {
  server.use(
    respondInTurn('getLead', [
      () => new HttpResponse('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ]).handler,
  );

  const error = await rejection(getLead({ landing_id: LANDING_ID }));

  expect(error).toMatchObject({ message: '/getLead: 502: Bad Gateway', status: 502 });
});

test('a network error gives the error text', async () => {
  server.use(respondInTurn('getLead', [() => HttpResponse.error()]).handler);

  const error = await rejection(getLead({ landing_id: LANDING_ID }));

  expect(error).toMatchObject({ message: 'Failed to fetch', status: null, call: 'getLead' });
});

test('a timeout gives "Request Timeout"', async () => {
  vi.useFakeTimers();
  server.use(
    respondInTurn('getLead', [
      async () => {
        await delay('infinite');
        return HttpResponse.text('never');
      },
    ]).handler,
  );

  const outcome = rejection(getLead({ landing_id: LANDING_ID }));
  await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);

  expect(await outcome).toMatchObject({ message: 'Request Timeout', status: null });
});

test('a failure without text defaults to "Request Timeout"', async () => {
  expect((await toApiError(new Error(''), 'getLead')).message).toBe('Request Timeout');
  expect((await toApiError('offline', 'getLead')).message).toBe('Request Timeout');
  expect((await toApiError(new TypeError('Load failed'), 'getLead')).message).toBe('Load failed');
});

test('a success without the data envelope is an error', async () => {
  server.use(respondInTurn('getLead', [() => HttpResponse.json({ landing_id: LANDING_ID })]).handler);

  const error = await rejection(getLead({ landing_id: LANDING_ID }));

  expect(error).toMatchObject({ message: '/getLead: 200: the response has no data', status: 200 });
});

test('product calls log the error text to the console and rethrow', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server.use(
    respondInTurn('getProductInfo', [failure(404, 'Not found', 'no product 999')]).handler,
    respondInTurn('createFollowOnProductOrder', [failure(500, 'Internal server error')]).handler,
  );

  const productError = await rejection(getProductInfo({ id: '999', category: 'hrt', type: 'mpid' }));
  const orderError = await rejection(
    createFollowOnProductOrder(
      { productId: '1673', campaignId: '116', compOrder: true, landingId: LANDING_ID },
      { idempotencyKey: IDEMPOTENCY_KEY },
    ),
  );

  expect(productError).toMatchObject({ message: '/getProductInfo: 404: no product 999' });
  expect(orderError).toMatchObject({ message: '/createFollowOnProductOrder: 500: Internal server error' });
  expect(log.mock.calls).toEqual([
    ['/getProductInfo: 404: no product 999'],
    ['/createFollowOnProductOrder: 500: Internal server error'],
  ]);
});

test('a product fetch without an id sends the text "undefined"; a success logs nothing', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { handler, requests } = respondInTurn('getProductInfo', [success('getProductInfo')]);
  server.use(handler);

  await getProductInfo({ id: undefined, category: 'hrt', type: 'product' });

  expect(requests.map((request) => new URL(request.url).searchParams.get('id'))).toEqual(['undefined']);
  expect(log).not.toHaveBeenCalled();
});

test('other calls do not log', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server.use(respondInTurn('getLead', [failure(500)]).handler);

  await rejection(getLead({ landing_id: LANDING_ID }));

  expect(log).not.toHaveBeenCalled();
});

test('resolveShortLink gives the url, null for an unknown hash, and throws other failures', async () => {
  server.use(respondInTurn('resolveUrl', [success('resolveUrl'), failure(404, 'Not found'), failure(500)]).handler);

  expect(await resolveShortLink('a1B2c3')).toBe('/mhrt/assessment/mhrt?utm_source=sms');
  expect(await resolveShortLink('a1B2c3')).toBeNull();
  expect(await rejection(resolveShortLink('a1B2c3'))).toMatchObject({ status: 500, call: 'resolveURL' });
});

test('getMarkdown returns the content entries by key', async () => {
  server.use(respondInTurn('getMarkdown', [success('getMarkdown')]).handler);

  const { results } = await getMarkdown(['error404-ED', 'error404-HRT']);

  expect(Object.keys(results)).toEqual(['error404-ED', 'error404-HRT']);
});

test('a refusal for too many tries carries how long the server asked to wait (Retry-After)', async () => {
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/getLead`, () =>
      HttpResponse.json(
        { status: 429, message: 'Too many requests: try again in 42 seconds' },
        { status: 429, headers: { 'retry-after': '42' } },
      ),
    ),
  );
  const error = await rejection(getLead({ landing_id: LANDING_ID }));
  expect(error).toMatchObject({ status: 429, retryAfterSeconds: 42 });

  const now = Date.parse('2026-11-27T10:00:00Z');
  expect(retryAfterOf('Fri, 27 Nov 2026 10:00:30 GMT', now)).toBe(30);
  expect(retryAfterOf('Fri, 27 Nov 2026 09:59:00 GMT', now)).toBe(0);
  expect(retryAfterOf(null, now)).toBeUndefined();
  expect(retryAfterOf('soon', now)).toBeUndefined();
});
