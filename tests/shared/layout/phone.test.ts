import { expect, test } from 'vitest';
import { PHONE_EXAMPLE, telHref, unbreakablePhone } from '../../../src/shared/layout/phone.ts';

test('a phone number as written becomes a tel: address of its digits', () => {
  expect(telHref('(888) 555-0142')).toBe('tel:8885550142');
});

test('a phone number in plain text keeps its look but has no place to break: a no-break space, a word joiner after the hyphen', () => {
  const phone = unbreakablePhone('(212) 555-0123');
  expect(phone).toBe('(212)\u00a0555-\u20600123');
  // What a patient sees and copies: the same characters once the invisible joiner is gone.
  expect(phone.replace(/\u2060/g, '').replace(/\u00a0/g, ' ')).toBe('(212) 555-0123');
  expect(phone).not.toMatch(/ |-(?!\u2060)/);
  expect(PHONE_EXAMPLE).toBe(phone);
});
