import type { UsState } from '../contract/api-types.ts';

/** States whose identity check asks for an ID document: idType and idNumber are kept (SPEC §5). */
export const ID_DOCUMENT_STATES = [
  'AL',
  'HI',
  'IL',
  'IN',
  'KS',
  'MA',
  'MI',
  'NC',
  'ND',
  'OK',
  'UT',
  'KY',
] as const satisfies readonly UsState[];

/** States whose identity check asks for the SSN (SPEC §5). */
export const SSN_STATES = ['KY'] as const satisfies readonly UsState[];

/** The identity fields that depend on the state. */
export const STATE_DEPENDENT_IDENTITY_FIELDS = ['idType', 'idNumber', 'ssn'] as const;

export type StateDependentIdentityField = (typeof STATE_DEPENDENT_IDENTITY_FIELDS)[number];

function listed(states: readonly string[], state: string): boolean {
  return states.includes(state.trim().toUpperCase());
}

/**
 * The state-dependent identity fields a patient of a state is asked for. An unknown or
 * empty state gets none: asking for an ID number or SSN without a rule that needs it would
 * collect data we have no reason to hold.
 */
export function identityFieldsForState(state: string): StateDependentIdentityField[] {
  const fields: StateDependentIdentityField[] = [];
  if (listed(ID_DOCUMENT_STATES, state)) fields.push('idType', 'idNumber');
  if (listed(SSN_STATES, state)) fields.push('ssn');
  return fields;
}

/**
 * Removes idType, idNumber and ssn where the patient's state does not keep them, so an
 * answer typed before the state changed is never sent (SPEC §5).
 */
export function withStateIdentityRules<T extends { state: string; idType?: string; idNumber?: string; ssn?: string }>(
  customer: T,
): T {
  const kept = identityFieldsForState(customer.state);
  const { idType, idNumber, ssn, ...rest } = customer;
  const values = { idType, idNumber, ssn };
  const result: Record<string, unknown> = rest;
  for (const field of kept) {
    if (values[field] !== undefined) result[field] = values[field];
  }
  return result as T;
}
