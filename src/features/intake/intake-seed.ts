import type { JourneyState } from '../../contract/journey-state.ts';
import type { Lead } from '../../contract/api-types.ts';
import type { Prefill } from '../../domain/prefill.ts';
import { BILLING_ADDRESS_REF, completeAddress, SHIPPING_ADDRESS_REF } from '../../shared/questions/known-address.ts';
import {
  aboutYouAsks,
  CONTACT_REFS,
  encodeAsks,
  INTAKE_RECORDS,
  intakeAsksContact,
  intakeAsksMarketing,
} from './intake-pages.ts';

/**
 * What the intake fills in once, before the patient first sees it: the contact details of the
 * link's lead (or, without one, of the link's prefill), the birthdate and state the lead
 * already holds, and the shipping address as the billing address the patient paid with, each
 * only where the journey has no answer yet; which of birthdate and state the intake must ask;
 * and whether it asks the marketing choice and the contact details. The asks record marks it
 * done, so a prefilled field the patient clears (or a box unticked) stays so. Returns null when
 * there is nothing to do.
 */
export function seedIntake(state: JourneyState, prefill: Prefill, lead: Lead | null): JourneyState | null {
  if (Object.hasOwn(state.records, INTAKE_RECORDS.asks)) return null;
  const known: Record<string, string> = {};
  for (const ref of CONTACT_REFS) {
    const value = lead?.[ref] ?? prefill[ref];
    if (value !== undefined && value.trim() !== '') known[ref] = value.trim();
  }
  for (const ref of ['birthdate', 'state'] as const) {
    const value = lead?.answers.find((answer) => answer.ref === ref)?.value[0];
    if (value !== undefined && value.trim() !== '') known[ref] = value.trim();
  }
  const filled: Record<string, readonly string[]> = {};
  for (const [ref, value] of Object.entries(known)) {
    const current = state.answers[ref];
    if (current === undefined || current.every((item) => item.trim() === '')) filled[ref] = [value];
  }
  // Right after paying, the shipping address starts as the billing address just given ("Same as
  // my billing address" ticked); the patient unticks it to send the medication elsewhere.
  const billing = completeAddress(state.answers[BILLING_ADDRESS_REF]);
  if (billing !== null && state.answers[SHIPPING_ADDRESS_REF] === undefined) filled[SHIPPING_ADDRESS_REF] = billing;
  const answers = { ...state.answers, ...filled };
  return {
    ...state,
    answers,
    records: {
      ...state.records,
      [INTAKE_RECORDS.asks]: encodeAsks(aboutYouAsks(answers)),
      [INTAKE_RECORDS.asksMarketing]: intakeAsksMarketing(state.completed, lead) ? 'yes' : 'no',
      [INTAKE_RECORDS.asksContact]: intakeAsksContact(state, lead) ? 'yes' : 'no',
    },
  };
}
