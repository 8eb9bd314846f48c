/** `tel:` address of a phone number as people write it: `(888) 555-0142` becomes `tel:8885550142`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\D/g, '')}`;
}

/**
 * A phone number as plain text that never breaks across lines, for text that cannot hold a call
 * link (a field's hint or message): a no-break space after the area code, and a word joiner
 * (U+2060, zero-width) after the hyphen, where a browser would otherwise break "(212) 555-" from
 * "0123". The number reads and copies the same. The brand's number is a PhoneLink instead.
 */
export function unbreakablePhone(phone: string): string {
  return phone.replace(/ /g, '\u00a0').replace(/-/g, '-\u2060');
}

/** The example in the phone questions' hints and messages. */
export const PHONE_EXAMPLE = unbreakablePhone('(212) 555-0123');
