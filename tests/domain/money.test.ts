import { expect, test } from 'vitest';
import { centsOfMoney, formatMoney, moneyText } from '../../src/domain/money.ts';

test('an amount of the API is read in cents, in the contract’s form only', () => {
  expect(centsOfMoney('$99')).toBe(9900);
  expect(centsOfMoney('$99.00')).toBe(9900);
  expect(centsOfMoney('$89.50')).toBe(8950);
  expect(centsOfMoney('$0.00')).toBe(0);
  for (const text of ['', '99', '$99.5', '$099', '$1,299', ' $99', 'free']) expect(centsOfMoney(text)).toBeNull();
});

test('patients read one price format: whole dollars without cents, cents only when there are some', () => {
  expect(['$99', '$99.00', '$89.00', '$149.00', '$0.00'].map(formatMoney)).toEqual(['$99', '$99', '$89', '$149', '$0']);
  expect(formatMoney('$89.50')).toBe('$89.50');
  expect(formatMoney('$89.05')).toBe('$89.05');
  expect(moneyText(129900)).toBe('$1,299');
  // Text that is not an amount is shown as the API gave it.
  expect(formatMoney('Call for price')).toBe('Call for price');
});
