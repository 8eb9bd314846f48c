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

/** The furthest ahead a card's expiry can be: networks issue cards for a few years, so more is a typo. */
export const EXPIRY_YEARS_AHEAD = 20;

/** The card fields of a billing form, as typed. */
export interface CardInput {
  number: string;
  /** MM/YY as typed; `0427`, `04 / 27` and `04/2027` are read too. */
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;

/** The card's details as the billing calls take them. */
export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The expiry message of a date as the patient types it; one wording for every form. */
const EXPIRY_SHAPE = 'Enter the expiry date as MM/YY, like 08/29.';

/**
 * The one card rule of every form that takes a card (the payment form, the card update): a
 * message per field that needs fixing, or the card's details when none does. The number must
 * pass the Luhn check; the card is good through the last day of its expiry month and expires
 * no more than EXPIRY_YEARS_AHEAD years from now; the security code has its network's length.
 */
export function checkCard(
  input: CardInput,
  now: Date = new Date(),
): { details: CardDetails; problems: null } | { details: null; problems: Partial<Record<CardField, string>> } {
  const problems: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(input.number);
  if (digits === '') problems.number = 'Enter your card number.';
  else if (!passesLuhn(digits)) problems.number = 'This card number is not valid. Check the digits on your card.';
  const expiry = parseExpiry(input.expiry);
  if (expiry === null) problems.expiry = EXPIRY_SHAPE;
  else if (hasExpired(expiry, now)) problems.expiry = 'This card has expired. Check the date or use another card.';
  else if (expiry.year > now.getUTCFullYear() + EXPIRY_YEARS_AHEAD) {
    problems.expiry = 'Check the expiry year on your card.';
  }
  const cvcLength = cvcLengthOf(cardBrandOf(digits));
  const cvc = input.cvc.trim();
  if (!new RegExp(`^[0-9]{${String(cvcLength)}}$`).test(cvc)) {
    problems.cvc =
      cvcLength === 4
        ? 'Enter the 4-digit security code from the front of your card.'
        : 'Enter the 3-digit security code from the back of your card.';
  }
  if (Object.keys(problems).length > 0 || expiry === null) return { details: null, problems };
  return { details: { cardNumber: digits, expMonth: expiry.month, expYear: expiry.year, cvc }, problems: null };
}
