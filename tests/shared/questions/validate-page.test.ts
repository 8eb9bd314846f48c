import { expect, test } from 'vitest';
import type { Question, QuestionPage } from '../../../src/contract/api-types.ts';
import { formatTypedDate, isEmail, isUsPhone, usDateToIso } from '../../../src/shared/questions/formats.ts';
import { validatePage } from '../../../src/shared/questions/validate-page.ts';
import { unbreakablePhone } from '../../../src/shared/layout/phone.ts';

const today = new Date(2025, 5, 15); // 15 June 2025, local time

function pageOf(...questions: Question[]): QuestionPage {
  return { id: 'p', formId: 'MIP', questions };
}

function one(question: Partial<Question> & Pick<Question, 'type'>, value: string[] | undefined) {
  const q: Question = { id: 'q', ref: 'answer', label: 'Question', required: true, ...question };
  const ref = q.ref ?? q.id;
  return validatePage(pageOf(q), value === undefined ? {} : { [ref]: value }, { today })[ref];
}

test('a page with every required answer given has no errors', () => {
  const page = pageOf(
    { id: 'a', ref: 'name', type: 'text', label: 'Name', required: true },
    { id: 'b', ref: 'notes', type: 'text', label: 'Notes', required: false },
  );
  expect(validatePage(page, { name: ['Avery'] }, { today })).toEqual({});
});

test('missing required answers are reported by ref, in words a patient understands', () => {
  const page = pageOf(
    { id: 'a', ref: 'name', type: 'text', label: 'Name', required: true },
    { id: 'b', type: 'email', label: 'Email', required: true },
    { id: 'c', ref: 'agree', type: 'consent', label: 'I agree', required: true },
  );
  expect(validatePage(page, { name: ['   '] }, { today })).toEqual({
    name: 'Enter your answer.',
    b: 'Enter your email address, like name@example.com.',
    agree: 'Check the box to agree before you continue.',
  });
});

test('optional answers left empty are fine, but given ones must be valid', () => {
  expect(one({ type: 'email', required: false }, [])).toBeUndefined();
  expect(one({ type: 'email', required: false }, ['nope'])).toBe('Enter your email address, like name@example.com.');
});

test.each(['name@example.com', 'first.last+tag@sub.example.co', '"john doe"@example.com', 'user@[192.168.0.1]'])(
  '%s is an email address',
  (email) => {
    expect(isEmail(email)).toBe(true);
    expect(one({ type: 'email' }, [email])).toBeUndefined();
  },
);

test.each([
  'name@example',
  'name@example.c',
  'name@@example.com',
  'name example@example.com',
  '@example.com',
  'name@example.c0m',
])('%s is not an email address', (email) => {
  expect(isEmail(email)).toBe(false);
});

test.each(['2125550123', '(212) 555-0123', '212.555.0123', '+1 212 555 0123'])('%s is a US phone number', (phone) => {
  expect(isUsPhone(phone)).toBe(true);
  expect(one({ type: 'phone' }, [phone])).toBeUndefined();
});

test.each(['1125550123', '2121550123', '212555012', '21255501234', 'phone'])('%s is not a US phone number', (phone) => {
  expect(isUsPhone(phone)).toBe(false);
  expect(one({ type: 'phone' }, [phone])).toBe(
    `Enter a 10-digit US phone number, like ${unbreakablePhone('(212) 555-0123')}.`,
  );
});

test('a phone pattern from the API is checked against the digits, with its own message', () => {
  const validation = { pattern: '^212', message: 'Enter a New York number.' };
  expect(one({ type: 'phone', validation }, ['(212) 555-0123'])).toBeUndefined();
  expect(one({ type: 'phone', validation }, ['(312) 555-0123'])).toBe('Enter a New York number.');
});

test('dates must be real calendar dates stored as YYYY-MM-DD', () => {
  const notReal = "That date doesn't exist. Check the month and the day.";
  expect(one({ type: 'date' }, ['2024-02-29'])).toBeUndefined();
  expect(one({ type: 'date' }, ['04/27/19'])).toBe('Enter a real date as MM/DD/YYYY, like 04/27/1980.');
  expect(one({ type: 'date', validation: { message: 'Enter your date of birth as MM/DD/YYYY.' } }, ['04/27'])).toBe(
    'Enter your date of birth as MM/DD/YYYY.',
  );
  // Written in the right shape but not on the calendar: not a format error, whatever the API's message.
  expect(one({ type: 'date' }, ['2023-02-29'])).toBe(notReal);
  expect(one({ type: 'date' }, ['02/30/1980'])).toBe(notReal);
  expect(
    one({ type: 'date', validation: { message: 'Enter your date of birth as MM/DD/YYYY.' } }, ['13/01/2000']),
  ).toBe(notReal);
  // Other dates may be in the future.
  expect(one({ type: 'date' }, ['2030-01-01'])).toBeUndefined();
});

test('a date as typed gets the MM/DD/YYYY shape: slashes for digits alone, zeros for one digit', () => {
  const typed = (text: string) => formatTypedDate(text);
  expect(['0', '04', '042', '0427', '04271', '04271980'].map(typed)).toEqual([
    '0',
    '04',
    '04/2',
    '04/27',
    '04/27/1',
    '04/27/1980',
  ]);
  expect(typed('4/')).toBe('04/');
  expect(typed('4/7/1980')).toBe('04/07/1980');
  expect(typed('04-27-1980')).toBe('04/27/1980');
  expect(typed('04.27.1980')).toBe('04/27/1980');
  expect(typed('1980-04-27')).toBe('04/27/1980');
  expect(typed('042719801')).toBe('04/27/1980');
  // Well-formed text is kept as it is; words are left for validation to explain.
  expect(typed('04/27/1980')).toBe('04/27/1980');
  expect(typed('04/2')).toBe('04/2');
  expect(typed('April 27')).toBe('April 27');
});

test('MM/DD/YYYY converts to YYYY-MM-DD only when it is a real date', () => {
  expect(usDateToIso('04/27/1980')).toBe('1980-04-27');
  expect(usDateToIso('4/7/1980')).toBe('1980-04-07');
  expect(usDateToIso('02/30/1980')).toBeUndefined();
  expect(usDateToIso('04/27/80')).toBeUndefined();
});

test('a birthdate is not in the future, makes the patient at least 18 today and at most 110 years ago', () => {
  const birthdate = { type: 'date' as const, ref: 'birthdate' };
  expect(one(birthdate, ['2025-06-16'])).toBe('Your date of birth cannot be in the future.');
  expect(one(birthdate, ['2007-06-16'])).toBe('You must be 18 or older to use this service.');
  expect(one(birthdate, ['2007-06-15'])).toBeUndefined();
  expect(one(birthdate, ['1980-04-27'])).toBeUndefined();
  expect(one(birthdate, ['1915-06-15'])).toBeUndefined();
  expect(one(birthdate, ['1915-06-14'])).toBe(
    'Check the year: a date of birth more than 110 years ago (before 06/15/1915) is not possible.',
  );
  expect(one({ type: 'date', ref: 'patient.birthdate' }, ['2010-01-01'])).toBe(
    'You must be 18 or older to use this service.',
  );
});

test('numbers must be numbers within the range, with the API message when it has one', () => {
  const validation = { minimum: 48, maximum: 96 };
  expect(one({ type: 'number', validation }, ['72'])).toBeUndefined();
  expect(one({ type: 'number', validation }, ['47'])).toBe('Enter a number from 48 to 96.');
  expect(one({ type: 'number', validation }, ['97'])).toBe('Enter a number from 48 to 96.');
  expect(one({ type: 'number', validation }, ['tall'])).toBe('Enter a number from 48 to 96.');
  expect(one({ type: 'number', validation: { minimum: 70, message: 'Enter a weight over 70.' } }, ['5'])).toBe(
    'Enter a weight over 70.',
  );
});

test('choices must be among the options; multiple choice honours minItems and maxItems', () => {
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ];
  expect(one({ type: 'single-choice', options }, ['a'])).toBeUndefined();
  expect(one({ type: 'single-choice', options }, ['z'])).toBe('Choose an answer.');
  expect(one({ type: 'yes-no' }, ['no'])).toBeUndefined();
  expect(one({ type: 'yes-no' }, [])).toBe('Choose an answer.');
  expect(one({ type: 'multiple-choice', options }, [])).toBe('Choose at least one answer.');
  expect(one({ type: 'multiple-choice', options, validation: { maxItems: 1 } }, ['a', 'b'])).toBe(
    'Choose no more than 1 answers.',
  );
});

test('text honours length and pattern rules', () => {
  expect(one({ type: 'text', validation: { maxLength: 3 } }, ['abcd'])).toBe('Enter no more than 3 characters.');
  expect(one({ type: 'text', validation: { pattern: '^[A-Z]+$', message: 'Use capitals.' } }, ['abc'])).toBe(
    'Use capitals.',
  );
});

test('a US state is one of the 50 states or DC', () => {
  expect(one({ type: 'us-state' }, ['DC'])).toBeUndefined();
  expect(one({ type: 'us-state' }, ['PR'])).toBe('Choose your state.');
});

test('an address needs a street, city, state and a 5-digit ZIP code; an optional one may be empty', () => {
  expect(one({ type: 'address' }, ['1 Main St', '', 'Austin', 'TX', '78701'])).toBeUndefined();
  expect(one({ type: 'address' }, ['', '', 'Austin', 'TX', '78701'])).toBe('Enter your street address.');
  expect(one({ type: 'address' }, ['1 Main St', '', '', 'TX', '78701'])).toBe('Enter your city.');
  expect(one({ type: 'address' }, ['1 Main St', '', 'Austin', '', '78701'])).toBe('Choose your state.');
  expect(one({ type: 'address' }, ['1 Main St', '', 'Austin', 'TX', '7870'])).toBe(
    'Enter a 5-digit ZIP code, like 10001.',
  );
  expect(one({ type: 'address', required: false }, ['', '', '', '', ''])).toBeUndefined();
  expect(one({ type: 'address', required: false }, ['1 Main St', '', '', '', ''])).toBe('Enter your city.');
});

test('consent must be given', () => {
  expect(one({ type: 'consent' }, ['true'])).toBeUndefined();
  expect(one({ type: 'consent' }, [])).toBe('Check the box to agree before you continue.');
});
