import { decodeBase64 } from './base64.ts';
import type { Contact } from '../contract/api-types.ts';
import type { DomainLogger } from './logger.ts';
import { isRecord } from '../lib/is-record.ts';

/** The contact fields a campaign link may fill in ahead (SPEC §3). */
export type Prefill = Partial<Contact>;

/** Why a prefill was ignored; logged instead of the value. */
export type PrefillFailure = 'not-base64' | 'not-utf8' | 'not-json' | 'not-object' | 'wrong-field-type';

const PREFILL_KEYS = ['firstName', 'lastName', 'phone', 'email'] as const satisfies readonly (keyof Contact)[];

function read(encoded: string): { ok: true; prefill: Prefill } | { ok: false; reason: PrefillFailure } {
  // A standard base64 `+` left unescaped in a link arrives as a space once the query is decoded.
  const decoded = decodeBase64(encoded.trim().replace(/ /g, '+'));
  if (!decoded.ok) return decoded;
  let json: unknown;
  try {
    json = JSON.parse(decoded.text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  if (!isRecord(json)) return { ok: false, reason: 'not-object' };
  const prefill: { -readonly [Key in keyof Prefill]: Prefill[Key] } = {};
  for (const key of PREFILL_KEYS) {
    const value = Object.hasOwn(json, key) ? json[key] : undefined;
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return { ok: false, reason: 'wrong-field-type' };
    const trimmed = value.trim();
    if (trimmed !== '') prefill[key] = trimmed;
  }
  return { ok: true, prefill };
}

/**
 * Reads the `prefill` query value: base64 (standard or URL-safe, padded or not) of UTF-8
 * JSON with firstName, lastName, phone and email, each optional text. Other keys are
 * ignored. Anything malformed gives `{}` and logs only 'malformed prefill ignored' and the
 * kind of failure, never the value: it is patient data (SPEC §5, §8).
 */
export function parsePrefill(encoded: string | undefined, logger: DomainLogger): Prefill {
  if (encoded === undefined || encoded.trim() === '') return {};
  const result = read(encoded);
  if (result.ok) return result.prefill;
  logger.error('malformed prefill ignored', { reason: result.reason });
  return {};
}
