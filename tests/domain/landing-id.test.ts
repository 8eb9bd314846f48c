import fc from 'fast-check';
import { expect, test } from 'vitest';
import { decodeLandingId, makeLandingId, nextLandingId } from '../../src/domain/landing-id.ts';
import type { LandingIdParts } from '../../src/domain/landing-id.ts';

const parts: LandingIdParts = { lastName: 'Van Dyke', email: 'ana@example.com', landedAt: '2025-03-05T10:00:00.000Z' };

test('a landing id is URL-safe base64 of last name, email, landing date and form id', () => {
  const id = makeLandingId(parts);
  expect(id).toBe(btoa('Van_Dyke|ana@example.com|2025-03-05|MIP').replace(/=+$/, ''));
  expect(decodeLandingId(id)).toEqual({
    lastName: 'Van_Dyke',
    email: 'ana@example.com',
    landingDate: '2025-03-05',
    formId: 'MIP',
    suffix: '',
  });
});

test('the second assessment and a suffix are part of the id', () => {
  expect(decodeLandingId(makeLandingId({ ...parts, formId: 'MIP-H2', suffix: 'b' }))).toMatchObject({
    formId: 'MIP-H2',
    suffix: 'b',
  });
  expect(makeLandingId({ ...parts, formId: '' })).toBe(makeLandingId(parts));
});

test('only the date of the landing time is used', () => {
  expect(makeLandingId({ ...parts, landedAt: '2025-03-05T23:59:59.999Z' })).toBe(makeLandingId(parts));
  expect(makeLandingId({ ...parts, landedAt: '2025-03-05' })).toBe(makeLandingId(parts));
  expect(() => makeLandingId({ ...parts, landedAt: 'yesterday' })).toThrow(RangeError);
});

test('non-ASCII last names are encoded as UTF-8 and come back intact', () => {
  for (const lastName of ['Müller', 'Nguyễn', '李', 'O’Brien', 'Ødegård 😀']) {
    const id = makeLandingId({ ...parts, lastName });
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeLandingId(id)?.lastName).toBe(lastName.replace(/ /g, '_'));
  }
});

test('an id equal to the previous one is regenerated with suffix b; a different one is kept', () => {
  const first = makeLandingId(parts);
  const again = nextLandingId(parts, first);
  expect(again).not.toBe(first);
  expect(decodeLandingId(again)?.suffix).toBe('b');
  expect(nextLandingId(parts, 'something-else')).toBe(first);
  expect(nextLandingId(parts, undefined)).toBe(first);
});

test('text that is not a landing id does not decode', () => {
  for (const text of ['', '***', btoa('only|three|parts'), btoa('a|b|c|d|e|f')]) {
    expect(decodeLandingId(text)).toBeNull();
  }
});

const anyText = fc.string({ unit: 'grapheme', maxLength: 20 });
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const landingParts = fc.record(
  {
    lastName: anyText,
    email: anyText,
    landedAt: isoDate,
    formId: fc.constantFrom('MIP', 'MIP-H2'),
    suffix: fc.constantFrom('', 'b', 'c'),
  },
  { requiredKeys: ['lastName', 'email', 'landedAt'] },
);

test('property: an id decodes back to its parts, with spaces in the last name as underscores', () => {
  fc.assert(
    fc.property(landingParts, (input) => {
      expect(decodeLandingId(makeLandingId(input))).toEqual({
        lastName: input.lastName.replace(/ /g, '_'),
        email: input.email,
        landingDate: input.landedAt.slice(0, 10),
        formId: input.formId ?? 'MIP',
        suffix: input.suffix ?? '',
      });
    }),
  );
});

test('property: an id uses only the URL-safe characters A-Z, a-z, 0-9, - and _', () => {
  fc.assert(
    fc.property(landingParts, (input) => {
      expect(makeLandingId(input)).toMatch(/^[A-Za-z0-9_-]*$/);
    }),
  );
});

test('property: different parts give different ids', () => {
  const normalized = (input: LandingIdParts): string =>
    JSON.stringify([
      input.lastName.replace(/ /g, '_'),
      input.email,
      input.landedAt.slice(0, 10),
      input.formId ?? 'MIP',
      input.suffix ?? '',
    ]);
  fc.assert(
    fc.property(landingParts, landingParts, (a, b) => {
      fc.pre(normalized(a) !== normalized(b));
      expect(makeLandingId(a)).not.toBe(makeLandingId(b));
    }),
  );
});

const tricky = fc.string({ unit: fc.constantFrom('a', '|', '\\', '_'), maxLength: 6 });

test('property: parts holding the separator | or the escape \\ decode back exactly', () => {
  fc.assert(
    fc.property(tricky, tricky, (lastName, email) => {
      expect(decodeLandingId(makeLandingId({ lastName, email, landedAt: '2025-03-05' }))).toMatchObject({
        lastName,
        email,
      });
    }),
  );
});

test('property: moving a | across the boundary between last name and email changes the id', () => {
  fc.assert(
    fc.property(tricky, tricky, fc.constantFrom('|', '\\|', '|\\'), (before, after, moved) => {
      const landedAt = '2025-03-05';
      expect(makeLandingId({ lastName: before + moved, email: after, landedAt })).not.toBe(
        makeLandingId({ lastName: before, email: moved + after, landedAt }),
      );
    }),
  );
});

test('property: the next id never equals the previous one', () => {
  fc.assert(
    fc.property(
      landingParts.map((input) => ({ ...input, suffix: '' })),
      (input) => {
        const previous = makeLandingId(input);
        expect(nextLandingId(input, previous)).not.toBe(previous);
      },
    ),
  );
});
