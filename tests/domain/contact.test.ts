import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isValidEmail, isValidUsPhone, normalizeUsPhone, requireContact } from '../../src/domain/contact.ts';

const complete = { firstName: ' Ana ', lastName: 'Ruiz', email: 'ana@example.com', phone: '2125550100' };

test('a complete contact is read with its values trimmed', () => {
  expect(requireContact({ ...complete, extra: 'ignored' })).toEqual({
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana@example.com',
    phone: '2125550100',
  });
});

test('a missing, empty, blank or non-text contact field throws the exact message naming it', () => {
  for (const key of ['firstName', 'lastName', 'email', 'phone'] as const) {
    for (const bad of [undefined, '', '   ', 42, null]) {
      const source: Record<string, unknown> = Object.fromEntries(
        Object.entries(complete).filter(([name]) => name !== key),
      );
      if (bad !== undefined) source[key] = bad;
      expect(() => requireContact(source)).toThrow(new Error(`No value found for key ${key} in given object`));
    }
  }
});

test('the first missing contact field in the order firstName, lastName, email, phone is named', () => {
  expect(() => requireContact({ email: 'a@b.co' })).toThrow('No value found for key firstName in given object');
  expect(() => requireContact({ firstName: 'A', phone: '2125550100' })).toThrow(
    'No value found for key lastName in given object',
  );
});

test('a contact field inherited from the prototype does not count', () => {
  const source = Object.create({ phone: '2125550100' }) as Record<string, unknown>;
  Object.assign(source, { firstName: 'A', lastName: 'B', email: 'a@b.co' });
  expect(() => requireContact(source)).toThrow('No value found for key phone in given object');
});

test('ordinary, quoted, IP-literal and subdomain emails are valid', () => {
  for (const email of [
    'ana@example.com',
    'ana.ruiz+hrt@mail.example.co.uk',
    '"ana ruiz"@example.com',
    '"a@b"@example.org',
    'ana@[192.168.0.1]',
    "o'neil@example.io",
    'x@a-b.museum',
  ]) {
    expect(isValidEmail(email), email).toBe(true);
  }
});

test('emails without @, with a one-letter or numeric TLD, bad dots, spaces or a bad IP are invalid', () => {
  for (const email of [
    '',
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana@example.c',
    'ana@example.123',
    'ana..ruiz@example.com',
    '.ana@example.com',
    'ana.@example.com',
    'ana ruiz@example.com',
    'ana@exa mple.com',
    'ana@@example.com',
    'ana@[256.1.1.1]',
    'ana@[1.2.3]',
    '"unterminated@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ]) {
    expect(isValidEmail(email), email).toBe(false);
  }
});

test('US phones in common formats are valid and reduce to ten digits', () => {
  for (const phone of [
    '2125550100',
    '212-555-0100',
    '(212) 555-0100',
    '212.555.0100',
    '+1 212 555 0100',
    '1-212-555-0100',
  ]) {
    expect(normalizeUsPhone(phone), phone).toBe('2125550100');
  }
});

test('phones with a 0 or 1 leading the area code or exchange, wrong lengths, letters or other country codes are invalid', () => {
  for (const phone of [
    '',
    '0125550100',
    '1125550100',
    '2120550100',
    '2121550100',
    '212555010',
    '21255501000',
    '212555O100',
    '+44 212 555 0100',
    '2 212 555 0100',
    '212-555-0100 ext 2',
    '+1+2125550100',
  ]) {
    expect(isValidUsPhone(phone), phone).toBe(false);
  }
});

const labelChars = fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz0123456789'));
const label = fc.string({ unit: labelChars, minLength: 1, maxLength: 12 });
const tld = fc.string({
  unit: fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz')),
  minLength: 2,
  maxLength: 6,
});
const localAtom = fc.string({
  unit: fc.constantFrom(...Array.from("abcxyz0189!#$%&'*+/=?^_`{|}~-")),
  minLength: 1,
  maxLength: 10,
});

test('property: fast-check email addresses are valid', () => {
  fc.assert(
    fc.property(
      fc.emailAddress().filter((email) => email.length <= 254),
      (email) => {
        expect(isValidEmail(email)).toBe(true);
      },
    ),
  );
});

test('property: atoms, quoted parts and IP literals with a 2+ letter TLD are valid', () => {
  const local = fc.oneof(
    fc.array(localAtom, { minLength: 1, maxLength: 3 }).map((atoms) => atoms.join('.')),
    fc
      .string({ unit: fc.constantFrom(...Array.from('ab @,;:<>()[].')), minLength: 1, maxLength: 10 })
      .map((inner) => `"${inner}"`),
  );
  const domain = fc.oneof(
    fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld).map(([labels, top]) => [...labels, top].join('.')),
    fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }).map((octets) => `[${octets.join('.')}]`),
  );
  fc.assert(
    fc.property(local, domain, (localPart, domainPart) => {
      expect(isValidEmail(`${localPart}@${domainPart}`)).toBe(true);
    }),
  );
});

test('property: a domain whose last label is one letter or has a digit is invalid', () => {
  const badTld = fc.oneof(
    fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz')),
    fc.tuple(tld, fc.integer({ min: 0, max: 9 })).map(([top, digit]) => `${top}${digit}`),
  );
  fc.assert(
    fc.property(localAtom, label, badTld, (localPart, name, top) => {
      expect(isValidEmail(`${localPart}@${name}.${top}`)).toBe(false);
    }),
  );
});

test('property: any text without an @ is not an email', () => {
  fc.assert(
    fc.property(
      fc.string().filter((text) => !text.includes('@')),
      (text) => {
        expect(isValidEmail(text)).toBe(false);
      },
    ),
  );
});

const digit = fc.integer({ min: 0, max: 9 });
const leading = fc.integer({ min: 2, max: 9 });
const validTen = fc
  .tuple(leading, digit, digit, leading, digit, digit, fc.array(digit, { minLength: 4, maxLength: 4 }))
  .map(([a, b, c, d, e, f, rest]) => `${a}${b}${c}${d}${e}${f}${rest.join('')}`);

function formatPhone(digits: string, style: number): string {
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  return [
    digits,
    `${area}-${exchange}-${line}`,
    `(${area}) ${exchange}-${line}`,
    `${area}.${exchange}.${line}`,
    `+1 ${area} ${exchange} ${line}`,
    `1${digits}`,
    ` +1 (${area}) ${exchange}-${line} `,
  ][style] as string;
}

test('property: a valid number in any accepted format reduces to its ten digits', () => {
  fc.assert(
    fc.property(validTen, fc.integer({ min: 0, max: 6 }), (digits, style) => {
      expect(normalizeUsPhone(formatPhone(digits, style))).toBe(digits);
    }),
  );
});

test('property: an area code or exchange starting with 0 or 1 is invalid in any format', () => {
  fc.assert(
    fc.property(
      validTen,
      fc.integer({ min: 0, max: 1 }),
      fc.boolean(),
      fc.integer({ min: 0, max: 6 }),
      (digits, bad, inExchange, style) => {
        const position = inExchange ? 3 : 0;
        const broken = `${digits.slice(0, position)}${bad}${digits.slice(position + 1)}`;
        expect(isValidUsPhone(formatPhone(broken, style))).toBe(false);
      },
    ),
  );
});

test('property: a digit string that is not 10 long, nor 11 starting with 1, is invalid', () => {
  fc.assert(
    fc.property(
      fc
        .string({ unit: fc.constantFrom(...Array.from('0123456789')), maxLength: 15 })
        .filter((digits) => digits.length !== 10 && !(digits.length === 11 && digits.startsWith('1'))),
      (digits) => {
        expect(isValidUsPhone(digits)).toBe(false);
      },
    ),
  );
});
