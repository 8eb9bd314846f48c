import { expect, test } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import type { Lead } from '../../../src/contract/api-types.ts';
import {
  aboutYouAsks,
  aboutYouPages,
  decodeAsks,
  encodeAsks,
  identityCustomerOf,
  identityDocumentQuestions,
  IdentityAnswersProblem,
} from '../../../src/features/intake/intake-pages.ts';
import { seedIntake } from '../../../src/features/intake/intake-seed.ts';

const contact = {
  firstName: ['Avery'],
  lastName: ['Quill'],
  email: ['avery.quill@example.com'],
  phone: ['2125550123'],
};
const typed = { idType: 'passport', idNumber: 'P55501234', ssn: '123-45-6789' };

test.each([
  ['TX', []],
  ['CA', []],
  ['AL', ['idType', 'idNumber']],
  ['UT', ['idType', 'idNumber']],
  ['KY', ['idType', 'idNumber', 'ssn']],
])('the identity questions of %s are %j', (state, refs) => {
  expect(identityDocumentQuestions(state).map((question) => question.ref)).toEqual(refs);
});

test('documents a state does not keep are never put in the identity customer', () => {
  const answers = { ...contact, birthdate: ['1980-04-27'] };
  expect(identityCustomerOf({ ...answers, state: ['TX'] }, typed)).toEqual({
    firstName: 'Avery',
    lastName: 'Quill',
    birthdate: '1980-04-27',
    state: 'TX',
  });
  expect(identityCustomerOf({ ...answers, state: ['AL'] }, typed)).toEqual({
    firstName: 'Avery',
    lastName: 'Quill',
    birthdate: '1980-04-27',
    state: 'AL',
    idType: 'passport',
    idNumber: 'P55501234',
  });
  expect(identityCustomerOf({ ...answers, state: ['KY'] }, typed)).toMatchObject({ ssn: '123456789' });
});

test('an identity check without a birthdate or state is refused before anything is sent', () => {
  expect(() => identityCustomerOf({ ...contact, state: ['TX'] }, {})).toThrow(IdentityAnswersProblem);
  expect(() => identityCustomerOf({ ...contact, birthdate: ['1980-04-27'] }, {})).toThrow(IdentityAnswersProblem);
});

test('birthdate and state are asked only when no valid answer is known', () => {
  expect(aboutYouAsks({})).toEqual(['birthdate', 'state']);
  expect(aboutYouAsks({ birthdate: ['1980-04-27'], state: ['TX'] })).toEqual([]);
  // A date still being typed, or a child's, is no answer.
  expect(aboutYouAsks({ birthdate: ['04/2'], state: ['TX'] })).toEqual(['birthdate']);
  expect(aboutYouAsks({ birthdate: [`${new Date().getFullYear() - 5}-01-01`], state: ['ZZ'] })).toEqual([
    'birthdate',
    'state',
  ]);
  expect(decodeAsks(encodeAsks(['state']))).toEqual(['state']);
  expect(decodeAsks(encodeAsks([]))).toEqual([]);
});

function journey(answers: JourneyState['answers'], records: JourneyState['records'] = {}): JourneyState {
  return { version: 3, landedAt: '2024-05-01T14:55:00.000Z', answers, pages: {}, completed: [], records };
}

test("the link's prefill fills only empty contact answers, and the asks are decided once", () => {
  const seeded = seedIntake(
    journey({ firstName: ['Typed'] }),
    { firstName: 'Rowan', email: 'rowan@example.com' },
    null,
  );
  expect(seeded?.answers).toEqual({ firstName: ['Typed'], email: ['rowan@example.com'] });
  expect(seeded?.records['intake.asks']).toBe('birthdate,state');
  // No lead yet: the contact page is asked, and stays once the lead is saved (page numbers hold).
  expect(seeded?.records['intake.asksContact']).toBe('yes');
  expect(seedIntake(seeded ?? journey({}), { firstName: 'Rowan', email: 'rowan@example.com' }, null)).toBeNull();
});

test("the link's lead gives its contact details, birthdate and state", () => {
  const lead: Lead = {
    landing_id: 'TGluay1sZWFk',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '2025550143',
    answers: [{ ref: 'state', type: 'us-state', value: ['KY'], questionId: 'q-state' }],
    savedAt: '2024-05-01T14:55:00.000Z',
  };
  const seeded = seedIntake(journey({}), { firstName: 'Prefill' }, lead);
  expect(seeded?.answers).toEqual({
    firstName: ['Jane'],
    lastName: ['Doe'],
    email: ['jane.doe@example.com'],
    phone: ['2025550143'],
    state: ['KY'],
  });
  expect(seeded?.records['intake.asks']).toBe('birthdate');
  expect(seeded?.records['intake.asksContact']).toBe('no');
});

test('the seed runs once: a prefilled answer the patient cleared is not filled again', () => {
  const seeded = seedIntake(journey({}), { firstName: 'Rowan' }, null);
  const cleared = { ...(seeded ?? journey({})), answers: { firstName: [''] } };
  expect(seedIntake(cleared, { firstName: 'Rowan' }, null)).toBeNull();
});

test('right after paying, shipping starts as the billing address; an answer the patient gave is kept', () => {
  const billing = ['12 Juniper Lane', '', 'Austin', 'TX', '78701'];
  const seeded = seedIntake(journey({ 'billing-address': billing }), {}, null);
  expect(seeded?.answers['shipping-address']).toEqual(billing);
  // The state comes with it, so the intake does not ask it again.
  const asks = decodeAsks(seeded?.records['intake.asks'] ?? '');
  expect(
    aboutYouPages(asks, seeded?.answers).flatMap((page) => page.questions.map((question) => question.ref)),
  ).toEqual(['birthdate']);
  const unticked = ['', '', '', '', ''];
  expect(
    seedIntake(journey({ 'billing-address': billing, 'shipping-address': unticked }), {}, null)?.answers[
      'shipping-address'
    ],
  ).toEqual(unticked);
  // An incomplete billing address is not offered.
  expect(
    seedIntake(journey({ 'billing-address': ['12 Juniper Lane', '', '', 'TX', ''] }), {}, null)?.answers[
      'shipping-address'
    ],
  ).toBeUndefined();
});
