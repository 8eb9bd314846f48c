/**
 * The sha256 of a text (UTF-8) as lowercase hex, with the platform's Web Crypto (the browser's,
 * and Node's in tests): the hash a consent record names a text shown by (issue 38 point 4).
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
