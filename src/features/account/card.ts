import { cardBrandOf, cardDigits, cvcLengthOf, hasExpired, parseExpiry, passesLuhn } from '../../domain/card.ts';

/** The card fields of the billing form, as typed. */
export interface CardInput {
  number: string;
  /** MM/YY as typed; `0427`, `04 / 27` and `04/2027` are read too. */
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;

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
    if (hasExpired(expiry, today)) {
      problems.expiry = 'This card has expired. Use a card with a later expiry date.';
    } else if (expiry.year > today.getUTCFullYear() + 20) problems.expiry = 'Check the expiry year on your card.';
  }
  const cvcLength = cvcLengthOf(cardBrandOf(digits));
  const cvc = input.cvc.trim();
  if (cvc === '') problems.cvc = 'Enter the security code.';
  else if (!new RegExp(`^\\d{${String(cvcLength)}}$`).test(cvc)) {
    problems.cvc = `Enter the ${String(cvcLength)}-digit security code${cvcLength === 4 ? ' on the front of your card' : ' on the back of your card'}.`;
  }
  if (Object.keys(problems).length > 0 || expiry === null) return { details: null, problems };
  return { details: { cardNumber: digits, expMonth: expiry.month, expYear: expiry.year, cvc }, problems: null };
}
