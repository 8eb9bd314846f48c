import type { Question, QuestionPage } from '../../contract/api-types.ts';
import { ageOn } from '../../domain/age-band.ts';
import { isoDayOf, parseIsoDate } from '../../domain/calendar.ts';
import { isEmail, isUsDateShape, isUsPhone, isZipCode, phoneDigits } from './formats.ts';
import { ADDRESS_PARTS, CONSENT_GIVEN, questionOptions, questionRef, type AddressPart } from './question-helpers.ts';
import { isUsStateCode } from '../../domain/us-states.ts';

/** Answers by question ref; every answer is a list of strings. */
export type PageValues = Readonly<Record<string, readonly string[] | undefined>>;

/** Error messages by question ref. */
export type PageErrors = Record<string, string>;

export interface ValidateOptions {
  /** The day the patient is answering on (local time); birthdates are checked against it. Today by default. */
  today?: Date;
}

const ADULT_AGE = 18;

const MESSAGES = {
  choose: 'Choose an answer.',
  chooseSome: 'Choose at least one answer.',
  text: 'Enter your answer.',
  email: 'Enter your email address, like name@example.com.',
  phone: 'Enter a 10-digit US phone number, like (212) 555-0123.',
  date: 'Enter a real date as MM/DD/YYYY, like 04/27/1980.',
  dateNotReal: "That date doesn't exist. Check the month and the day.",
  birthdateYear: 'Check the year of your date of birth.',
  birthdateFuture: 'Your date of birth cannot be in the future.',
  underage: 'You must be 18 or older to use this service.',
  state: 'Choose your state.',
  number: 'Enter a number, like 42.',
  consent: 'Check the box to agree before you continue.',
  line1: 'Enter your street address.',
  city: 'Enter your city.',
  zip: 'Enter a 5-digit ZIP code, like 10001.',
} as const;

/**
 * Checks the answers of one page and returns a patient-readable message for each question that
 * needs fixing, keyed by question ref; an empty object means the page can be submitted.
 */
export function validatePage(page: QuestionPage, values: PageValues, options: ValidateOptions = {}): PageErrors {
  const today = options.today ?? new Date();
  const errors: PageErrors = {};
  for (const question of page.questions) {
    const ref = questionRef(question);
    const message = validateQuestion(question, values[ref] ?? [], today);
    if (message !== undefined) errors[ref] = message;
  }
  return errors;
}

function isBlank(value: readonly string[]): boolean {
  return value.every((item) => item.trim() === '');
}

function validateQuestion(question: Question, value: readonly string[], today: Date): string | undefined {
  if (question.type === 'address') return invalidAddressPart(question, value)?.message;
  if (isBlank(value)) return question.required ? requiredMessage(question) : undefined;
  const first = (value[0] ?? '').trim();
  const rules = question.validation ?? {};
  const custom = rules.message;
  switch (question.type) {
    case 'single-choice':
    case 'yes-no': {
      const known = questionOptions(question).some((option) => option.value === first);
      return known && value.length === 1 ? undefined : MESSAGES.choose;
    }
    case 'multiple-choice': {
      const known = new Set(questionOptions(question).map((option) => option.value));
      if (!value.every((item) => known.has(item))) return MESSAGES.chooseSome;
      if (rules.minItems !== undefined && value.length < rules.minItems) {
        return custom ?? `Choose at least ${rules.minItems} answers.`;
      }
      if (rules.maxItems !== undefined && value.length > rules.maxItems) {
        return custom ?? `Choose no more than ${rules.maxItems} answers.`;
      }
      return undefined;
    }
    case 'text':
      return validateText(first, question);
    case 'email':
      return isEmail(first) ? undefined : MESSAGES.email;
    case 'phone':
      if (!isUsPhone(first)) return MESSAGES.phone;
      // An API pattern for a phone is written against its digits, not the punctuation the patient typed.
      return matchesPattern(phoneDigits(first), rules.pattern) ? undefined : (custom ?? MESSAGES.phone);
    case 'date':
      return validateDate(first, question, today);
    case 'us-state':
      return isUsStateCode(first) ? undefined : MESSAGES.state;
    case 'number':
      return validateNumber(first, question);
    case 'consent':
      return first === CONSENT_GIVEN ? undefined : MESSAGES.consent;
  }
}

function requiredMessage(question: Question): string {
  switch (question.type) {
    case 'single-choice':
    case 'yes-no':
      return MESSAGES.choose;
    case 'multiple-choice':
      return question.validation?.message ?? MESSAGES.chooseSome;
    case 'email':
      return MESSAGES.email;
    case 'phone':
      return MESSAGES.phone;
    case 'date':
      return question.validation?.message ?? MESSAGES.date;
    case 'us-state':
      return MESSAGES.state;
    case 'number':
      return question.validation?.message ?? MESSAGES.number;
    case 'consent':
      return MESSAGES.consent;
    default:
      return MESSAGES.text;
  }
}

function matchesPattern(value: string, pattern: string | undefined): boolean {
  if (pattern === undefined) return true;
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    // A pattern the browser cannot compile is the API's fault; the patient is not blocked by it.
    return true;
  }
}

function validateText(value: string, question: Question): string | undefined {
  const { minLength, maxLength, pattern, message } = question.validation ?? {};
  if (minLength !== undefined && value.length < minLength) {
    return message ?? `Enter at least ${minLength} characters.`;
  }
  if (maxLength !== undefined && value.length > maxLength) {
    return message ?? `Enter no more than ${maxLength} characters.`;
  }
  return matchesPattern(value, pattern) ? undefined : (message ?? 'Check the format of your answer.');
}

function validateNumber(value: string, question: Question): string | undefined {
  const { minimum, maximum, message } = question.validation ?? {};
  const range =
    minimum !== undefined && maximum !== undefined
      ? `Enter a number from ${minimum} to ${maximum}.`
      : minimum !== undefined
        ? `Enter a number of at least ${minimum}.`
        : maximum !== undefined
          ? `Enter a number no more than ${maximum}.`
          : MESSAGES.number;
  if (!/^-?\d+(\.\d+)?$/.test(value)) return message ?? range;
  const number = Number(value);
  if (minimum !== undefined && number < minimum) return message ?? range;
  if (maximum !== undefined && number > maximum) return message ?? range;
  return undefined;
}

/** Whether a date question asks for the patient's birthdate (SPEC: its ref contains "birthdate"). */
export function isBirthdateQuestion(question: Question): boolean {
  return questionRef(question).toLowerCase().includes('birthdate');
}

function validateDate(value: string, question: Question, today: Date): string | undefined {
  const date = parseIsoDate(value);
  if (!date) {
    // Written right but not on the calendar (02/30/1980, 13/01/2000): the format is not the problem.
    if (isUsDateShape(value) || /^\d{4}-\d{2}-\d{2}$/.test(value)) return MESSAGES.dateNotReal;
    return question.validation?.message ?? MESSAGES.date;
  }
  if (!isBirthdateQuestion(question)) return undefined;
  const age = ageOn(value, isoDayOf(today, 'local'));
  if (age === null) return MESSAGES.birthdateFuture;
  if (age > 130) return MESSAGES.birthdateYear;
  return age >= ADULT_AGE ? undefined : MESSAGES.underage;
}

/**
 * The first part of an address answer that needs fixing, and why. An optional address left
 * empty is fine; one partly filled in must be complete. Shared with the address field, which
 * marks and focuses that part.
 */
export function invalidAddressPart(
  question: Question,
  value: readonly string[],
): { part: AddressPart; message: string } | undefined {
  const [line1 = '', , city = '', state = '', zip = ''] = value.map((item) => item.trim());
  if (!question.required && isBlank(value)) return undefined;
  if (line1 === '') return { part: ADDRESS_PARTS[0], message: MESSAGES.line1 };
  if (city === '') return { part: 'city', message: MESSAGES.city };
  if (!isUsStateCode(state)) return { part: 'state', message: MESSAGES.state };
  if (!isZipCode(zip)) return { part: 'zip', message: MESSAGES.zip };
  return undefined;
}
