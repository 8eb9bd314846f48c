import type { Question, QuestionOption } from '../../contract/api-types.ts';

/** The key a question's answer is stored under: its ref, or its id when it has none. */
export function questionRef(question: Question): string {
  return question.ref ?? question.id;
}

const YES_NO: readonly QuestionOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The choices of a choice question; a yes-no question without options gets Yes and No. */
export function questionOptions(question: Question): readonly QuestionOption[] {
  if (question.options && question.options.length > 0) return question.options;
  return question.type === 'yes-no' ? YES_NO : [];
}

/** The option that means "none of the others", if the question has one. */
export function noneOption(question: Question): QuestionOption | undefined {
  return questionOptions(question).find(
    (option) => option.value === 'none' || /^none of (these|the above)\.?$/i.test(option.label.trim()),
  );
}

/** The value a checked consent box stores. */
export const CONSENT_GIVEN = 'true';
/**
 * What a saved form records for a consent box left unticked. The box itself stores nothing
 * ([]), and SPEC §5 drops empty answers, so "not given" is written out: an optional consent
 * (marketing contact) is on record either way.
 */
export const CONSENT_NOT_GIVEN = 'false';

/** The parts of an address answer, in the order they are stored. */
export const ADDRESS_PARTS = ['line1', 'line2', 'city', 'state', 'zip'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/**
 * The journey answer that keeps the billing address the patient paid with, in the address
 * answer's shape ([line1, line2, city, state, zip]). It lives in the patient's journey on the
 * server like every answer, and is never sent with a lead (leads take the asked pages only).
 */
export const BILLING_ADDRESS_REF = 'billing-address';

/** The intake's shipping address question (MIP-H2 page 2), in the same shape. */
export const SHIPPING_ADDRESS_REF = 'shipping-address';
