import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * A fake of the media CDN the consult videos come from in production (MEDIA_BASE_URL):
 * `GET /media-cdn/<file>` serves public/media/<file> with CORS `*` (the video element asks
 * with `crossorigin`, which captions from another origin need) and byte ranges, which a
 * video element uses to seek and to read an MP4's index. Dependency-free (node:http only).
 */

export const MEDIA_CDN_PREFIX = '/media-cdn/';

const MEDIA_DIR = path.join(import.meta.dirname, '../../public/media');

const TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** A file name of public/media: no folders, no '..'. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-range, accept-ranges' };

/** The one byte range a `Range` header asks for, or null for the whole file; 'bad' when it cannot be met. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null; // several ranges, or another unit: the whole file, as servers may
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'bad';
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'bad' : { start, end };
}

export function handleMedia(request: IncomingMessage, response: ServerResponse, url: URL): boolean {
  if (!url.pathname.startsWith(MEDIA_CDN_PREFIX)) return false;
  if (request.method === 'OPTIONS') {
    response
      .writeHead(204, { ...CORS, 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': 'range' })
      .end();
    return true;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...CORS, allow: 'GET, HEAD' }).end();
    return true;
  }
  let file: string;
  let type: string | undefined;
  let size: number;
  try {
    const name = decodeURIComponent(url.pathname.slice(MEDIA_CDN_PREFIX.length));
    type = TYPES[path.extname(name)];
    if (!FILE_NAME.test(name) || type === undefined) throw new Error('not a media file');
    file = path.join(MEDIA_DIR, name);
    size = statSync(file).size;
  } catch {
    response.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('no such media file');
    return true;
  }
  const headers = { ...CORS, 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=3600' };
  const range = rangeOf(request.headers.range, size);
  if (range === 'bad') {
    response.writeHead(416, { ...headers, 'content-range': `bytes */${String(size)}` }).end();
    return true;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  response.writeHead(range === null ? 200 : 206, {
    ...headers,
    'content-length': String(end - start + 1),
    ...(range === null ? {} : { 'content-range': `bytes ${String(start)}-${String(end)}/${String(size)}` }),
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file, { start, end }).pipe(response);
  return true;
}
