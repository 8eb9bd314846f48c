/** Amounts as the contract writes them: display text in US dollars, such as '$99' or '$99.00'. */

/** Cents from '$99' or '$149.00'; throws on text that is not an amount (stored data is checked). */
export function centsOf(money: string): number {
  const match = /^\$(0|[1-9][0-9]{0,5})(?:\.([0-9]{2}))?$/.exec(money);
  if (!match) throw new Error('Not an amount of money');
  return Number(match[1]) * 100 + Number(match[2] ?? '0');
}

/** '$149.00' from 14900. */
export function moneyOf(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** SPEC §9: the default price text, used when no product id is given (SPEC §5). */
export const DEFAULT_PRICE = '$99';
