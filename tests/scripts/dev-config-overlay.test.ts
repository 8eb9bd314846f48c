import { EventEmitter } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { afterEach, expect, test, vi } from 'vitest';
import { CONFIG_DIR } from '../../src/contract/schema-files.ts';
import { funnelConfigValidation } from '../../scripts/lib/vite-config-plugin.ts';

// `npm run dev`'s config loop, with the dev server's parts it uses stood in for: what the
// browser's overlay is told as a developer edits config/ (issue 27, point 3).

interface Sent {
  type: string;
  err?: { message: string };
}

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of config/ and a dev server with the plugin on it: what it broadcasts, and a page that connects. */
function devServer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'dev-config-'));
  dirs.push(dir);
  cpSync(CONFIG_DIR, dir, { recursive: true });
  const broadcast: Sent[] = [];
  const listeners = new Map<string, (data: unknown, client: { send: (payload: Sent) => void }) => void>();
  const watcher = new EventEmitter();
  const server = {
    config: { logger: { error: () => undefined, info: () => undefined } },
    ws: {
      send: (payload: Sent) => broadcast.push(payload),
      on: (event: string, listener: (data: unknown, client: { send: (payload: Sent) => void }) => void) =>
        listeners.set(event, listener),
    },
    watcher,
  };
  const plugin = funnelConfigValidation({ dir, settleMs: 200 });
  const configure = plugin.configureServer as (server: ViteDevServer) => void;
  configure(server as unknown as ViteDevServer);
  const file = path.join(dir, 'funnels.json');
  return {
    broadcast,
    /** What a page that connects now (a reload, a new tab) is sent. */
    connect: () => {
      const received: Sent[] = [];
      listeners.get('vite:client:connect')?.(undefined, { send: (payload) => received.push(payload) });
      return received;
    },
    /** The developer saves funnels.json with `text`. */
    save: (text: string) => {
      writeFileSync(file, text);
      watcher.emit('all', 'change', file);
    },
    original: readFileSync(file, 'utf8'),
  };
}

test('a config mistake shows in the overlay, stays on every reload until it is fixed, and the fix reloads the page', () => {
  vi.useFakeTimers();
  const dev = devServer();
  expect(dev.connect()).toEqual([]);

  dev.save(dev.original.replace('"finish": "/finish",', '"finish": "/finsh",'));
  vi.advanceTimersByTime(250);
  expect(dev.broadcast.at(-1)?.type).toBe('error');
  expect(dev.broadcast.at(-1)?.err?.message).toContain('funnels.json');

  // The page reloads (as after any file change): the overlay comes back, on every page that connects.
  expect(dev.connect()[0]?.err?.message).toContain('/finsh');
  expect(dev.connect()[0]?.type).toBe('error');

  dev.save(dev.original);
  vi.advanceTimersByTime(250);
  expect(dev.broadcast.at(-1)).toEqual({ type: 'full-reload', path: '*' });
  expect(dev.connect()).toEqual([]);
});

test('a JSON syntax error shows in the overlay with its line, not as a blank page', () => {
  vi.useFakeTimers();
  const dev = devServer();
  dev.save(dev.original.replace('"formPageParam": "page",', '"formPageParam": "page"'));
  vi.advanceTimersByTime(250);
  const shown = dev.connect()[0];
  expect(shown?.type).toBe('error');
  expect(shown?.err?.message).toMatch(/funnels\.json: .*line \d+/);
});

test('a file saved in two stages is read once it has settled: no false "invalid JSON"', () => {
  vi.useFakeTimers();
  const dev = devServer();
  // An editor that truncates, then writes: the empty file is never judged.
  dev.save('');
  vi.advanceTimersByTime(50);
  dev.save(dev.original);
  vi.advanceTimersByTime(250);
  expect(dev.broadcast).toEqual([]);
  expect(dev.connect()).toEqual([]);
});

test('a config file that is not JSON is reported by the validator before Vite parses it (its own error left a blank page)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dev-config-'));
  dirs.push(dir);
  cpSync(CONFIG_DIR, dir, { recursive: true });
  const file = path.join(dir, 'funnels.json');
  const broken = readFileSync(file, 'utf8').replace('"formPageParam": "page",', '"formPageParam": "page"');
  writeFileSync(file, broken);
  const plugin = funnelConfigValidation({ dir });
  expect(plugin.enforce).toBe('pre');
  const transform = plugin.transform as (
    this: { error: (error: { message: string }) => never },
    code: string,
    id: string,
  ) => unknown;
  const context = {
    error: (error: { message: string }): never => {
      throw new Error(error.message);
    },
  };
  expect(() => transform.call(context, broken, `${file}?import`)).toThrow(
    /funnels\.json: line 5, column \d+: invalid JSON/,
  );
  // Valid config and any other file go on to Vite as they are.
  expect(transform.call(context, '{}', file)).toBeNull();
  expect(transform.call(context, 'not json', path.join(dir, '..', 'other.json'))).toBeNull();
});
