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

/** YYYY-MM-DD to MM/DD/YYYY; anything else is returned unchanged (a date still being typed). */
export function isoDateToUs(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[2] ?? ''}/${match[3] ?? ''}/${match[1] ?? ''}` : value;
}

/** Five digits. */
export function isZipCode(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}
