import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { track } from '../../../src/shared/services/analytics.ts';
import { CONFIGCAT_CACHE_MS } from '../../../src/shared/services/flags/configcat-flags.ts';
import { FLAG_DEFAULTS } from '../../../src/shared/services/flags/flag-source.ts';
import { flagSourceFor } from '../../../src/shared/services/flags/flags.ts';
import { localFlags } from '../../../src/shared/services/flags/local-flags.ts';
import { handleFlags } from '../../fakes/flags.ts';

vi.mock('../../../src/shared/services/analytics.ts', () => ({ track: vi.fn() }));

/** ConfigCat's CDN, played by the fake; a test can make it answer as for another sdk key. */
let server: Server;
let origin = '';
const requested: string[] = [];
let answerAs: string | null = null;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    requested.push(url.pathname);
    if (answerAs !== null) url.pathname = url.pathname.replace(/files\/[^/]+\//, `files/${answerAs}/`);
    if (!handleFlags(request, response, url)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requested.length = 0;
  answerAs = null;
  vi.mocked(track).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

function configUrl(sdkKey: string, query = ''): string {
  return `${origin}/configcat/configuration-files/${sdkKey}/config_v6.json${query}`;
}

function configCat(sdkKey: string, query = '') {
  return flagSourceFor({ provider: 'configcat', configUrl: configUrl(sdkKey, query) });
}

test('every flag is on by default', () => {
  expect(FLAG_DEFAULTS).toEqual({
    addressAutocomplete: true,
    botCheck: true,
    consultVideo: true,
    schedulingEmbed: true,
  });
});

test("locally, the config's defaults apply, with the deployment's FLAGS on top", async () => {
  const flags = localFlags({ consultVideo: false });
  expect(flags.value('consultVideo')).toBe(false);
  expect(flags.value('botCheck')).toBe(true);
  await flags.load();
  expect(flags.value('consultVideo')).toBe(false);
});

test('a FLAGS override for a flag the config does not have, or of the wrong type, is ignored', () => {
  const flags = localFlags({ botCheck: 'no', addressAutocomplete: 0, videoCall: false });
  expect(flags.value('botCheck')).toBe(true);
  expect(flags.value('addressAutocomplete')).toBe(true);
});

test("the flag service's value replaces the default once it arrives, and subscribers hear of it", async () => {
  const flags = configCat('prod-key', '?consultVideo=false');
  const heard = vi.fn();
  flags.subscribe(heard);
  expect(flags.value('consultVideo')).toBe(true);
  await flags.load();
  expect(flags.value('consultVideo')).toBe(false);
  expect(flags.value('botCheck')).toBe(true);
  expect(heard).toHaveBeenCalledTimes(1);
  expect(requested).toEqual(['/configcat/configuration-files/prod-key/config_v6.json']);
  expect(track).not.toHaveBeenCalled();
});

test('nothing is fetched before a flag is read', async () => {
  configCat('prod-key');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requested).toEqual([]);
});

test('the values are kept for 600 s: reads within that fetch nothing, a read after it fetches again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const flags = configCat('prod-key', '?botCheck=false');
  await Promise.all([flags.load(), flags.load()]);
  expect(requested).toHaveLength(1);

  vi.setSystemTime(Date.now() + CONFIGCAT_CACHE_MS - 1000);
  await flags.load();
  expect(requested).toHaveLength(1);

  vi.setSystemTime(Date.now() + 2000);
  answerAs = 'prod-key-2';
  await flags.load();
  expect(requested).toHaveLength(2);
  expect(flags.value('botCheck')).toBe(false);
});

test('a service slower than 1.5 s leaves the defaults in place within 1.5 s, and is reported once', async () => {
  const flags = configCat('slow-key', '?consultVideo=false');
  const started = performance.now();
  await flags.load();
  const waited = performance.now() - started;
  expect(waited).toBeGreaterThanOrEqual(1400);
  expect(waited).toBeLessThan(2000);
  expect(flags.value('consultVideo')).toBe(true);
  expect(track).toHaveBeenCalledTimes(1);
  expect(track).toHaveBeenCalledWith('service_fallback', { outcome: 'flags' });
});

for (const [mode, what] of [
  ['error', 'an error status'],
  ['malformed', 'a body that is not JSON'],
  ['down', 'no answer at all'],
] as const) {
  test(`a service answering ${what} leaves the defaults in place, reported once`, async () => {
    const flags = configCat(`${mode}-key`, '?consultVideo=false');
    await flags.load();
    expect(flags.value('consultVideo')).toBe(true);
    expect(track).toHaveBeenCalledExactlyOnceWith('service_fallback', { outcome: 'flags' });
  });
}

test('after a failure, the last values fetched stay, the failure is not retried before 600 s, and is reported once', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const flags = configCat('prod-key', '?addressAutocomplete=false');
  await flags.load();
  expect(flags.value('addressAutocomplete')).toBe(false);

  answerAs = 'error-key';
  vi.setSystemTime(Date.now() + CONFIGCAT_CACHE_MS + 1);
  await flags.load();
  expect(requested).toHaveLength(2);
  expect(flags.value('addressAutocomplete')).toBe(false);
  await flags.load();
  expect(requested).toHaveLength(2);

  vi.setSystemTime(Date.now() + CONFIGCAT_CACHE_MS + 1);
  await flags.load();
  expect(requested).toHaveLength(3);
  expect(flags.value('addressAutocomplete')).toBe(false);
  expect(track).toHaveBeenCalledTimes(1);
});

test('a config with a mistyped or unknown value keeps the default for that flag only', async () => {
  answerAs = 'prod-key';
  const odd = {
    f: {
      consultVideo: { t: 1, v: { s: 'false' } },
      botCheck: { t: 0, v: { s: 'off' } },
      schedulingEmbed: { t: 0, v: { b: false }, r: [{ c: [], s: { v: { b: true } } }] },
      somethingElse: { t: 0, v: { b: false } },
    },
  };
  const oddServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(odd));
  });
  await new Promise<void>((resolve) => oddServer.listen(0, '127.0.0.1', resolve));
  try {
    const port = (oddServer.address() as AddressInfo).port;
    const flags = flagSourceFor({
      provider: 'configcat',
      configUrl: `http://127.0.0.1:${String(port)}/config_v6.json`,
    });
    await flags.load();
    expect(flags.value('consultVideo')).toBe(true);
    expect(flags.value('botCheck')).toBe(true);
    // Targeting rules are not evaluated: the setting's own value is served.
    expect(flags.value('schedulingEmbed')).toBe(false);
    expect(track).not.toHaveBeenCalled();
  } finally {
    oddServer.closeAllConnections();
    await new Promise((resolve) => oddServer.close(resolve));
  }
});

test('the request carries nothing but the address: no cookie, no patient data', async () => {
  const headers: Record<string, string | string[] | undefined>[] = [];
  const spy = createServer((request, response) => {
    headers.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    handleFlags(request, response, url);
  });
  await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
  try {
    const port = (spy.address() as AddressInfo).port;
    const flags = flagSourceFor({
      provider: 'configcat',
      configUrl: `http://127.0.0.1:${String(port)}/configcat/configuration-files/k/config_v6.json`,
    });
    // Node's fetch keeps no cookies, so the browser's would go unseen here: the request must
    // say it sends none, which is what a browser honours.
    const fetched = vi.spyOn(globalThis, 'fetch');
    await flags.load();
    expect(headers).toHaveLength(1);
    expect(headers[0]?.cookie).toBeUndefined();
    expect(headers[0]?.authorization).toBeUndefined();
    expect(fetched.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit' });
    expect(fetched.mock.calls[0]?.[1]).not.toHaveProperty('headers');
  } finally {
    vi.restoreAllMocks();
    spy.closeAllConnections();
    await new Promise((resolve) => spy.close(resolve));
  }
});
