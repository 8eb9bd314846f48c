/**
 * The server's limits (issue 13, point 2; docs/limits.md), tried as an outsider would: guessing
 * identities as fast as the server answers, creating records in bulk, nested and oversized
 * bodies, a form posted from another site, a caching proxy, a URL Fastify cannot decode, the
 * built page asked for by another spelling.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { databaseFile, openDatabase, type Db } from '../../src/server/database.ts';
import { MAX_JSON_DEPTH, RATE_LIMITS, jsonDepth } from '../../src/server/limits.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { seedDemoData } from '../../src/server/seed.ts';
import { SERVER_HANDLERS, serverRoutes } from '../../src/server/server-routes.ts';
import {
  AUTH,
  JANE_LANDING_ID,
  TEST_TOKEN,
  countRows,
  leadJson,
  startTestServer,
  type TestServer,
} from './test-server.ts';

// Each test starts its own server (its own counts) and some make a hundred calls: a busy machine needs the time.
vi.setConfig({ testTimeout: 30_000 });

const servers: TestServer[] = [];

/** A fresh server per test: each has its own rate-limit counts. */
async function freshServer(): Promise<TestServer> {
  const server = await startTestServer();
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.remove()));
});

function guess(server: TestServer, landingId: string, remoteAddress = '203.0.113.7', headers = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/memoForm/checkLandingId',
    remoteAddress,
    headers,
    payload: { landing_id: landingId, pathCode: 'shrt', formId: 'MIP' },
  });
}

function bodyOf(response: LightMyRequestResponse): unknown {
  return JSON.parse(response.body) as unknown;
}

const IDENTITY_MAX = RATE_LIMITS.identity.max;

// --- rate limits ---------------------------------------------------------------------------

test('guessing landing ids as fast as the server answers is stopped with a 429 in the error shape and a Retry-After', async () => {
  const server = await freshServer();
  const answers: number[] = [];
  for (let attempt = 0; attempt < IDENTITY_MAX; attempt += 1) {
    answers.push((await guess(server, `R3Vlc3M${String(attempt)}`)).statusCode);
  }
  expect(answers.every((status) => status === 200)).toBe(true);

  const refused = await guess(server, JANE_LANDING_ID);
  expect(refused.statusCode).toBe(429);
  const body = bodyOf(refused) as { status: number; message: string };
  // The answer the attacker wanted is not in it.
  expect(refused.body).not.toContain('exists');
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.identity.windowMs / 1000);
  // In seconds, as docs/limits.md says and as Retry-After counts them (issue 24: it said "1 minute").
  expect(body).toEqual({
    status: 429,
    message: `Too many requests: try again in ${String(retryAfter)} ${retryAfter === 1 ? 'second' : 'seconds'}`,
  });
  expect(refused.headers['x-content-type-options']).toBe('nosniff');
  expect(refused.headers['cache-control']).toBe('no-store');
});

test('spreading the guesses over the other identity calls gains nothing: they share one count', async () => {
  const server = await freshServer();
  for (let attempt = 0; attempt < IDENTITY_MAX; attempt += 1) {
    await guess(server, `R3Vlc3M${String(attempt)}`);
  }
  const byCustomerId = await server.app.inject({
    method: 'POST',
    url: '/api/memoForm/validateKtCustomerId?ktCustomerId=200001',
    remoteAddress: '203.0.113.7',
  });
  expect(byCustomerId.statusCode).toBe(429);
  const landingIdOfCustomer = await server.app.inject({
    method: 'GET',
    url: '/api/memoForm/ktCustomerLandingId?ktCustomerId=200001',
    remoteAddress: '203.0.113.7',
  });
  expect(landingIdOfCustomer.statusCode).toBe(429);
  const byHead = await server.app.inject({
    method: 'HEAD',
    url: '/api/memoForm/ktCustomerLandingId?ktCustomerId=200001',
    remoteAddress: '203.0.113.7',
  });
  expect(byHead.statusCode).toBe(429);
});

test('the limit counts before the token is checked: guesses without the token use it up too', async () => {
  const server = await freshServer();
  const identity = () =>
    server.app.inject({
      method: 'POST',
      url: '/api/idVerification/identityCheck',
      remoteAddress: '203.0.113.7',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'customer=%7B%7D',
    });
  for (let attempt = 0; attempt < IDENTITY_MAX; attempt += 1) expect((await identity()).statusCode).toBe(401);
  expect((await identity()).statusCode).toBe(429);
});

test('another client address keeps its own count, and X-Forwarded-For is not believed without TRUST_PROXY', async () => {
  const server = await freshServer();
  for (let attempt = 0; attempt < IDENTITY_MAX; attempt += 1) {
    await guess(server, `R3Vlc3M${String(attempt)}`, '203.0.113.7', {
      'x-forwarded-for': `198.51.100.${String(attempt)}`,
    });
  }
  expect((await guess(server, 'R3Vlc3M', '203.0.113.7', { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
  expect((await guess(server, 'R3Vlc3M', '203.0.113.8')).statusCode).toBe(200);
});

test('behind a trusted proxy the count is per client, as the proxy names it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'funnel-limits-proxy-'));
  const db = openDatabase(databaseFile(dir), MIGRATIONS);
  seedDemoData(db);
  const app = buildApp({
    db,
    routes: serverRoutes(),
    handlers: SERVER_HANDLERS,
    clientToken: TEST_TOKEN,
    staffToken: 'test-staff-token-0123456789',
    linkSecret: 'test-link-secret-0123456789',
    logLevel: false,
    trustProxy: '127.0.0.1',
  });
  try {
    const viaProxy = (client: string) =>
      app.inject({
        method: 'POST',
        url: '/api/memoForm/checkLandingId',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { landing_id: 'R3Vlc3M', pathCode: 'shrt', formId: 'MIP' },
      });
    for (let attempt = 0; attempt < IDENTITY_MAX; attempt += 1) await viaProxy('198.51.100.1');
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.2')).statusCode).toBe(200);
  } finally {
    await app.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('creating leads in bulk is stopped once the records limit is reached, and the refused ones write nothing', async () => {
  const server = await freshServer();
  const save = (index: number) => {
    const landingId = `QnVsa0xlYWQ${String(index)}`;
    return server.app.inject({
      method: 'POST',
      url: '/api/memoForm/saveLead',
      remoteAddress: '203.0.113.9',
      payload: { lead: leadJson(landingId), scores: '{"symptoms":14}', landingId },
    });
  };
  const before = countRows(server.db, 'leads');
  for (let index = 0; index < RATE_LIMITS.records.max; index += 1) expect((await save(index)).statusCode).toBe(200);
  const refused = await save(RATE_LIMITS.records.max);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect(countRows(server.db, 'leads')).toBe(before + RATE_LIMITS.records.max);
});

test('the limits leave reading content alone', async () => {
  const server = await freshServer();
  for (let attempt = 0; attempt < IDENTITY_MAX + 5; attempt += 1) {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/memoForm/getProductInfo?productIds=1682',
      remoteAddress: '203.0.113.7',
    });
    expect(response.statusCode).not.toBe(429);
  }
});

test('every call that writes is in a rate-limit group or named here as one that writes nothing', () => {
  const writesNothing = new Set([
    'checkCustQualifications', // answers from the body alone
    'verifyRecaptcha', // the bot check's answer, stored nowhere
    'suggestPlaces', // place lookups, stored nowhere
    'locatePlace',
  ]);
  const limited = new Set(Object.values(RATE_LIMITS).flatMap((limit) => limit.operations));
  const routes = serverRoutes();
  const operations = new Set(routes.map((route) => route.operationId));
  expect([...limited].filter((operation) => !operations.has(operation))).toEqual([]);
  const unclassified = routes
    .filter((route) => route.method !== 'GET')
    .map((route) => route.operationId)
    .filter((operation) => !limited.has(operation) && !writesNothing.has(operation));
  expect(unclassified).toEqual([]);
});

// --- bodies --------------------------------------------------------------------------------

function nested(levels: number): string {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

test('a 2,000-level nested JSON body is a 400 with a clear message, not a 500', async () => {
  const server = await freshServer();
  for (const url of ['/api/memoForm/saveLead', '/api/memoForm/checkCustQualifications', '/api/places/suggest']) {
    const response = await server.call({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: `{"lead":${nested(2000)}}`,
    });
    expect(response.status, url).toBe(400);
    expect(response.json).toEqual({
      status: 400,
      message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
    });
  }
  const journey = await server.call({
    method: 'PUT',
    url: '/api/journey',
    headers: { 'content-type': 'application/json' },
    payload: `{"pathCode":"shrt","state":{"answers":${`{"a":`.repeat(2000)}1${'}'.repeat(2000)}}}`,
  });
  expect(journey.status).toBe(400);
  expect(countRows(server.db, 'journeys')).toBe(0);
});

test('a deeply nested document inside a JSON string field is refused the same way', async () => {
  const server = await freshServer();
  const deepLead = await server.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: `{"answers":${nested(2000)}}`, scores: '{}', landingId: 'RGVlcExlYWQ' },
  });
  expect(deepLead.status).toBe(400);
  expect(deepLead.json).toEqual({
    status: 400,
    message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
  });

  const deepCustomer = await server.call({
    method: 'POST',
    url: '/api/idVerification/checkIdentity',
    headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ customer: `{"firstName":${nested(2000)}}` }).toString(),
  });
  expect(deepCustomer.status).toBe(400);
});

test('brackets inside strings do not count as nesting', async () => {
  expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
  expect(jsonDepth('{"a":"\\"[[[[","b":[1]}')).toBe(2);
  const server = await freshServer();
  const landingId = 'QnJhY2tldHNMZWFk';
  const response = await server.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: leadJson(landingId, { lastName: `Rivera ${'[{'.repeat(100)}` }), scores: '{}', landingId },
  });
  expect(response.json).not.toEqual(expect.objectContaining({ message: expect.stringContaining('nests') as unknown }));
});

test('a body over 256 KB is a 413 in the error shape', async () => {
  const server = await freshServer();
  const response = await server.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ lead: 'x'.repeat(300 * 1024), scores: '{}', landingId: 'QmlnTGVhZA' }),
  });
  expect(response.status).toBe(413);
  expect(response.json).toMatchObject({ status: 413, message: expect.any(String) as unknown });
});

test('a form posted from another site to a JSON call is refused with 415 and writes nothing', async () => {
  const server = await freshServer();
  const landingId = 'Q3Jvc3NTaXRlTGVhZA';
  const forms: [string, string][] = [
    [
      'application/x-www-form-urlencoded',
      new URLSearchParams({ lead: leadJson(landingId), scores: '{}', landingId }).toString(),
    ],
    ['text/plain', JSON.stringify({ lead: leadJson(landingId), scores: '{}', landingId })],
    ['text/plain; charset=utf-8', JSON.stringify({ lead: leadJson(landingId), scores: '{}', landingId })],
    [
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="landingId"\r\n\r\n${landingId}\r\n--x--\r\n`,
    ],
    ['application/json-patch+json', JSON.stringify({ lead: leadJson(landingId), scores: '{}', landingId })],
  ];
  for (const [type, payload] of forms) {
    const response = await server.call({
      method: 'POST',
      url: '/api/memoForm/saveLead',
      headers: { 'content-type': type, origin: 'https://evil.example' },
      payload,
    });
    expect(response.status, type).toBe(415);
    expect(response.json, type).toMatchObject({
      status: 415,
      message: expect.stringContaining('application/json') as unknown,
    });
  }
  const journey = await server.call({
    method: 'PUT',
    url: '/api/journey',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'pathCode=shrt&state=x',
  });
  expect(journey.status).toBe(415);
  const noBodyCall = await server.call({
    method: 'POST',
    url: '/api/memoForm/validateKtCustomerId?ktCustomerId=200001',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'a=1',
  });
  expect(noBodyCall.status).toBe(415);
  expect(countRows(server.db, 'leads', 'landing_id = ?', landingId)).toBe(0);
  expect(countRows(server.db, 'journeys')).toBe(0);
});

test('JSON with a charset parameter is still JSON', async () => {
  const server = await freshServer();
  const response = await server.call({
    method: 'POST',
    url: '/api/memoForm/checkLandingId',
    headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
    payload: JSON.stringify({ landing_id: JANE_LANDING_ID, pathCode: 'shrt', formId: 'MIP' }),
  });
  expect(response.status).toBe(200);
});

test('the identity checks stay form-encoded, as the contract says, and take no JSON', async () => {
  const server = await freshServer();
  const customer = JSON.stringify({
    firstName: 'Alex',
    lastName: 'Rivera',
    birthdate: '1980-02-29',
    state: 'KY',
    idType: 'drivers-license',
    idNumber: 'K99887766',
    ssn: '219-09-9999',
  });
  for (const url of ['/api/idVerification/checkIdentity', '/api/idVerification/identityCheck']) {
    const form = await server.call({
      method: 'POST',
      url,
      headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ customer }).toString(),
    });
    expect(form.status, url).toBe(200);
    const json = await server.call({ method: 'POST', url, headers: AUTH, payload: { customer } });
    expect(json.status, url).toBe(415);
  }
});

// --- caching -------------------------------------------------------------------------------

test('no API answer may be kept by a browser or a shared cache: patient data, errors and content alike', async () => {
  const server = await freshServer();
  const answers = await Promise.all(
    [
      `/api/memoForm/getLead?landing_id=${JANE_LANDING_ID}`,
      '/api/memoForm/allergies?customerId=200001',
      '/api/memoForm/getLead?landing_id=Tm9ib2R5',
      '/api/memoForm/getLead',
      '/api/memoForm/getProductInfo?productIds=1682',
      '/api/no-such-call',
      '/api',
    ].map(async (url) => ({ url, response: await server.app.inject({ method: 'GET', url }) })),
  );
  for (const { url, response } of answers) {
    expect(response.headers['cache-control'], url).toBe('no-store');
  }
  const saved = await server.app.inject({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: leadJson('Q2FjaGVMZWFk'), scores: '{}', landingId: 'Q2FjaGVMZWFk' },
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.headers['cache-control']).toBe('no-store');
});

// --- the security headers (helmet's, and the same on the framework's own errors) -----------

/** The headers helmet sets, as every answer carries them (docs/security.md). */
const HELMET_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-permitted-cross-domain-policies': 'none',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-xss-protection': '0',
};

test('the page, a file, an API answer, a refusal and a 404 all carry helmet’s headers, and none says what runs it', async () => {
  const server = await freshServer();
  const answers = [
    await server.app.inject({ method: 'GET', url: '/hormone-assessment/shrt' }),
    await server.app.inject({ method: 'GET', url: '/api/memoForm/getProductInfo?id=1682' }),
    await server.app.inject({ method: 'GET', url: '/api/memoForm/getLead?landing_id=bm9wZQ' }),
    await server.app.inject({ method: 'POST', url: '/api/memoForm/saveLead', payload: {} }),
    await server.app.inject({ method: 'GET', url: '/no/such/page' }),
  ];
  for (const answer of answers) {
    expect(answer.headers, `${String(answer.statusCode)} ${answer.raw.req.url}`).toMatchObject(HELMET_HEADERS);
    expect(answer.headers['x-powered-by']).toBe(undefined);
  }
});

// --- the framework's own errors ------------------------------------------------------------

test("a URL Fastify cannot decode gets the security headers and the server's error shape", async () => {
  const server = await freshServer();
  for (const url of ['/%', '/api/memoForm/getLead?x=%', '/api/mipH2/getHasId/%E0%A4%A']) {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(400);
    expect(response.headers, url).toMatchObject(HELMET_HEADERS);
    expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cache-control'], url).toBe('no-store');
    expect(bodyOf(response), url).toMatchObject({ status: 400, message: expect.any(String) as unknown });
  }
});

test('a request Node cannot even parse gets the security headers too (a real socket)', async () => {
  const server = await freshServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /api/memoForm/getLead HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    });
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('end', () => {
      resolve(received);
    });
    socket.on('error', reject);
  });
  expect(raw).toMatch(/^HTTP\/1\.1 400 /);
  for (const [name, value] of Object.entries(HELMET_HEADERS)) expect(raw).toContain(`${name}: ${value}\r\n`);
  expect(raw).toContain('{"status":400,"message":"The request could not be read"}');
});

// --- the built page ------------------------------------------------------------------------

const BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER">
    <script type="module" src="/assets/index.js" nonce="CSP_NONCE_PLACEHOLDER"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let staticDir: string;
let staticDb: Db;
let staticApp: FastifyInstance;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'funnel-limits-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), BUILT_PAGE);
  writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\n');
  staticDb = openDatabase(databaseFile(staticDir), MIGRATIONS);
  staticApp = buildApp({
    db: staticDb,
    routes: serverRoutes(),
    handlers: SERVER_HANDLERS,
    clientToken: TEST_TOKEN,
    staffToken: 'test-staff-token-0123456789',
    linkSecret: 'test-link-secret-0123456789',
    staticDir,
    logLevel: false,
  });
  await staticApp.ready();
});

afterAll(async () => {
  await staticApp.close();
  staticDb.close();
  rmSync(staticDir, { recursive: true, force: true });
});

test('the built index.html is never sent as a file, however its path is spelled', async () => {
  for (const url of [
    '/index.html',
    '//index.html',
    '///index.html',
    '/./index.html',
    '/assets/../index.html',
    '/%69ndex.html',
    '/index%2ehtml',
    '/%2findex.html',
    '//index.html?x=1',
  ]) {
    const response = await staticApp.inject({ method: 'GET', url });
    expect(response.body, url).not.toContain('CSP_NONCE_PLACEHOLDER');
    if (response.statusCode === 200) {
      expect(response.headers['content-security-policy'], url).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
    }
  }
  // Other files are still served as files.
  const robots = await staticApp.inject({ method: 'GET', url: '/robots.txt' });
  expect(robots.body).toBe('User-agent: *\n');
});
