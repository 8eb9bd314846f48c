import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * A fake of ConfigCat's CDN, for the e2e runs that set FLAGS_CONFIG_URL to it:
 * `GET /configcat/configuration-files/{sdkKey}/config_v6.json` answers a config JSON v6 file
 * (`{ "p": {...}, "f": { key: { "t": 0, "v": { "b": true } } } }`) with every flag of
 * config/flags.json at its default; a query parameter `name=true|false` changes one (so a test
 * can turn a flag off by the address alone). The sdk key chooses how it behaves:
 *
 * - `slow-…`: answers after 5 s (longer than the app waits);
 * - `error-…`: a 500;
 * - `malformed-…`: a 200 whose body is not JSON;
 * - `down-…`: the connection is dropped with no answer;
 * - any other: the config.
 *
 * Dependency-free (node:http types only), for tests/fakes/server.ts and the unit tests.
 */

export const FLAGS_CONFIG_PATH = /^\/configcat\/configuration-files\/([A-Za-z0-9_-]{1,100})\/config_v6\.json$/;

/** How long a `slow-` key's answer takes. */
export const SLOW_FLAGS_MS = 5000;

type Mode = 'ok' | 'slow' | 'error' | 'malformed' | 'down';

function modeOf(sdkKey: string): Mode {
  const prefix = sdkKey.split('-', 1)[0];
  switch (prefix) {
    case 'slow':
    case 'error':
    case 'malformed':
    case 'down':
      return prefix;
    default:
      return 'ok';
  }
}

const CORS = { 'access-control-allow-origin': '*' };

interface FlagsFile {
  flags: Record<string, { default: boolean }>;
}

/** The config file ConfigCat would serve: the project's defaults, with the query's changes. */
export function fakeConfigCatConfig(changes: URLSearchParams = new URLSearchParams()): object {
  const file = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../config/flags.json'), 'utf8')) as FlagsFile;
  const settings: Record<string, { t: 0; v: { b: boolean }; i: string }> = {};
  for (const [name, flag] of Object.entries(file.flags)) {
    const change = changes.get(name);
    const value = change === null ? flag.default : change === 'true';
    settings[name] = { t: 0, v: { b: value }, i: `${name}-${String(value)}` };
  }
  return { p: { u: 'https://cdn-global.configcat.com', r: 0, s: 'fake-salt' }, f: settings };
}

export function handleFlags(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
  const match = FLAGS_CONFIG_PATH.exec(url.pathname);
  if (match === null) return false;
  if (request.method === 'OPTIONS') {
    response.writeHead(204, { ...CORS, 'access-control-allow-methods': 'GET', 'access-control-max-age': '600' }).end();
    return true;
  }
  if (request.method !== 'GET') {
    response.writeHead(405, { ...CORS, allow: 'GET' }).end();
    return true;
  }
  const mode = modeOf(match[1] ?? '');
  const headers = { ...CORS, 'content-type': 'application/json', 'cache-control': 'no-store' };
  switch (mode) {
    case 'down':
      request.socket.destroy();
      return true;
    case 'error':
      response.writeHead(500, { ...CORS, 'content-type': 'text/plain' }).end('fake ConfigCat: error');
      return true;
    case 'malformed':
      response.writeHead(200, headers).end('{"f": {"consultVideo": ');
      return true;
    case 'slow': {
      const timer = setTimeout(() => {
        if (!response.destroyed)
          response.writeHead(200, headers).end(JSON.stringify(fakeConfigCatConfig(url.searchParams)));
      }, SLOW_FLAGS_MS);
      response.on('close', () => {
        clearTimeout(timer);
      });
      return true;
    }
    case 'ok':
      response.writeHead(200, headers).end(JSON.stringify(fakeConfigCatConfig(url.searchParams)));
      return true;
  }
}
