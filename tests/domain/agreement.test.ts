import { expect, test } from 'vitest';
import {
  agreementStatement,
  nextChargeDate,
  ordinal,
  receiptRenewalLines,
  type CancelContact,
} from '../../src/domain/agreement.ts';

const CANCEL: CancelContact = {
  portalLink: 'https://portal.peakmens.example',
  supportEmail: 'care@peakmens.example',
  phone: '(888) 555-0142',
};
const MONTHLY = { every: 'month' } as const;

test('a monthly plan bought on December 3 is next charged on January 3 of the next year', () => {
  expect(nextChargeDate({ year: 2026, month: 12, day: 3 }, 'month')).toEqual({ year: 2027, month: 1, day: 3 });
});

test('a plan bought on the 31st is charged on the last day of a shorter month', () => {
  expect(nextChargeDate({ year: 2027, month: 1, day: 31 }, 'month')).toEqual({ year: 2027, month: 2, day: 28 });
  expect(nextChargeDate({ year: 2028, month: 1, day: 30 }, 'month')).toEqual({ year: 2028, month: 2, day: 29 });
  expect(nextChargeDate({ year: 2027, month: 3, day: 31 }, 'month')).toEqual({ year: 2027, month: 4, day: 30 });
});

test('days of the month read as people say them', () => {
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
    '1st',
    '2nd',
    '3rd',
    '4th',
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '23rd',
    '31st',
  ]);
});

test('next to Pay, a monthly plan says the amount, the interval, the next charge, how to cancel, and asks for the renewal', () => {
  expect(
    agreementStatement({
      amount: '$99.00',
      renewal: MONTHLY,
      today: { year: 2026, month: 12, day: 3 },
      cancel: CANCEL,
    }),
  ).toEqual([
    'By paying you agree to the Terms, Privacy Policy and Telehealth consent.',
    '$99 charged today, then $99 every month on the 3rd until you cancel.',
    'Your next charge is on January 3, 2027.',
    'Cancel anytime before your next charge in your account at https://portal.peakmens.example, by email at care@peakmens.example or by phone at (888) 555-0142.',
    'I agree that my plan renews automatically at $99 every month until I cancel.',
  ]);
});

test('a plan bought on the 31st says which day the shorter months charge', () => {
  const [, renewal, next] = agreementStatement({
    amount: '$89.00',
    renewal: MONTHLY,
    today: { year: 2027, month: 1, day: 31 },
    cancel: CANCEL,
  });
  expect(renewal).toBe(
    '$89 charged today, then $89 every month on the 31st (or the last day of a shorter month) until you cancel.',
  );
  expect(next).toBe('Your next charge is on February 28, 2027.');
});

test('a one-off purchase says it is charged once and is no subscription', () => {
  expect(
    agreementStatement({ amount: '$99', renewal: null, today: { year: 2026, month: 12, day: 3 }, cancel: CANCEL }),
  ).toEqual([
    'By paying you agree to the Terms, Privacy Policy and Telehealth consent.',
    '$99 is charged today, once. This is not a subscription.',
  ]);
});

test('the receipt repeats the renewal terms, or says a one-off is not charged again', () => {
  expect(
    receiptRenewalLines({
      amount: '$99.00',
      renewal: MONTHLY,
      today: { year: 2026, month: 12, day: 3 },
      cancel: CANCEL,
    }),
  ).toEqual([
    'Your plan renews automatically: $99 every month on the 3rd until you cancel. Your next charge is on January 3, 2027.',
    'Cancel anytime before your next charge in your account at https://portal.peakmens.example, by email at care@peakmens.example or by phone at (888) 555-0142.',
  ]);
  expect(
    receiptRenewalLines({ amount: '$99', renewal: null, today: { year: 2026, month: 12, day: 3 }, cancel: CANCEL }),
  ).toEqual(['This was a one-time charge: you will not be charged again.']);
});
