/**
 * Base64 over UTF-8 with the browser's own `btoa`/`atob`, which only handle one byte per
 * character: text is encoded to UTF-8 bytes first so that names such as "Müller" or "李"
 * survive.
 */

const BASE64_TEXT = /^[A-Za-z0-9+/_-]*={0,2}$/;

function bytesToBinary(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
}

/** Encodes text as URL-safe base64 (`-` and `_`, no `=` padding), safe in a path or query. */
export function encodeBase64Url(text: string): string {
  const binary = bytesToBinary(new TextEncoder().encode(text));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Encodes text as standard base64 with padding. */
export function encodeBase64(text: string): string {
  return btoa(bytesToBinary(new TextEncoder().encode(text)));
}

/** Why base64 text could not be read back. */
export type Base64Failure = 'not-base64' | 'not-utf8';

/**
 * Decodes standard or URL-safe base64, with or without padding, to UTF-8 text. Returns the
 * failure kind instead of throwing, because every caller reads untrusted input.
 */
export function decodeBase64(encoded: string): { ok: true; text: string } | { ok: false; reason: Base64Failure } {
  if (!BASE64_TEXT.test(encoded)) return { ok: false, reason: 'not-base64' };
  const unpadded = encoded.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (unpadded.length % 4 === 1) return { ok: false, reason: 'not-base64' };
  const padded = unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4);
  if (encoded.includes('=') && encoded.length !== padded.length) return { ok: false, reason: 'not-base64' };
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return { ok: false, reason: 'not-base64' };
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: 'not-utf8' };
  }
}
