import { randomBytes } from 'node:crypto';
import { cardBrandOf, passesLuhn, type CardBrand } from '../domain/card.ts';

/**
 * A stand-in for the payment processor, so the funnel can be paid for on one machine.
 *
 * Test card numbers (any future expiry, any CVC of the right length):
 *
 * | card number         | brand      | outcome                                    |
 * |---------------------|------------|--------------------------------------------|
 * | 4242424242424242    | visa       | approved                                   |
 * | 4000056655665556    | visa       | approved (debit)                           |
 * | 5555555555554444    | mastercard | approved                                   |
 * | 378282246310005     | amex       | approved                                   |
 * | 6011111111111117    | discover   | approved                                   |
 * | 4000000000000002    | visa       | declined: "Your card was declined."        |
 * | 4000000000009995    | visa       | declined: "Insufficient funds."            |
 * | 4000000000000069    | visa       | declined: "Your card has expired."         |
 * | 4000000000000127    | visa       | declined: "Your card's security code is incorrect." |
 *
 * Any other number that passes the Luhn check is declined as not a test card. A number that
 * fails the Luhn check, an expiry in the past or a CVC of the wrong length is not a decline
 * but bad input, named by field. Payment tokens (a card the browser tokenised) work the same
 * way: `tok_visa`, `tok_mastercard`, `tok_amex`, `tok_discover`, `tok_chargeDeclined`,
 * `tok_chargeDeclinedInsufficientFunds`, `tok_chargeDeclinedExpiredCard`, or
 * `tok_{brand}_{last4}` of a test card above (such as `tok_visa_4242`).
 *
 * Nothing here keeps or logs a card number or CVC: callers get the last four digits, the
 * brand and a token that stands for the card.
 */

/** Card details as the billing form sends them. */
export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The simulator's answer: a token for the card, or bad input by field. */
export type CardResult =
  | {
      ok: true;
      /** Stands for the card in later calls (the billing token). */
      token: string;
      last4: string;
      brand: CardBrand;
      /** null when a charge would go through, else what the patient is told. */
      declineReason: string | null;
    }
  | { ok: false; field: keyof CardDetails | 'paymentToken'; message: string };

interface TestCard {
  number: string;
  brand: CardBrand;
  declineReason: string | null;
}

export const DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Insufficient funds.';
export const EXPIRED = 'Your card has expired.';
export const INCORRECT_CVC = "Your card's security code is incorrect.";
export const NOT_A_TEST_CARD = 'This card was declined: the payment simulator accepts only its documented test cards.';

/** The documented test cards. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', declineReason: null },
  { number: '4000056655665556', brand: 'visa', declineReason: null },
  { number: '5555555555554444', brand: 'mastercard', declineReason: null },
  { number: '378282246310005', brand: 'amex', declineReason: null },
  { number: '6011111111111117', brand: 'discover', declineReason: null },
  { number: '4000000000000002', brand: 'visa', declineReason: DECLINED },
  { number: '4000000000009995', brand: 'visa', declineReason: INSUFFICIENT_FUNDS },
  { number: '4000000000000069', brand: 'visa', declineReason: EXPIRED },
  { number: '4000000000000127', brand: 'visa', declineReason: INCORRECT_CVC },
];

/** Named payment tokens and the test card each stands for. */
const NAMED_TOKENS: Readonly<Record<string, string>> = {
  tok_visa: '4242424242424242',
  tok_visa_debit: '4000056655665556',
  tok_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  tok_discover: '6011111111111117',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_chargeDeclinedExpiredCard: '4000000000000069',
  tok_chargeDeclinedIncorrectCvc: '4000000000000127',
};

/** Whether a card's expiry month has passed: a card is good through the end of its month. */
export function hasExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

function newToken(): string {
  return `bill_${randomBytes(12).toString('base64url')}`;
}

function tokenFor(card: TestCard | undefined, digits: string): CardResult {
  return {
    ok: true,
    token: newToken(),
    last4: digits.slice(-4),
    brand: card?.brand ?? cardBrandOf(digits),
    declineReason: card ? card.declineReason : NOT_A_TEST_CARD,
  };
}

/**
 * Checks card details as a processor would on tokenising them: the number's checksum, the
 * expiry and the CVC's length are input errors; the outcome of charging the card (approved,
 * or a decline reason) comes with the token.
 */
export function tokenizeCard(details: CardDetails, now: Date = new Date()): CardResult {
  const digits = details.cardNumber;
  if (!passesLuhn(digits)) return { ok: false, field: 'cardNumber', message: 'is not a valid card number' };
  if (details.expMonth < 1 || details.expMonth > 12) {
    return { ok: false, field: 'expMonth', message: 'must be a month from 1 to 12' };
  }
  if (hasExpired(details.expMonth, details.expYear, now)) {
    return { ok: false, field: 'expYear', message: 'the card has expired: check the expiry date' };
  }
  const brand = cardBrandOf(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^[0-9]{${cvcLength}}$`).test(details.cvc)) {
    return { ok: false, field: 'cvc', message: `must be ${cvcLength} digits for this card` };
  }
  return tokenFor(
    TEST_CARDS.find((card) => card.number === digits),
    digits,
  );
}

/**
 * Reads a payment token the browser got by tokenising a card with the processor: a named test
 * token or `tok_{brand}_{last4}` of a test card. Any other token is unknown to the processor.
 */
export function tokenizePaymentToken(paymentToken: string): CardResult {
  const named = Object.hasOwn(NAMED_TOKENS, paymentToken) ? NAMED_TOKENS[paymentToken] : undefined;
  const match = /^tok_([a-z]+)_([0-9]{4})$/.exec(paymentToken);
  const card =
    named !== undefined
      ? TEST_CARDS.find((candidate) => candidate.number === named)
      : match
        ? TEST_CARDS.find((candidate) => candidate.brand === match[1] && candidate.number.endsWith(match[2] ?? ''))
        : undefined;
  if (!card) return { ok: false, field: 'paymentToken', message: 'is not a payment token the payment simulator knows' };
  return tokenFor(card, card.number);
}
