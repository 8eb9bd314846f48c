import fc from 'fast-check';
import { expect, test } from 'vitest';
import { encodeBase64, encodeBase64Url } from '../../src/domain/base64.ts';
import { parsePrefill } from '../../src/domain/prefill.ts';
import { recordingLogger } from './logger.ts';

const contact = { firstName: 'Zoë', lastName: 'Ruiz', phone: '2125550100', email: 'zoe@example.com' };

test('a prefill in standard or URL-safe base64 gives the contact fields', () => {
  const json = JSON.stringify(contact);
  for (const encoded of [encodeBase64(json), encodeBase64Url(json)]) {
    const logger = recordingLogger();
    expect(parsePrefill(encoded, logger)).toEqual(contact);
    expect(logger.calls).toEqual([]);
  }
});

test('a prefill with some fields gives those, trimmed, and ignores other keys and nulls', () => {
  const encoded = encodeBase64(JSON.stringify({ firstName: ' Ana ', lastName: null, email: '', ssn: '123' }));
  expect(parsePrefill(encoded, recordingLogger())).toEqual({ firstName: 'Ana' });
});

test('a + of standard base64 turned into a space by the query is read as +', () => {
  // '>>>' encodes to 'Pj4+' in standard base64.
  const encoded = encodeBase64(JSON.stringify({ firstName: '>>>' }));
  expect(encoded).toContain('+');
  expect(parsePrefill(encoded.replace(/\+/g, ' '), recordingLogger())).toEqual({ firstName: '>>>' });
});

test('no prefill gives {} and logs nothing', () => {
  const logger = recordingLogger();
  expect(parsePrefill(undefined, logger)).toEqual({});
  expect(parsePrefill('', logger)).toEqual({});
  expect(logger.calls).toEqual([]);
});

test('each kind of malformed prefill gives {} and logs only the kind, never the value', () => {
  const cases: [string, string][] = [
    ['not base64 at all!', 'not-base64'],
    ['A', 'not-base64'],
    [btoa('\xff\xfe'), 'not-utf8'],
    [encodeBase64('{"firstName": "Secretname"'), 'not-json'],
    [encodeBase64('["Secretname"]'), 'not-object'],
    [encodeBase64('"Secretname"'), 'not-object'],
    [encodeBase64('{"firstName": "Secretname", "phone": 2125550100}'), 'wrong-field-type'],
  ];
  for (const [encoded, reason] of cases) {
    const logger = recordingLogger();
    expect(parsePrefill(encoded, logger), reason).toEqual({});
    expect(logger.calls).toEqual([{ message: 'malformed prefill ignored', detail: { reason } }]);
    expect(JSON.stringify(logger.calls)).not.toContain('Secretname');
  }
});

const field = fc.option(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), { nil: undefined });
const prefillObject = fc.record({ firstName: field, lastName: field, phone: field, email: field });

test('property: any prefill round-trips through either base64 alphabet, padded or not', () => {
  fc.assert(
    fc.property(prefillObject, fc.constantFrom('standard', 'url', 'unpadded'), (object, alphabet) => {
      const json = JSON.stringify(object);
      const encoded =
        alphabet === 'standard'
          ? encodeBase64(json)
          : alphabet === 'url'
            ? encodeBase64Url(json)
            : encodeBase64(json).replace(/=+$/, '');
      const expected = Object.fromEntries(
        Object.entries(object).flatMap(([key, value]) =>
          value === undefined || value.trim() === '' ? [] : [[key, value.trim()]],
        ),
      );
      expect(parsePrefill(encoded, recordingLogger())).toEqual(expected);
    }),
  );
});

test('property: any text gives only text contact fields, and a log never holds the text', () => {
  const canary = 'Canary-9f3';
  const input = fc.oneof(
    fc.string().map((text) => `${text}${canary}`),
    fc.jsonValue().map((value) => encodeBase64(JSON.stringify({ firstName: canary, other: value }))),
    fc.jsonValue().map((value) => encodeBase64(JSON.stringify({ email: value, lastName: canary }))),
  );
  fc.assert(
    fc.property(input, (encoded) => {
      const logger = recordingLogger();
      const prefill = parsePrefill(encoded, logger);
      for (const [key, value] of Object.entries(prefill)) {
        expect(['firstName', 'lastName', 'phone', 'email']).toContain(key);
        expect(typeof value).toBe('string');
      }
      expect(JSON.stringify(logger.calls)).not.toContain(canary);
      expect(logger.calls.length).toBeLessThanOrEqual(1);
      if (logger.calls.length > 0) expect(prefill).toEqual({});
    }),
  );
});
