import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databaseFile, openDatabase, type Db } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { seedDemoData } from '../../src/server/seed.ts';
import { appServing } from './test-server.ts';

/**
 * Issue 14, point 1: the server sends what a production static host would. Built files go as
 * the build compressed them (brotli, else gzip, else as they are) with Content-Encoding and
 * Vary; hashed assets are cached for a year and never refetched; the page and the API, written
 * per response, are compressed as they are sent and never cached as they are.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Patient funnel</title>
    <meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER">
    <script type="module" crossorigin src="/assets/index-AbCd1234.js" nonce="CSP_NONCE_PLACEHOLDER"></script>
  </head>
  <body><div id="root"></div>${'<!-- the rest of the page -->'.repeat(60)}</body>
</html>`;
const SCRIPT = `export const questions = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `question ${String(index)}`))};`;

let dir: string;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'funnel-serving-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  const script = path.join(dir, 'assets', 'index-AbCd1234.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  db = openDatabase(databaseFile(dir), MIGRATIONS);
  seedDemoData(db);
  app = appServing(db, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const asset = (acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url: '/assets/index-AbCd1234.js',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

test('a browser that takes brotli gets the brotli file the build wrote, marked so, for a year', async () => {
  const reply = await asset('gzip, deflate, br, zstd');
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-encoding']).toBe('br');
  expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
  expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(reply.headers['content-type']).toMatch(/javascript/);
  expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(SCRIPT);
  expect(reply.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
});

test('one that takes only gzip gets the gzip file; one that takes neither gets the file as it is', async () => {
  const gzip = await asset('gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

  const plain = await asset();
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.payload).toBe(SCRIPT);
});

test('the page is compressed as it is sent, with its fresh nonce, and revalidated on every visit', async () => {
  const reply = await app.inject({
    method: 'GET',
    url: '/hormone-assessment/shrt',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-encoding']).toBe('br');
  expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
  expect(reply.headers['cache-control']).toBe('no-cache');
  const html = brotliDecompressSync(reply.rawPayload).toString();
  expect(html).toContain('<div id="root">');
  expect(html).not.toContain('CSP_NONCE_PLACEHOLDER');
});

test('API answers are compressed too, and never stored', async () => {
  const reply = await app.inject({
    method: 'GET',
    url: '/api/memoForm/pageQuestions?formId=MIP&pageIds=1,2,3,4',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-encoding']).toBe('gzip');
  expect(reply.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(gunzipSync(reply.rawPayload).toString())).toMatchObject({
    data: { pages: expect.any(Array) as unknown[] },
  });
});

test('a built file the build did not compress is sent whole to a browser that takes no encoding, with the security headers', async () => {
  const reply = await app.inject({ method: 'GET', url: '/favicon.svg' });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-encoding']).toBeUndefined();
  expect(reply.payload).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['cache-control']).toBe('no-cache');
});
