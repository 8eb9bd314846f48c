import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databaseFile, openDatabase, type Db } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { seedDemoData } from '../../src/server/seed.ts';
import { appServing } from './test-server.ts';

/**
 * Issue 14, point 2: the server sends each route's page as the build rendered it for the
 * request's brand (shells/manifest.json), matched as the app matches the address, so the
 * browser finds the page it expects; anything else gets the plain page. Every page gets its
 * own fresh nonce.
 */
const page = (marker: string) => `<!doctype html>
<html lang="en">
  <head><meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER"><style nonce="CSP_NONCE_PLACEHOLDER">p{}</style></head>
  <body><div id="root">${marker}</div></body>
</html>`;

let dir: string;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'funnel-pages-'));
  mkdirSync(path.join(dir, 'shells', 'male'), { recursive: true });
  mkdirSync(path.join(dir, 'shells', 'female'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page('plain page'));
  writeFileSync(path.join(dir, 'shells', 'male', '0.html'), page("men's assessment"));
  writeFileSync(path.join(dir, 'shells', 'male', '1.html'), page("men's not-found"));
  writeFileSync(path.join(dir, 'shells', 'female', '2.html'), page("women's assessment"));
  writeFileSync(
    path.join(dir, 'shells', 'manifest.json'),
    JSON.stringify({
      male: { '/hormone-assessment/:pathCode': 'male/0.html', '*': 'male/1.html' },
      female: { '/f/hormone-assessment/:pathCode': 'female/2.html' },
    }),
  );
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

async function open(url: string, host = 'localhost:4173') {
  const response = await app.inject({ method: 'GET', url, headers: { host } });
  return { status: response.statusCode, body: response.body, csp: String(response.headers['content-security-policy']) };
}

test("a patient opening the men's assessment gets its page, with the route's first screen", async () => {
  const { status, body } = await open('/hormone-assessment/shrt?landing_id=abc');
  expect(status).toBe(200);
  expect(body).toContain("men's assessment");
});

test('the address is matched as the app will see it: a trailing slash still gets the route’s page', async () => {
  expect((await open('/hormone-assessment/shrt/')).body).toContain("men's assessment");
});

test("the women's site gets the women's page; a route without a page of its own gets the plain one", async () => {
  expect((await open('/f/hormone-assessment/fha1', 'femme.localhost:4173')).body).toContain("women's assessment");
  expect((await open('/results/shrt')).body).toContain('plain page');
  // The women's site has no not-found page written here: the plain page, never the men's.
  expect((await open('/no-such-page', 'femme.localhost:4173')).body).toContain('plain page');
});

test("an address no route knows gets the brand's not-found page, with a 404", async () => {
  const { status, body } = await open('/no-such-page');
  expect(status).toBe(404);
  expect(body).toContain("men's not-found");
  expect((await open('/hormone-assessment/shrt/and/more')).status).toBe(404);
  // Every route's page, with a trailing slash or by a redirect of config's, is a 200.
  expect((await open('/hormone-assessment/shrt/')).status).toBe(200);
  expect((await open('/results/shrt')).status).toBe(200);
  expect((await open('/hormone-assessment')).status).toBe(200);
});

test('every page names a fresh nonce in its policy and in its inline style, never the placeholder', async () => {
  const first = await open('/hormone-assessment/shrt');
  const second = await open('/hormone-assessment/shrt');
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
  expect(nonceOf(first.csp)).not.toBe('');
  expect(nonceOf(first.csp)).not.toBe(nonceOf(second.csp));
  expect(first.body).toContain(`<style nonce="${nonceOf(first.csp)}">`);
  expect(first.body).not.toContain('CSP_NONCE_PLACEHOLDER');
});

test('the prerendered pages are never sent as files', async () => {
  for (const file of ['/shells/male/0.html', '/shells/manifest.json']) {
    const { body } = await open(file);
    expect(body).not.toContain("men's assessment");
    expect(body).not.toContain('male/0.html');
  }
});
