import type { Address, BillingCustomer, Contact, UsState } from '../../contract/api-types.ts';
import { normalizeUsPhone } from '../../domain/contact.ts';
import { CONTACT_QUESTIONS } from '../../domain/contact-questions.ts';
import type { Question } from '../../contract/api-types.ts';
import { validateQuestion } from '../questions/question-types.ts';
import { isUsStateCode } from '../../domain/us-states.ts';
import type { Prefill } from '../../domain/prefill.ts';
import { BILLING_ADDRESS_REF, completeAddress, SHIPPING_ADDRESS_REF } from '../questions/known-address.ts';
import { cardDigits, checkCard, parseExpiry } from '../../domain/card.ts';

/** What the billing form holds, as typed. The card fields live only in the form's state. */
export interface BillingValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type BillingField = keyof BillingValues;
export type BillingErrors = Partial<Record<BillingField, string>>;

export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const satisfies readonly BillingField[];
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'zip'] as const satisfies readonly BillingField[];
export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const satisfies readonly BillingField[];

/**
 * Whom the billing form asks about: the payment's patient (`contact`: name, email and phone, for
 * their lead and order) or the card update's cardholder (`cardholder`: the name on the card).
 */
export type BillingAsks = 'contact' | 'cardholder';

/** The contact fields the form shows, in order. */
export function contactFieldsOf(asks: BillingAsks): readonly ContactField[] {
  return asks === 'contact' ? CONTACT_FIELDS : ['firstName', 'lastName'];
}

/** The fields in the order the form shows them, so the first one to fix gets the focus. */
export function billingFieldsOf(asks: BillingAsks): readonly BillingField[] {
  return [...contactFieldsOf(asks), ...ADDRESS_FIELDS, ...CARD_FIELDS];
}

/** The payment form's fields, in the order it shows them. */
export const BILLING_FIELDS: readonly BillingField[] = billingFieldsOf('contact');

/**
 * The contact questions the form asks, by field: the assessment's and the intake's own
 * (CONTACT_QUESTIONS), drawn and checked through the question-type registry, so a name, an
 * email or a phone number is asked with one label and one rule wherever a patient types it.
 */
export const CONTACT_QUESTION_OF: Readonly<Record<ContactField, Question>> = Object.fromEntries(
  CONTACT_FIELDS.map((field) => {
    const question = CONTACT_QUESTIONS.find((candidate) => candidate.ref === field);
    if (question === undefined) throw new Error(`CONTACT_QUESTIONS has no ${field} question`);
    return [field, question];
  }),
) as Record<ContactField, Question>;

export function isCardField(field: BillingField): boolean {
  return (CARD_FIELDS as readonly BillingField[]).includes(field);
}

export const EMPTY_CARD = { cardNumber: '', expiry: '', cvc: '' } as const satisfies Partial<BillingValues>;

/**
 * The form's first values: the journey's contact answers (what the patient already typed, for
 * example in the assessment), else the link's prefill, else empty. Never card details.
 */
export function initialBillingValues(
  answers: Readonly<Record<string, readonly string[]>>,
  prefill: Prefill,
): BillingValues {
  const contact = (key: (typeof CONTACT_FIELDS)[number]): string => {
    const answer = answers[key]?.[0]?.trim() ?? '';
    return answer !== '' ? answer : (prefill[key] ?? '');
  };
  // What the patient already told us is not asked again: the shipping address of an intake
  // taken before checkout (the ED funnels), else the state from the assessment.
  const [line1 = '', line2 = '', city = '', shippedState = '', zip = ''] =
    completeAddress(answers[SHIPPING_ADDRESS_REF]) ?? completeAddress(answers[BILLING_ADDRESS_REF]) ?? [];
  const assessedState = answers.state?.[0]?.trim().toUpperCase() ?? '';
  return {
    firstName: contact('firstName'),
    lastName: contact('lastName'),
    email: contact('email'),
    phone: contact('phone'),
    line1,
    line2,
    city,
    state: shippedState !== '' ? shippedState : isUsStateCode(assessedState) ? assessedState : '',
    zip,
    ...EMPTY_CARD,
  };
}

/** The billing address as an address answer, kept in the journey so the intake can offer it for shipping. */
export function billingAddressAnswer(values: BillingValues): string[] {
  return ADDRESS_FIELDS.map((field) => values[field].trim());
}

/** The contract's PersonName refuses control characters and angle brackets. */
function isPersonName(name: string): boolean {
  for (let index = 0; index < name.length; index++) {
    if (name.charCodeAt(index) <= 0x1f) return false;
  }
  return !name.includes('<') && !name.includes('>');
}

/**
 * What needs fixing before the form can be sent, by field, with the message shown next to
 * it: the contact fields the form asks (`asks`) by their questions' rules, a US address, and a card as the one card rule
 * (src/domain/card.ts) checks it.
 */
export function validateBilling(
  values: BillingValues,
  now: Date = new Date(),
  asks: BillingAsks = 'contact',
): BillingErrors {
  const errors: BillingErrors = {};
  const set = (field: BillingField, message: string | undefined) => {
    if (message !== undefined) errors[field] = message;
  };
  for (const field of contactFieldsOf(asks)) {
    const question = CONTACT_QUESTION_OF[field];
    set(field, validateQuestion(question, [values[field]], now));
    // The contract's PersonName refuses angle brackets and control characters.
    if (
      errors[field] === undefined &&
      (field === 'firstName' || field === 'lastName') &&
      !isPersonName(values[field])
    ) {
      set(field, 'A name cannot contain < or >.');
    }
  }

  if (values.line1.trim() === '') set('line1', 'Enter your street address.');
  else if (values.line1.trim().length > 200) set('line1', 'Enter no more than 200 characters.');
  if (values.line2.trim().length > 200) set('line2', 'Enter no more than 200 characters.');
  if (values.city.trim() === '') set('city', 'Enter your city.');
  else if (values.city.trim().length > 100) set('city', 'Enter no more than 100 characters.');
  if (!isUsStateCode(values.state)) set('state', 'Choose your state.');
  if (!/^[0-9]{5}(?:-[0-9]{4})?$/.test(values.zip.trim())) set('zip', 'Enter a 5-digit ZIP code, like 10001.');

  const card = checkCard({ number: values.cardNumber, expiry: values.expiry, cvc: values.cvc }, now).problems;
  set('cardNumber', card?.number);
  set('expiry', card?.expiry);
  set('cvc', card?.cvc);
  return errors;
}

/** The contact details as the API takes them (phone as its ten digits); call after validateBilling passed. */
export function contactFromValues(values: BillingValues): Contact {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: normalizeUsPhone(values.phone) ?? values.phone.trim(),
  };
}

/**
 * The billing customer sent to our server, which tokenises the card: the patient's contact
 * details, or the cardholder's name alone (`asks`); call after validateBilling passed.
 */
export function billingCustomerFrom(values: BillingValues, asks: BillingAsks = 'contact'): BillingCustomer {
  const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  const line2 = values.line2.trim();
  const address: Address = {
    line1: values.line1.trim(),
    ...(line2 === '' ? {} : { line2 }),
    city: values.city.trim(),
    state: values.state as UsState,
    zip: values.zip.trim(),
  };
  const person =
    asks === 'contact'
      ? contactFromValues(values)
      : { firstName: values.firstName.trim(), lastName: values.lastName.trim() };
  return {
    ...person,
    address,
    cardNumber: cardDigits(values.cardNumber),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: values.cvc.trim(),
  };
}

// The last pieces of the server's JSON pointers (/body/customer/cardNumber,
// /body/customer/address/zip) and the form field each belongs to.
const POINTER_FIELDS: Readonly<Record<string, BillingField>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  cardNumber: 'cardNumber',
  paymentToken: 'cardNumber',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

const FIELD_NAMES: Readonly<Record<BillingField, string>> = {
  // The contact fields are named as their questions label them.
  ...(Object.fromEntries(CONTACT_FIELDS.map((field) => [field, CONTACT_QUESTION_OF[field].label])) as Record<
    ContactField,
    string
  >),
  line1: 'Street address',
  line2: 'Apartment, suite or unit',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  cardNumber: 'Card number',
  expiry: 'Expiry date',
  cvc: 'Security code',
};

/** The form field a server's field pointer names, or undefined when it names none of them. */
export function fieldOfPointer(pointer: string): BillingField | undefined {
  const last = pointer.split('/').at(-1) ?? '';
  return Object.hasOwn(POINTER_FIELDS, last) ? POINTER_FIELDS[last] : undefined;
}

/**
 * The server's field errors (a 400's details list) by form field, each message led by the
 * field's name because the server's messages are fragments ("is not a valid card number").
 */
export function errorsFromDetails(details: readonly { field: string; message: string }[]): BillingErrors {
  const errors: BillingErrors = {};
  for (const detail of details) {
    const field = fieldOfPointer(detail.field);
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = `${FIELD_NAMES[field]}: ${detail.message}`;
  }
  return errors;
}
