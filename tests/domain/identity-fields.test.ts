import { expect, test } from 'vitest';
import { US_STATES } from '../../src/domain/us-states.ts';
import {
  ID_DOCUMENT_STATES,
  identityFieldsForState,
  SSN_STATES,
  withStateIdentityRules,
} from '../../src/domain/identity-fields.ts';

const ALL_STATES = US_STATES.map((state) => state.code);

test('the state lists are exactly those of the spec', () => {
  expect([...ID_DOCUMENT_STATES].sort()).toEqual(
    ['AL', 'HI', 'IL', 'IN', 'KS', 'MA', 'MI', 'NC', 'ND', 'OK', 'UT', 'KY'].sort(),
  );
  expect(SSN_STATES).toEqual(['KY']);
});

test('Kentucky keeps idType, idNumber and ssn', () => {
  expect(identityFieldsForState('KY')).toEqual(['idType', 'idNumber', 'ssn']);
});

test('the other ID-document states keep idType and idNumber but not ssn', () => {
  for (const state of ['AL', 'HI', 'IL', 'IN', 'KS', 'MA', 'MI', 'NC', 'ND', 'OK', 'UT']) {
    expect(identityFieldsForState(state), state).toEqual(['idType', 'idNumber']);
  }
});

test('every other state, and an unknown or empty one, keeps none of the three', () => {
  const listed: readonly string[] = ID_DOCUMENT_STATES;
  for (const state of [...ALL_STATES.filter((s) => !listed.includes(s)), 'XX', '', 'Kentucky']) {
    expect(identityFieldsForState(state), state).toEqual([]);
  }
});

test('a lower-case or padded state code is read as the state', () => {
  expect(identityFieldsForState(' ky ')).toEqual(['idType', 'idNumber', 'ssn']);
});

test('applying the rules drops only the fields the state does not keep', () => {
  const customer = {
    firstName: 'Ana',
    lastName: 'Ruiz',
    birthdate: '1980-03-05',
    idType: 'license',
    idNumber: 'D123',
    ssn: '123-45-6789',
  };
  expect(withStateIdentityRules({ ...customer, state: 'KY' })).toEqual({ ...customer, state: 'KY' });
  expect(withStateIdentityRules({ ...customer, state: 'IL' })).toEqual({
    firstName: 'Ana',
    lastName: 'Ruiz',
    birthdate: '1980-03-05',
    idType: 'license',
    idNumber: 'D123',
    state: 'IL',
  });
  expect(withStateIdentityRules({ ...customer, state: 'CA' })).toEqual({
    firstName: 'Ana',
    lastName: 'Ruiz',
    birthdate: '1980-03-05',
    state: 'CA',
  });
});

test('applying the rules does not change the object given', () => {
  const customer = { state: 'CA', ssn: '123-45-6789' };
  withStateIdentityRules(customer);
  expect(customer.ssn).toBe('123-45-6789');
});
