import { expect, test } from 'vitest';
import { checkCard, EXPIRY_YEARS_AHEAD, groupCardNumber, parseExpiry, passesLuhn } from '../../src/domain/card.ts';

// A day in the middle of a month, so "this month" and "last month" are unambiguous in UTC.
const NOW = new Date('2026-11-15T12:00:00Z');
const VISA = '4242 4242 4242 4242';
const AMEX = '3782 822463 10005';

test('a good card gives its details: digits only, the month and the four-digit year', () => {
  expect(checkCard({ number: VISA, expiry: '04/29', cvc: '123' }, NOW)).toEqual({
    details: { cardNumber: '4242424242424242', expMonth: 4, expYear: 2029, cvc: '123' },
    problems: null,
  });
});

test('an empty form names every field', () => {
  expect(checkCard({ number: '', expiry: '', cvc: '' }, NOW).problems).toEqual({
    number: 'Enter your card number.',
    expiry: 'Enter the expiry date as MM/YY, like 08/29.',
    cvc: 'Enter the 3-digit security code from the back of your card.',
  });
});

test('a number that fails the Luhn check is refused', () => {
  expect(passesLuhn('4242424242424241')).toBe(false);
  expect(checkCard({ number: '4242 4242 4242 4241', expiry: '04/29', cvc: '123' }, NOW).problems).toEqual({
    number: 'This card number is not valid. Check the digits on your card.',
  });
});

test('a card is good through its expiry month, and not after', () => {
  expect(checkCard({ number: VISA, expiry: '11/26', cvc: '123' }, NOW).problems).toBeNull();
  expect(checkCard({ number: VISA, expiry: '10/26', cvc: '123' }, NOW).problems).toEqual({
    expiry: 'This card has expired. Check the date or use another card.',
  });
});

test(`an expiry more than ${String(EXPIRY_YEARS_AHEAD)} years ahead is a typo, on every form`, () => {
  const limit = NOW.getUTCFullYear() + EXPIRY_YEARS_AHEAD;
  expect(checkCard({ number: VISA, expiry: `12/${String(limit)}`, cvc: '123' }, NOW).problems).toBeNull();
  expect(checkCard({ number: VISA, expiry: `01/${String(limit + 1)}`, cvc: '123' }, NOW).problems).toEqual({
    expiry: 'Check the expiry year on your card.',
  });
});

test('an expiry that is not a month and year is refused; the usual ways of typing it are read', () => {
  expect(checkCard({ number: VISA, expiry: '13/29', cvc: '123' }, NOW).problems).toEqual({
    expiry: 'Enter the expiry date as MM/YY, like 08/29.',
  });
  for (const typed of ['0429', '04 / 29', '4/29', '04/2029'])
    expect(parseExpiry(typed)).toEqual({ month: 4, year: 2029 });
});

test('American Express takes a 4-digit code from the front; the others 3 from the back', () => {
  expect(checkCard({ number: AMEX, expiry: '04/29', cvc: '1234' }, NOW).problems).toBeNull();
  expect(checkCard({ number: AMEX, expiry: '04/29', cvc: '123' }, NOW).problems).toEqual({
    cvc: 'Enter the 4-digit security code from the front of your card.',
  });
  expect(checkCard({ number: VISA, expiry: '04/29', cvc: '1234' }, NOW).problems).toEqual({
    cvc: 'Enter the 3-digit security code from the back of your card.',
  });
});

test('the number is grouped as the card prints it', () => {
  expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
});
