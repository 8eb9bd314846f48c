import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Issue 24, point 2: a browser that once reached the site over https must never again be
 * talked into plain http (a network attacker's downgrade, where the cookie and the patient's
 * answers would travel in clear). Every answer to a request that came over https says so for
 * a year, subdomains included: the page, its files, the redirect at /, the API and its errors.
 */

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HSTS = 'max-age=31536000; includeSubDomains';

let built: string;
let server: TestServer;

beforeAll(async () => {
  built = mkdtempSync(path.join(tmpdir(), 'funnel-https-'));
  writeFileSync(path.join(built, 'index.html'), '<!doctype html><html lang="en"><head></head><body></body></html>');
  mkdirSync(path.join(built, 'assets'));
  writeFileSync(path.join(built, 'assets', 'index-abc123.js'), 'export {};\n');
  // A TLS-terminating proxy on this machine says which requests came over https.
  server = await startTestServer({ staticDir: built, trustProxy: '127.0.0.1' });
});

afterAll(async () => {
  await server.remove();
  rmSync(built, { recursive: true, force: true });
});

/** Every kind of answer the server gives: page, file, redirect, API data, API errors, a bad URL. */
const REQUESTS: readonly InjectOptions[] = [
  { method: 'GET', url: '/hormone-assessment/shrt' },
  { method: 'GET', url: '/assets/index-abc123.js' },
  { method: 'GET', url: '/' },
  { method: 'GET', url: '/api/memoForm/getProductInfo?id=1682&category=hrt&type=mpid' },
  { method: 'GET', url: '/api/memoForm/getLead?landing_id=Tm9ib2R5' },
  { method: 'GET', url: '/api/no-such-call' },
  { method: 'PUT', url: '/api/journey', payload: { pathCode: 'shrt' } },
  { method: 'GET', url: '/%' },
];

test('every answer to a request that came over https carries Strict-Transport-Security for a year, subdomains included', async () => {
  for (const request of REQUESTS) {
    const reply = await server.app.inject({
      ...request,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(reply.headers['strict-transport-security'], `${request.method ?? ''} ${request.url as string}`).toBe(HSTS);
  }
});

test('over plain http no answer carries it (browsers ignore it there, and a development server must stay reachable)', async () => {
  for (const request of REQUESTS) {
    const reply = await server.app.inject(request);
    expect(reply.headers['strict-transport-security'], `${request.method ?? ''} ${request.url as string}`).toBe(
      undefined,
    );
  }
  // Nor when a client that is not the trusted proxy claims https.
  const claimed = await server.app.inject({
    ...REQUESTS[0],
    remoteAddress: '203.0.113.9',
    headers: { 'x-forwarded-proto': 'https' },
  });
  expect(claimed.headers['strict-transport-security']).toBe(undefined);
});

test('the headers a static host must send include Strict-Transport-Security, for the page and its files', () => {
  const built = mkdtempSync(path.join(tmpdir(), 'funnel-static-host-'));
  try {
    writeFileSync(path.join(built, 'index.html'), '<!doctype html><html lang="en"><head></head><body></body></html>');
    const printed = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/static-host.ts', built], {
      cwd: ROOT_DIR,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    const [page = '', assets = ''] = printed.split('Headers for /assets/*');
    expect(page).toContain(`Strict-Transport-Security: ${HSTS}`);
    expect(assets).toContain(`Strict-Transport-Security: ${HSTS}`);
  } finally {
    rmSync(built, { recursive: true, force: true });
  }
});
