import { decodeBase64, encodeBase64Url } from './base64.ts';
import type { DateTime, FormId, LandingId } from '../contract/api-types.ts';
import { FORM_IDS } from '../contract/form-ids.ts';

/** The form id a landing id is made with when none is given: the assessment's (SPEC §3). */
export const DEFAULT_FORM_ID: FormId = FORM_IDS.assessment;
/** The suffix a landing id gets when it would equal the previous one (SPEC §5). */
export const REPEAT_SUFFIX = 'b';

/** What a landing id is made of (SPEC §3). */
export interface LandingIdParts {
  lastName: string;
  email: string;
  /** An ISO timestamp or date; only its first 10 characters (the date) are used. */
  landedAt: DateTime;
  /** Defaults to the assessment's form (also when empty). */
  formId?: FormId;
  suffix?: string;
}

/** The parts as they are encoded: spaces in the last name are underscores, the date is 10 characters. */
export interface DecodedLandingId {
  lastName: string;
  email: string;
  landingDate: string;
  formId: FormId;
  /** `''` when there is none. */
  suffix: string;
}

// The parts are joined with `|`; a `|` or `\` inside a part is escaped with `\`, so any last
// name or email decodes back to exactly its parts and two different inputs never collide.
const SEPARATOR = '|';

function escapePart(part: string): string {
  return part.replace(/[\\|]/g, (char) => `\\${char}`);
}

function splitParts(joined: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined.charAt(index);
    if (char === '\\') {
      current += joined.charAt(index + 1);
      index += 1;
    } else if (char === SEPARATOR) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * Makes the landing id of a visit: URL-safe base64 (`-` and `_`, no `=` padding, so it
 * needs no escaping in a link) of the UTF-8 bytes of last name (spaces as underscores),
 * email, landing date, form id and optional suffix. The parts stay decodable so support
 * staff can read an id; the email is used as given (callers pass the validated one).
 */
export function makeLandingId(parts: LandingIdParts): LandingId {
  const landingDate = parts.landedAt.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(landingDate)) {
    throw new RangeError('landedAt must start with an ISO date (YYYY-MM-DD)');
  }
  const pieces = [
    parts.lastName.replace(/ /g, '_'),
    parts.email,
    landingDate,
    parts.formId === undefined || parts.formId === '' ? DEFAULT_FORM_ID : parts.formId,
  ];
  if (parts.suffix !== undefined && parts.suffix !== '') pieces.push(parts.suffix);
  return encodeBase64Url(pieces.map(escapePart).join(SEPARATOR));
}

/**
 * Makes the landing id, with suffix `b` when it would equal the previous one (SPEC §5), so
 * a patient taking the assessment again the same day gets a new record instead of
 * overwriting the first.
 */
export function nextLandingId(parts: LandingIdParts, previous: LandingId | undefined): LandingId {
  const id = makeLandingId(parts);
  return id === previous ? makeLandingId({ ...parts, suffix: REPEAT_SUFFIX }) : id;
}

/** Reads a landing id back into its parts, or null when it is not one. */
export function decodeLandingId(id: LandingId): DecodedLandingId | null {
  const decoded = decodeBase64(id);
  if (!decoded.ok) return null;
  const parts = splitParts(decoded.text);
  if (parts.length !== 4 && parts.length !== 5) return null;
  const [lastName = '', email = '', landingDate = '', formId = '', suffix = ''] = parts;
  return { lastName, email, landingDate, formId, suffix };
}
