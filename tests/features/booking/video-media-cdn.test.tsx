import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { handleMedia } from '../../fakes/media.ts';

/** The media CDN of the production-like e2e run, played by the fake. */
let server: Server;
let origin = '';
const MEDIA_DIR = path.join(import.meta.dirname, '../../../public/media');

beforeAll(async () => {
  server = createServer((request, response) => {
    if (!handleMedia(request, response, new URL(request.url ?? '/', origin))) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('the captions come whole, as WebVTT, to any origin', async () => {
  const response = await fetch(`${origin}/media-cdn/about-consult.en.vtt`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(await response.text()).toBe(readFileSync(path.join(MEDIA_DIR, 'about-consult.en.vtt'), 'utf8'));
});

test('a video comes in the byte ranges the player asks for', async () => {
  const whole = readFileSync(path.join(MEDIA_DIR, 'about-consult-desktop.mp4'));
  const response = await fetch(`${origin}/media-cdn/about-consult-desktop.mp4`, { headers: { range: 'bytes=8-23' } });
  expect(response.status).toBe(206);
  expect(response.headers.get('content-range')).toBe(`bytes 8-23/${String(whole.length)}`);
  expect(Buffer.from(await response.arrayBuffer())).toEqual(whole.subarray(8, 24));

  const tail = await fetch(`${origin}/media-cdn/about-consult-desktop.mp4`, { headers: { range: 'bytes=-4' } });
  expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 4));

  const beyond = await fetch(`${origin}/media-cdn/about-consult-desktop.mp4`, {
    headers: { range: `bytes=${String(whole.length)}-` },
  });
  expect(beyond.status).toBe(416);
});

test('only the media files are served', async () => {
  for (const name of ['..%2F..%2Fpackage.json', 'nothing.mp4', 'about-consult.en.vtt%00.mp4', '%E0.mp4']) {
    const response = await fetch(`${origin}/media-cdn/${name}`);
    expect(response.status, name).toBe(404);
  }
});
