import { createContext, useContext } from 'react';
import { ADDRESS_PARTS } from './question-helpers.ts';

// The address answers' refs live with the plain helpers, so reading a state from the answers
// (patient-state.ts, the results screen) does not load this React context.
export { BILLING_ADDRESS_REF, SHIPPING_ADDRESS_REF } from './question-helpers.ts';

/** An address the patient already gave, that an address question may offer to reuse. */
export interface KnownAddress {
  /** What it is, in the checkbox's words: "Same as my {what}". */
  what: string;
  parts: readonly string[];
}

/** A complete address (street, city, state and ZIP) out of an answer, or null. */
export function completeAddress(answer: readonly string[] | undefined): readonly string[] | null {
  if (answer === undefined) return null;
  const parts = ADDRESS_PARTS.map((_, index) => answer[index]?.trim() ?? '');
  const [line1, , city, state, zip] = parts;
  return line1 && city && state && zip ? parts : null;
}

/** The address on one line, as the patient would write it on an envelope. */
export function addressLine(parts: readonly string[]): string {
  const [line1 = '', line2 = '', city = '', state = '', zip = ''] = parts;
  return [[line1, line2].filter((part) => part !== '').join(', '), city, `${state} ${zip}`].join(', ');
}

export const KnownAddressContext = createContext<KnownAddress | null>(null);

export function useKnownAddress(): KnownAddress | null {
  return useContext(KnownAddressContext);
}
