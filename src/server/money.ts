/** Amounts as the contract writes them: display text in US dollars, such as '$99' or '$99.00'. */

import { centsOfMoney } from '../domain/money.ts';

/** Cents from '$99' or '$149.00'; throws on text that is not an amount (stored data is checked). */
export function centsOf(money: string): number {
  const cents = centsOfMoney(money);
  if (cents === null) throw new Error('Not an amount of money');
  return cents;
}

/** '$149.00' from 14900. */
export function moneyOf(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
