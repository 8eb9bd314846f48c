import type { Contact } from '../contract/api-types.ts';

/** The contact fields every lead needs, in the order they are checked (SPEC §3 and §5). */
export const CONTACT_KEYS = ['firstName', 'lastName', 'email', 'phone'] as const satisfies readonly (keyof Contact)[];

/**
 * Reads the four contact fields from an object, trimmed. A missing, non-text or blank one
 * throws `No value found for key {key} in given object` (SPEC §5), naming the first missing
 * key, because a lead without a way to reach the patient cannot be saved.
 */
export function requireContact(source: Readonly<Record<string, unknown>>): Contact {
  const read = (key: (typeof CONTACT_KEYS)[number]): string => {
    const value = Object.hasOwn(source, key) ? source[key] : undefined;
    if (typeof value !== 'string' || value.trim() === '') {
      throw new Error(`No value found for key ${key} in given object`);
    }
    return value.trim();
  };
  return { firstName: read('firstName'), lastName: read('lastName'), email: read('email'), phone: read('phone') };
}

// Local part: dot-separated atoms, or a quoted string with escaped characters allowed.
// Domain: an IPv4 literal in brackets, or labels with a final alphabetic label of 2+ letters.
const LOCAL_ATOMS = String.raw`[^<>()[\]\\.,;:\s@"]+(?:\.[^<>()[\]\\.,;:\s@"]+)*`;
const LOCAL_QUOTED = String.raw`"(?:[^"\\\r\n]|\\[^\r\n])+"`;
const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
const IP_LITERAL = String.raw`\[${OCTET}(?:\.${OCTET}){3}\]`;
const DOMAIN_NAME = String.raw`(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}`;
const EMAIL = new RegExp(`^(?:${LOCAL_ATOMS}|${LOCAL_QUOTED})@(?:${IP_LITERAL}|${DOMAIN_NAME})$`);

/**
 * Checks an email address with the pattern of SPEC §5: quoted local parts, IP-literal
 * domains such as `[192.168.0.1]`, and domain names whose last label has 2+ letters. It
 * also holds the lengths mail servers accept (local part 64, whole address 254), so an
 * address the clinic cannot write to is caught in the form.
 */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at > 64) return false;
  return EMAIL.test(email);
}

/**
 * Reduces a US phone number to its ten digits, or null when it is not one: formatting
 * (spaces, dots, dashes, parentheses) is dropped, a leading `1` or `+1` country code is
 * allowed, and the area code and exchange must each start with 2-9 (SPEC §5).
 */
export function normalizeUsPhone(phone: string): string | null {
  const trimmed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  if (trimmed.startsWith('+') && !trimmed.startsWith('+1')) return null;
  const digits = trimmed.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? national : null;
}

/** True when the text is a US phone number as SPEC §5 defines it. */
export function isValidUsPhone(phone: string): boolean {
  return normalizeUsPhone(phone) !== null;
}
