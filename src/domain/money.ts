/**
 * Amounts of money as the API writes them (schemas/api.openapi.json `Money`): display text in
 * US dollars, '$99' or '$99.00', whole dollars with or without cents. Patients read one format
 * everywhere, whichever the API sent: whole dollars without cents ($99), cents only when there
 * are some ($99.50).
 */

/** SPEC §9: the default price text, the total when no product id is given (SPEC §5). */
export const DEFAULT_PRICE = '$99';

/** The contract's `Money` pattern, with the dollars and the cents captured. */
const MONEY = /^\$(0|[1-9][0-9]{0,5})(?:\.([0-9]{2}))?$/;

/** Cents from '$99' or '$149.00', or null when the text is not an amount in the contract's form. */
export function centsOfMoney(text: string): number | null {
  const match = MONEY.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number(match[2] ?? '0');
}

/** An amount as patients read it: '$99' for 9900, '$99.50' for 9950, '$1,299' for 129900. */
export function moneyText(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  const whole = `$${dollars.toLocaleString('en-US')}`;
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** An amount of the API's as patients read it (see moneyText); text that is not an amount is shown as given. */
export function formatMoney(text: string): string {
  const cents = centsOfMoney(text);
  return cents === null ? text : moneyText(cents);
}
