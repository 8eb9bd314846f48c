/** The card fields of the billing form, as typed. */
export interface CardInput {
  number: string;
  /** MM/YY as typed; `0427`, `04 / 27` and `04/2027` are read too. */
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;

/** The digits of a card number as typed with spaces or dashes. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries: it catches most typing mistakes. */
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

/** American Express numbers start 34 or 37 and have a 4-digit security code. */
function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** The month and four-digit year of an expiry as typed, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The card's details as the billing call takes them. */
export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * Checks the card fields as a patient types them: a message per field that needs fixing, or
 * the card's details when none does. A card is good through the last day of its month.
 */
export function checkCard(
  input: CardInput,
  today: Date = new Date(),
): { details: CardDetails; problems: null } | { details: null; problems: Partial<Record<CardField, string>> } {
  const problems: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(input.number);
  if (digits === '') problems.number = 'Enter your card number.';
  else if (!/^\d+$/.test(digits) || !passesLuhn(digits)) {
    problems.number = 'This card number is not right. Check the digits on your card.';
  }
  const expiry = parseExpiry(input.expiry);
  if (input.expiry.trim() === '') problems.expiry = 'Enter the expiry date as MM/YY.';
  else if (expiry === null) problems.expiry = 'Enter the expiry date as MM/YY, like 04/28.';
  else {
    const year = today.getFullYear();
    if (expiry.year < year || (expiry.year === year && expiry.month < today.getMonth() + 1)) {
      problems.expiry = 'This card has expired. Use a card with a later expiry date.';
    } else if (expiry.year > year + 20) problems.expiry = 'Check the expiry year on your card.';
  }
  const cvcLength = isAmex(digits) ? 4 : 3;
  const cvc = input.cvc.trim();
  if (cvc === '') problems.cvc = 'Enter the security code.';
  else if (!new RegExp(`^\\d{${String(cvcLength)}}$`).test(cvc)) {
    problems.cvc = `Enter the ${String(cvcLength)}-digit security code${cvcLength === 4 ? ' on the front of your card' : ' on the back of your card'}.`;
  }
  if (Object.keys(problems).length > 0 || expiry === null) return { details: null, problems };
  return { details: { cardNumber: digits, expMonth: expiry.month, expYear: expiry.year, cvc }, problems: null };
}
