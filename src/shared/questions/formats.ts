import { parseIsoDate } from '../../domain/calendar.ts';
import { isValidEmail, isValidUsPhone, normalizeUsPhone } from '../../domain/contact.ts';

// Email and phone rules are the canonical ones of src/domain/contact.ts (SPEC §5), so the form and the submission agree.

/** Whether `value` (trimmed) is an email address: quoted local parts, IP-literal domains and a TLD of 2+ letters. */
export function isEmail(value: string): boolean {
  return isValidEmail(value.trim());
}

/** The ten digits of a US phone number as typed (punctuation and a leading 1 dropped), or the bare digits when it is not one. */
export function phoneDigits(value: string): string {
  return normalizeUsPhone(value) ?? value.replace(/\D/g, '');
}

/** Ten digits, the area code and the exchange each starting 2-9; punctuation and a leading 1 are ignored. */
export function isUsPhone(value: string): boolean {
  return isValidUsPhone(value);
}

/** MM/DD/YYYY (one-digit month and day allowed) to YYYY-MM-DD when it is a real date; otherwise undefined. */
export function usDateToIso(value: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const iso = `${match[3] ?? ''}-${(match[1] ?? '').padStart(2, '0')}-${(match[2] ?? '').padStart(2, '0')}`;
  return parseIsoDate(iso) === null ? undefined : iso;
}

/** Whether `value` has the shape of a whole MM/DD/YYYY date (one-digit month and day allowed), real or not. */
export function isUsDateShape(value: string): boolean {
  return /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(value.trim());
}

const DATE_SEPARATOR = /^[/.\- ]$/;

/**
 * A date as it is typed, put in the MM/DD/YYYY shape: digits alone (04271980, as a phone's
 * number pad types them) get their slashes; a one-digit month or day ended by a separator gets
 * its zero (4/ is 04/); a dash, dot or space is a separator; digits past the year's four are
 * dropped. A YYYY-MM-DD date (as some autofill gives it) is turned around. Text with anything
 * else in it is left as typed, for validation to explain. Well-formed text is returned as it
 * is, so editing inside it does not move the caret.
 */
export function formatTypedDate(text: string): string {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return `${(iso[2] ?? '').padStart(2, '0')}/${(iso[3] ?? '').padStart(2, '0')}/${iso[1] ?? ''}`;
  if (!/^[\d/.\- ]*$/.test(trimmed)) return text;
  // Month, day and year, as far as they are typed.
  const parts = [''];
  for (const char of trimmed) {
    const at = parts.length - 1;
    const part = parts[at] ?? '';
    if (DATE_SEPARATOR.test(char)) {
      // A separator ends a month or day that has a digit; others (doubled, or in the year) are dropped.
      if (at < 2 && part !== '') {
        parts[at] = part.padStart(2, '0');
        parts.push('');
      }
    } else if (at < 2 && part.length === 2) {
      parts.push(char);
    } else if (at < 2 || part.length < 4) {
      parts[at] = part + char;
    }
  }
  return parts.join('/');
}

/** YYYY-MM-DD to MM/DD/YYYY; anything else is returned unchanged (a date still being typed). */
export function isoDateToUs(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[2] ?? ''}/${match[3] ?? ''}/${match[1] ?? ''}` : value;
}

/** Five digits. */
export function isZipCode(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}
