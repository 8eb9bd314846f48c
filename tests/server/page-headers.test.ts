import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databaseFile, openDatabase, type Db } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { readServiceSettings } from '../../src/server/service-settings.ts';
import { appServing } from './test-server.ts';

/** index.html as `vite build` writes it with `html.cspNonce`. */
const BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Patient funnel</title>
    <meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER">
    <script type="module" crossorigin src="/assets/index.js" nonce="CSP_NONCE_PLACEHOLDER"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let dir: string;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'funnel-page-headers-'));
  writeFileSync(path.join(dir, 'index.html'), BUILT_PAGE);
  db = openDatabase(databaseFile(dir), MIGRATIONS);
  app = appServing(db, dir, {
    // A deployment whose flag text tries to close the settings' script element.
    services: readServiceSettings({
      SCHEDULING_URL: 'https://calendly.com/peak',
      FLAGS: 'banner=</script><script>alert(1)</script>',
    }),
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('each page carries a fresh nonce, named in its policy and on its own tags, and the referrer policy', async () => {
  const first = await app.inject({ method: 'GET', url: '/hormone-assessment/shrt' });
  const second = await app.inject({ method: 'GET', url: '/hormone-assessment/shrt' });
  const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];
  const nonce = nonceOf(first.headers['content-security-policy']);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(nonceOf(second.headers['content-security-policy'])).not.toBe(nonce);
  expect(first.body).not.toContain('CSP_NONCE_PLACEHOLDER');
  expect(first.body).toContain(`<meta property="csp-nonce" nonce="${String(nonce)}">`);
  expect(first.body).toContain(`src="/assets/index.js" nonce="${String(nonce)}"`);
  expect(first.headers['content-security-policy']).toContain('frame-src https://calendly.com');
  expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('the page holds the service settings as data the browser never runs', async () => {
  const page = await app.inject({ method: 'GET', url: '/payment/shrt' });
  const block = /<script id="service-settings" type="application\/json">(.*?)<\/script>/s.exec(page.body);
  expect(block).not.toBeNull();
  // The only `<` are the two of the element itself: a value cannot end it early.
  expect(block?.[1]).not.toContain('<');
  expect(JSON.parse(block?.[1] ?? '')).toMatchObject({
    scheduling: { provider: 'calendly', baseUrl: 'https://calendly.com/peak' },
    flags: { provider: 'local', overrides: { banner: '</script><script>alert(1)</script>' } },
  });
});

test('/index.html is the app’s page too (its not-found: no route names it), never the built file with its placeholder', async () => {
  const page = await app.inject({ method: 'GET', url: '/index.html' });
  expect(page.statusCode).toBe(404);
  expect(page.body).not.toContain('CSP_NONCE_PLACEHOLDER');
  expect(page.body).toContain('id="service-settings"');
  expect(page.headers['content-security-policy']).toContain("'nonce-");
});

test('API answers load nothing, and say so', async () => {
  const reply = await app.inject({ method: 'GET', url: '/api/memoForm/resolveURL?hash=nope' });
  expect(reply.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
});

test('the site root sends each brand’s patients to its start page, with the query string kept', async () => {
  const mens = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:4173' } });
  expect(mens.statusCode).toBe(302);
  expect(mens.headers.location).toBe('/hormone-assessment/shrt');
  const womens = await app.inject({
    method: 'GET',
    url: '/?utm_source=mail',
    headers: { host: 'femme.localhost:4173' },
  });
  expect(womens.statusCode).toBe(302);
  expect(womens.headers.location).toBe('/f/hormone-assessment/fha1?utm_source=mail');
  // Never the raw JSON of a refused directory listing.
  expect(womens.headers['content-type'] ?? '').not.toContain('application/json');
});
