import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { setRuntimeConfig } from '../../src/shared/api/http.ts';
import { claimReturnLink } from '../../src/shared/api/session.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, signLinkToken } from '../../src/server/access.ts';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { databaseFile, openDatabase, type Db } from '../../src/server/database.ts';
import { MIGRATIONS } from '../../src/server/migrations.ts';
import { DEMO_CUSTOMERS, seedDemoData } from '../../src/server/seed.ts';
import { SERVER_HANDLERS, serverRoutes } from '../../src/server/server-routes.ts';
import type { ServerServiceSettings } from '../../src/server/service-settings.ts';
import { agreementFor } from '../support/agreement.ts';
import type { Site } from '../../src/engine/config-types.ts';

/** The client token of the test servers (never a real one). */
export const TEST_TOKEN = 'test-client-token-0123456789';
export const AUTH = { authorization: `Bearer ${TEST_TOKEN}` } as const;
/** The staff credential of the test servers: reads and writes any record by id, as a call centre may. */
export const STAFF_TOKEN = 'test-staff-token-0123456789';
export const STAFF = { 'x-staff-token': STAFF_TOKEN } as const;
/** The return-link secret of the test servers. */
export const LINK_SECRET = 'test-link-secret-0123456789';

/** The contract's example landing id: the demo customer Jane Doe's lead, seeded. */
export const JANE_LANDING_ID = 'RG9lfGphbmUuZG9lQGV4YW1wbGUuY29tfDIwMjQtMDUtMDF8TUlQ';
/** The contract's example of a second (continuous-HRT) landing id; no lead is seeded under it. */
export const SECOND_LANDING_ID = 'RG9lfGphbmUuZG9lQGV4YW1wbGUuY29tfDIwMjQtMDUtMDF8TUlQLUgy';

const ROUTES = serverRoutes();

/** What every test server is built with: the contract's routes and handlers, and the test credentials. */
const TEST_APP = {
  routes: ROUTES,
  handlers: SERVER_HANDLERS,
  clientToken: TEST_TOKEN,
  staffToken: STAFF_TOKEN,
  linkSecret: LINK_SECRET,
} as const;

/**
 * The app serving a built folder (its pages and files) on `db`, with the test servers'
 * credentials and no log, as the tests of what the server sends do; `options` add or replace any.
 */
export function appServing(db: Db, staticDir: string, options: Partial<AppOptions> = {}): FastifyInstance {
  return buildApp({
    db,
    ...TEST_APP,
    staticDir,
    logLevel: false,
    ...options,
  });
}

/** What a call answered. */
export interface Reply {
  status: number;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  text: string;
  /** The answer's headers (set-cookie, strict-transport-security...). */
  headers: Readonly<Record<string, string | string[] | number | undefined>>;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls as one browser makes them: the session cookie (src/server/access.ts) it is given is
 * kept and sent back, unless a call sets its own cookie header. `initial` is a cookie already
 * in the browser (`name=value`), such as one an attacker planted.
 */
function browserOf(app: FastifyInstance, initial?: string): Browser {
  let session = initial;
  const call = async (request: InjectOptions): Promise<Reply> => {
    const headers = { ...(request.headers ?? {}) };
    if (session !== undefined && headers.cookie === undefined) headers.cookie = session;
    const response = await app.inject({ ...request, headers });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (
      first !== undefined &&
      (first.startsWith(`${SESSION_COOKIE}=`) || first.startsWith(`${SECURE_SESSION_COOKIE}=`))
    )
      // A session the server ended (Max-Age=0) is forgotten, as a browser forgets it.
      session = /;\s*Max-Age=0\b/i.test(first) ? undefined : first.split(';', 1)[0];
    return {
      status: response.statusCode,
      json: parseBody(response.body),
      text: response.body,
      headers: response.headers,
    };
  };
  return Object.assign(call, { cookie: () => session });
}

/** One browser's calls, with the session cookie it holds (`name=value`, once it has one). */
export type Browser = ((options: InjectOptions) => Promise<Reply>) & { cookie: () => string | undefined };

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  /** Log lines, when the server was started with `logs: true`. */
  logs: string[];
  /**
   * `app.inject` as one patient's browser: the session cookie the server sets is sent back on
   * later calls, so what this browser created it may read. Answered with the status and the
   * body, parsed when it is JSON.
   */
  call: Browser;
  /**
   * Another browser, with a cookie jar of its own: a stranger to what `call` created. `cookie`
   * (`name=value`) is one already in it, such as one an attacker planted.
   */
  browser: (cookie?: string) => Browser;
  /** Closes the app and the database; the data directory stays (see `remove`). */
  close: () => Promise<void>;
  /** Closes, then deletes the data directory. */
  remove: () => Promise<void>;
}

/** A fresh data directory under the system temp directory. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'funnel-server-test-'));
}

/**
 * The app as main.ts builds it, on a data directory (a new temporary one unless given):
 * migrated, seeded, every contract operation registered. No network: tests use `app.inject`.
 */
export async function startTestServer(
  options: {
    dataDir?: string;
    logs?: boolean;
    /** The outside services as main.ts reads them; buildApp's local defaults (local bot tokens accepted) when absent. */
    services?: ServerServiceSettings;
    /** The session cookie `call` starts with: the same browser as on an earlier server (a restart). */
    sessionCookie?: string;
    /** false turns the rate limits off, for tests that send more than a patient would from one address. */
    rateLimits?: boolean;
    /** The proxies whose X-Forwarded-Proto is believed (TRUST_PROXY), so a test can call as if over https. */
    trustProxy?: string;
    /** A built app to serve (its index.html and files), as STATIC_DIR. */
    staticDir?: string;
    /** The funnels and split tests the server plans with (a config copy with a split test running). */
    engine?: AppOptions['engine'];
    /** Whether split tests' flags are on, instead of the local flags. */
    experimentSwitch?: AppOptions['experimentSwitch'];
    /** How the server's mail goes (a memory mailer a test reads, the outbox, SMTP); kept in memory when absent. */
    mailer?: AppOptions['mailer'];
    /** The clock sessions are judged by (a test moves it on), and their limits. */
    clock?: AppOptions['clock'];
    sessionLifetime?: AppOptions['sessionLifetime'];
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const db = openDatabase(databaseFile(dataDir), MIGRATIONS);
  seedDemoData(db);
  const logs: string[] = [];
  const app = buildApp({
    db,
    ...TEST_APP,
    services: options.services,
    logLevel: options.logs === true ? 'trace' : false,
    logStream: { write: (line) => logs.push(line) },
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.staticDir === undefined ? {} : { staticDir: options.staticDir }),
    engine: options.engine,
    experimentSwitch: options.experimentSwitch,
    mailer: options.mailer,
    clock: options.clock,
    sessionLifetime: options.sessionLifetime,
  });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    db.close();
  };
  return {
    app,
    db,
    dataDir,
    logs,
    call: browserOf(app, options.sessionCookie),
    browser: (cookie) => browserOf(app, cookie),
    close,
    remove: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Node's fetch keeps no cookies; a browser keeps the session cookie each server sets and sends
 * it back to that server. This fetch does that, as one browser: the app's HTTP client calls it
 * through `globalThis.fetch`.
 */
function cookieKeepingFetch(
  plain: typeof fetch,
): typeof fetch & { forget: () => void; onHost: (host: string | undefined) => void } {
  /** Cookies by origin, then by name. */
  const jar = new Map<string, Map<string, string>>();
  /** The brand host the page is on (X-Forwarded-Host to a server that trusts loopback), or the server's own. */
  let host: string | undefined;
  const keeping = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (host !== undefined) request.headers.set('x-forwarded-host', host);
    const { origin } = new URL(request.url);
    const cookies = jar.get(origin) ?? new Map<string, string>();
    jar.set(origin, cookies);
    if (cookies.size > 0) {
      request.headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await plain(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      if (/;\s*Max-Age=0\b/i.test(line)) {
        // The end of a cookie on another path (over http the server retires the session cookie's
        // old path, /api, beside each new one) is skipped: this jar keeps one cookie per name,
        // as on /. The end of one on / (a session signed out or ended) forgets it.
        if (/;\s*Path=\/(;|$)/i.test(line)) cookies.delete(name);
        continue;
      }
      cookies.set(name, pair.slice(at + 1).trim());
    }
    return response;
  };
  return Object.assign(keeping, {
    forget: () => {
      jar.clear();
      host = undefined;
    },
    onHost: (next: string | undefined) => {
      host = next;
    },
  });
}

/** Points the app's HTTP client at a test server that is listening. */
export function pointClientAt(server: TestServer): void {
  const { port } = server.app.server.address() as AddressInfo;
  setRuntimeConfig({ apiBase: `http://127.0.0.1:${port}/api`, apiToken: TEST_TOKEN });
}

/** What `useClientServer` gives a test file: the server, and the browser the client calls it from. */
export interface ClientServer {
  (): TestServer;
  /** The browser forgets its session cookie: from now on it is another patient's browser. */
  newBrowser: () => void;
  /** The browser comes back by a signed return link for this customer, as the page does on arrival (on their brand's host). */
  returnAs: (ktCustomerId?: string) => Promise<void>;
  /** The page is on this host from now on (femme.localhost: the women's brand), or the server's own (undefined). */
  onHost: (host: string | undefined) => void;
}

/**
 * A test server for the whole test file, listening on a free local port, with the app's HTTP
 * client pointed at it, through a fetch that keeps the session cookie as one browser does:
 * started before the file's tests, removed after them. Returns the server, which exists once
 * the file's tests run.
 */
export function useClientServer(options: Parameters<typeof startTestServer>[0] = {}): ClientServer {
  let server: TestServer | null = null;
  const plainFetch = globalThis.fetch;
  let browser: ReturnType<typeof cookieKeepingFetch> | null = null;
  /** The host the test has put the page on (onHost). */
  let host: string | undefined;
  beforeAll(async () => {
    // Loopback is trusted as a proxy, so the browser can be on either brand's host (X-Forwarded-Host):
    // a return link opens on its brand's only.
    server = await startTestServer({ trustProxy: '127.0.0.1', ...options });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    pointClientAt(server);
    browser = cookieKeepingFetch(plainFetch);
    globalThis.fetch = browser;
  }, 30_000);
  afterAll(async () => {
    globalThis.fetch = plainFetch;
    setRuntimeConfig(null);
    await server?.remove();
  });
  const current = () => {
    if (server === null) throw new Error('the test server starts before the tests');
    return server;
  };
  return Object.assign(current, {
    newBrowser: () => {
      host = undefined;
      browser?.forget();
    },
    onHost: (next: string | undefined) => {
      host = next;
      browser?.onHost(next);
    },
    returnAs: async (ktCustomerId: string = JANE_CUSTOMER_ID) => {
      // Claimed on the customer's brand's host, as the page does once it has moved there; the
      // test's calls after it go on the host it was on (the records' reads are not the host's).
      const gender = DEMO_CUSTOMERS.find((customer) => customer.id === ktCustomerId)?.gender;
      browser?.onHost(gender === 'female' ? 'femme.localhost' : undefined);
      try {
        await claimReturnLink({ token: returnLinkToken(ktCustomerId) });
      } finally {
        browser?.onHost(host);
      }
    },
  });
}

/** How many rows a table holds (optionally where a condition holds). */
export function countRows(db: Db, table: string, where = '1 = 1', ...values: unknown[]): number {
  const row = db
    .prepare<unknown[], { count: number }>(`SELECT count(*) AS count FROM ${table} WHERE ${where}`)
    .get(...values);
  return row?.count ?? 0;
}

/** A lead the contract accepts, as the JSON string saveLead takes. */
/**
 * A finished men's assessment (MIP pages 1-4, the contact details aside) with nothing that rules
 * treatment out: the server opens the payment of an assessment funnel on it (src/server/step-doors.ts).
 */
export const ASSESSMENT_ANSWERS = [
  { ref: 'birthdate', type: 'date', value: ['1980-02-29'], questionId: 'q-birthdate' },
  { ref: 'state', type: 'us-state', value: ['TX'], questionId: 'q-state' },
  { ref: 'weight', type: 'number', value: ['180'], questionId: 'q-weight' },
  { ref: 'energy-level', type: 'single-choice', value: ['Low'], questionId: 'q-energy' },
  { ref: 'symptoms', type: 'multiple-choice', value: ['fatigue'], questionId: 'q-symptoms' },
  { ref: 'symptom-duration', type: 'single-choice', value: ['over-1-year'], questionId: 'q-duration' },
  { ref: 'hormone-cancer', type: 'yes-no', value: ['no'], questionId: 'q-cancer' },
  { ref: 'blood-clot', type: 'yes-no', value: ['no'], questionId: 'q-blood-clot' },
] as const;

export function leadJson(
  landingId: string,
  contact: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', string>> = {},
): string {
  return JSON.stringify({
    landing_id: landingId,
    formId: 'MIP',
    pathCode: 'shrt',
    answers: ASSESSMENT_ANSWERS,
    firstName: 'Alex',
    lastName: 'Rivera',
    email: 'alex.rivera@example.com',
    phone: '5125550199',
    ...contact,
  });
}

/** Saves a lead under a landing id. */
export async function saveLead(server: TestServer, landingId: string, contact: Parameters<typeof leadJson>[1] = {}) {
  const response = await server.call({
    method: 'POST',
    url: '/api/memoForm/saveLead',
    payload: { lead: leadJson(landingId, contact), scores: '{"symptoms":14}', landingId },
  });
  if (response.status !== 200) throw new Error(`saveLead answered ${response.status}: ${response.text}`);
}

/** Saves billing details for a landing id; returns the billing token. */
export async function saveBilling(
  server: TestServer,
  landingId: string,
  card: { cardNumber: string; expMonth?: number; expYear?: number; cvc?: string } | { paymentToken: string },
): Promise<string> {
  const customer = {
    firstName: 'Alex',
    lastName: 'Rivera',
    address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    ...('paymentToken' in card
      ? card
      : { expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', ...card }),
  };
  const response = await server.call({
    method: 'POST',
    url: '/api/mipH2/billingInfo/save',
    payload: { customer: JSON.stringify(customer), landingId },
  });
  if (response.status !== 200) throw new Error(`saveBillingInfo answered ${response.status}: ${response.text}`);
  return (response.json as { data: { billingToken: string } }).data.billingToken;
}

/** The order JSON string createOrder takes. */
export function orderJson(landingId: string, billingToken: string, productId = '1682', site?: Site): string {
  return JSON.stringify({
    productId,
    landingId,
    billingToken,
    contact: { firstName: 'Alex', lastName: 'Rivera', email: 'alex.rivera@example.com', phone: '5125550199' },
    agreement: agreementFor(productId, site === undefined ? {} : { site }),
  });
}

/** The demo customer Jane Doe (seeded), whose first lead is JANE_LANDING_ID. */
export const JANE_CUSTOMER_ID = '100234';

/** The token of the clinic's return link for a customer, good for an hour, signed with the test servers' secret. */
export function returnLinkToken(ktCustomerId: string): string {
  return signLinkToken(LINK_SECRET, { ktCustomerId, expiresAt: new Date(Date.now() + 60 * 60 * 1000) });
}

/**
 * The browser comes back as a customer, as a patient does from the clinic's email: it claims
 * a signed return link (src/server/access.ts), and may then see that customer's records.
 */
export async function returnAsCustomer(
  call: (options: InjectOptions) => Promise<Reply>,
  ktCustomerId: string = JANE_CUSTOMER_ID,
): Promise<void> {
  const token = returnLinkToken(ktCustomerId);
  const claim = (host?: string) =>
    call({ method: 'POST', url: '/api/session/claim', payload: { token }, ...(host ? { headers: { host } } : {}) });
  // A link opens on its brand's host only: a demo customer's straight away, another's as the page
  // does, moving to the host the refusal names.
  const gender = DEMO_CUSTOMERS.find((customer) => customer.id === ktCustomerId)?.gender;
  let reply = await claim(gender === 'female' ? 'femme.localhost' : gender === 'male' ? 'localhost' : undefined);
  const refused = reply.json as { reason?: string; site?: string } | undefined;
  if (reply.status === 409 && refused?.reason === 'other-brand')
    reply = await claim(refused.site === 'female' ? 'femme.localhost' : 'localhost');
  if (reply.status !== 200) throw new Error(`claiming customer ${ktCustomerId} answered ${String(reply.status)}`);
}
