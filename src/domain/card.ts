/**
 * The card rules, in one place for the billing forms and the local payment processor
 * (src/server/payment-simulator.ts), so a form refuses exactly what the processor refuses and
 * the patient learns of a typo next to the field. Nothing here keeps or logs a number.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';

/** The digits of a card number as typed: spaces and dashes are the patient's grouping, anything else is kept to fail. */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/**
 * The number as the card prints it, as the patient types: groups of four (American Express
 * 4-6-5), so a typo is easy to spot. Anything but digits, spaces and dashes is left as typed,
 * for the check to refuse.
 */
export function groupCardNumber(typed: string): string {
  const digits = cardDigits(typed);
  if (!/^[0-9]*$/.test(digits)) return typed;
  const sizes = cardBrandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const groups: string[] = [];
  let start = 0;
  for (const size of sizes) {
    if (start >= digits.length) break;
    groups.push(digits.slice(start, start + size));
    start += size;
  }
  if (start < digits.length) groups.push(digits.slice(start));
  return groups.join(' ');
}

/** Whether 12-19 digits pass the Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network from the leading digits; it decides the security code's length. */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6][0-9]{2}|7[01][0-9]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'other';
}

/** American Express prints a 4-digit code on the front; the other networks a 3-digit one on the back. */
export function cvcLengthOf(brand: CardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** Reads MM/YY (also M/YY, MMYY, MM / YY and MM/YYYY); null when it is not a month and year. */
export function parseExpiry(typed: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month (UTC, as the processor counts it). */
export function hasExpired(expiry: Expiry, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expiry.year < year || (expiry.year === year && expiry.month < now.getUTCMonth() + 1);
}
