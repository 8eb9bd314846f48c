import { afterEach, expect, test, vi } from 'vitest';
import { getKtCustomer } from '../../src/shared/api/customers.ts';
import { ApiError, runtimeConfig, setRuntimeConfig } from '../../src/shared/api/http.ts';
import { getLead } from '../../src/shared/api/leads.ts';
import { CUSTOMER_ID, LANDING_ID } from './example-calls.ts';
import { respondInTurn, server, success, TEST_API_BASE, useApiServer } from './msw.ts';

useApiServer();

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A stand-in for the page: `<html data-api-base data-api-token>` as the server writes it. */
function stubPage(dataset: Record<string, string>): void {
  vi.stubGlobal('document', { documentElement: { dataset } });
}

test('without a page or overrides the base is /api and there is no token', () => {
  setRuntimeConfig(null);
  expect(runtimeConfig()).toEqual({ apiBase: '/api', apiToken: null, retryIntervalMs: 1000 });
});

test('the base and the token come from the page', async () => {
  setRuntimeConfig(null);
  stubPage({ apiBase: `${TEST_API_BASE}/`, apiToken: 'token-from-page' });
  const secured = respondInTurn('getKtCustomer', [success('getKtCustomer')]);
  const open = respondInTurn('getLead', [success('getLead')]);
  server.use(secured.handler, open.handler);

  await getKtCustomer(CUSTOMER_ID);
  await getLead({ landing_id: LANDING_ID });

  expect(secured.requests.map((request) => [request.url, request.headers.get('authorization')])).toEqual([
    [`${TEST_API_BASE}/memoForm/ktCustomer/${CUSTOMER_ID}`, 'Bearer token-from-page'],
  ]);
  expect(open.requests.map((request) => request.headers.get('authorization'))).toEqual([null]);
});

test('empty attributes count as absent', () => {
  setRuntimeConfig(null);
  stubPage({ apiBase: '', apiToken: '' });
  expect(runtimeConfig()).toMatchObject({ apiBase: '/api', apiToken: null });
});

test('overrides win over the page', () => {
  stubPage({ apiBase: 'https://page.example/api', apiToken: 'token-from-page' });
  setRuntimeConfig({ apiToken: 'override' });
  expect(runtimeConfig()).toMatchObject({ apiBase: 'https://page.example/api', apiToken: 'override' });
});

test('a secured call without a token fails without a request', async () => {
  setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: null });
  const { handler, requests } = respondInTurn('getKtCustomer', [success('getKtCustomer')]);
  server.use(handler);

  const error = await getKtCustomer(CUSTOMER_ID).catch((failure: unknown) => failure);

  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: null, call: 'ktCustomer' });
  expect(requests).toHaveLength(0);
});

test('the client holds no token in its source', async () => {
  const { readdir, readFile } = await import('node:fs/promises');
  const dir = new URL('../../src/shared/api/', import.meta.url);
  for (const name of await readdir(dir)) {
    const source = await readFile(new URL(name, dir), 'utf8');
    expect(source, name).not.toMatch(/Bearer [A-Za-z0-9._-]{8,}/);
  }
});
