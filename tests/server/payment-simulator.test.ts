import { expect, test } from 'vitest';
import {
  DECLINED,
  EXPIRED,
  hasExpired,
  INCORRECT_CVC,
  INSUFFICIENT_FUNDS,
  NOT_A_TEST_CARD,
  TEST_CARDS,
  tokenizeCard,
  tokenizePaymentToken,
} from '../../src/server/payment-simulator.ts';
import { cardBrandOf, passesLuhn } from '../../src/domain/card.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const card = (cardNumber: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  tokenizeCard(
    { cardNumber, expMonth: 12, expYear: 2027, cvc: cardNumber.startsWith('3') ? '1234' : '123', ...extra },
    NOW,
  );

test('every documented test card passes the Luhn check', () => {
  expect(TEST_CARDS.filter((item) => !passesLuhn(item.number)).map((item) => item.number)).toEqual([]);
});

test('the Luhn check refuses a changed digit, letters and lengths outside 12-19', () => {
  expect(passesLuhn('4242424242424241')).toBe(false);
  expect(passesLuhn('42424242424242a2')).toBe(false);
  expect(passesLuhn('42')).toBe(false);
  expect(passesLuhn('4'.repeat(20))).toBe(false);
});

test('brands come from the leading digits', () => {
  expect(cardBrandOf('4242424242424242')).toBe('visa');
  expect(cardBrandOf('5555555555554444')).toBe('mastercard');
  expect(cardBrandOf('2223003122003222')).toBe('mastercard');
  expect(cardBrandOf('378282246310005')).toBe('amex');
  expect(cardBrandOf('6011111111111117')).toBe('discover');
  expect(cardBrandOf('3566002020360505')).toBe('other');
});

test('approved test cards give a billing token, the last four digits and the brand, never the number', () => {
  const result = card('4242424242424242');
  expect(result).toEqual({
    ok: true,
    token: expect.stringMatching(/^bill_[A-Za-z0-9_-]{16}$/) as string,
    last4: '4242',
    brand: 'visa',
    declineReason: null,
  });
  expect(JSON.stringify(result)).not.toContain('4242424242424242');
  expect(card('378282246310005')).toMatchObject({ ok: true, last4: '0005', brand: 'amex', declineReason: null });
});

test('tokens are new every time', () => {
  const first = card('4242424242424242');
  const second = card('4242424242424242');
  expect(first.ok && second.ok && first.token !== second.token).toBe(true);
});

test.each([
  ['4000000000000002', DECLINED],
  ['4000000000009995', INSUFFICIENT_FUNDS],
  ['4000000000000069', EXPIRED],
  ['4000000000000127', INCORRECT_CVC],
])('test card %s is declined: %s', (number, reason) => {
  expect(card(number)).toMatchObject({ ok: true, last4: number.slice(-4), declineReason: reason });
});

test('a real-looking card that is not a test card is declined with a clear reason', () => {
  expect(card('4111111111111111')).toMatchObject({ ok: true, declineReason: NOT_A_TEST_CARD });
});

test('bad input is named by field: checksum, month, past expiry, CVC length', () => {
  expect(card('4242424242424241')).toEqual({ ok: false, field: 'cardNumber', message: 'is not a valid card number' });
  expect(card('4242424242424242', { expMonth: 13 })).toMatchObject({ ok: false, field: 'expMonth' });
  expect(card('4242424242424242', { expMonth: 5, expYear: 2025 })).toMatchObject({ ok: false, field: 'expYear' });
  expect(card('4242424242424242', { cvc: '1234' })).toMatchObject({ ok: false, field: 'cvc' });
  expect(card('378282246310005', { cvc: '123' })).toMatchObject({ ok: false, field: 'cvc' });
});

test('a card is good through the end of its expiry month', () => {
  expect(hasExpired(6, 2025, NOW)).toBe(false);
  expect(hasExpired(5, 2025, NOW)).toBe(true);
  expect(hasExpired(1, 2026, NOW)).toBe(false);
  expect(hasExpired(12, 2024, NOW)).toBe(true);
});

test('payment tokens: named test tokens and tok_{brand}_{last4} of a test card', () => {
  expect(tokenizePaymentToken('tok_visa')).toMatchObject({
    ok: true,
    last4: '4242',
    brand: 'visa',
    declineReason: null,
  });
  expect(tokenizePaymentToken('tok_visa_4242')).toMatchObject({ ok: true, last4: '4242', declineReason: null });
  expect(tokenizePaymentToken('tok_mastercard_4444')).toMatchObject({ ok: true, brand: 'mastercard' });
  expect(tokenizePaymentToken('tok_chargeDeclined')).toMatchObject({ ok: true, declineReason: DECLINED });
  expect(tokenizePaymentToken('tok_visa_9995')).toMatchObject({ ok: true, declineReason: INSUFFICIENT_FUNDS });
  expect(tokenizePaymentToken('tok_chargeDeclinedExpiredCard')).toMatchObject({ declineReason: EXPIRED });
  expect(tokenizePaymentToken('tok_unknown')).toMatchObject({ ok: false, field: 'paymentToken' });
  expect(tokenizePaymentToken('tok_amex_4242')).toMatchObject({ ok: false, field: 'paymentToken' });
  expect(tokenizePaymentToken('constructor')).toMatchObject({ ok: false, field: 'paymentToken' });
});
