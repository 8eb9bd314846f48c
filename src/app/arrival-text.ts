import type { Arrival } from '../engine/funnel-machine.ts';
import type { FactName } from '../engine/step-facts.ts';

/**
 * What a step says when the funnel machine brought the patient to it from a page that was not
 * theirs yet (a cold link to a booking, a second device, an old tab): what the page they opened
 * needs first, in words a patient reads. Static words, never patient data.
 */

/** Why the page they opened waits, by the first fact they lack (src/engine/step-facts.ts). */
const NEEDED_FIRST = {
  'contact-known':
    'Before we can book a consult or place an order, we need your name, email and mobile phone, so the clinic can reach you.',
  'assessment-answered': 'The page you opened comes after the hormone assessment, and we have no answers from you yet.',
  'no-contraindication': 'The page you opened comes after a clinician has reviewed your assessment answers.',
  paid: 'The page you opened comes after checkout, and we have no order from you yet. Nothing has been charged.',
  'intake-done': 'The page you opened comes after the intake questions, which are not finished yet.',
  'consult-booked': 'The page you opened comes after your consult is booked.',
  'in-person-visit': 'The page you opened comes after you choose the microclinic where a clinician sees you.',
} as const satisfies Record<FactName, string>;

export interface ArrivalText {
  title: string;
  lines: readonly string[];
}

/**
 * Which missing fact says best why: one the opened page needs itself (a booking: the contact),
 * else the work done on the step they were brought to (the payment: checkout), the earliest
 * kind first, the contact last.
 */
const BY_WEIGHT: readonly FactName[] = [
  'assessment-answered',
  'paid',
  'intake-done',
  'consult-booked',
  'no-contraindication',
  'contact-known',
];

export function arrivalText(arrival: Arrival): ArrivalText {
  const named = (facts: readonly string[]) =>
    facts.filter((fact): fact is FactName => Object.hasOwn(NEEDED_FIRST, fact));
  const [own] = named(arrival.own);
  const first =
    own ??
    BY_WEIGHT.find((fact) => arrival.here.includes(fact)) ??
    BY_WEIGHT.find((fact) => arrival.missing.includes(fact));
  return {
    title: 'Let’s start here',
    lines: [
      first === undefined ? 'The page you opened comes after this step.' : NEEDED_FIRST[first],
      'Once this step is done, we take you on from here. If you started on another device, you can carry on there.',
    ],
  };
}
