import type { UsState } from '../../contract/api-types.ts';
import { isUsStateCode } from '../../domain/us-states.ts';
import { ADDRESS_PARTS, SHIPPING_ADDRESS_REF } from './question-helpers.ts';

type Answers = Readonly<Record<string, readonly string[] | undefined>>;

const ADDRESS_STATE_INDEX = ADDRESS_PARTS.indexOf('state');

/** The state of the shipping address, when the patient has given a valid one. */
export function shippingStateOf(answers: Answers): UsState | undefined {
  const state = answers[SHIPPING_ADDRESS_REF]?.[ADDRESS_STATE_INDEX]?.trim() ?? '';
  return isUsStateCode(state) ? (state as UsState) : undefined;
}

/**
 * Where the patient lives, as far as their answers say: their answer to the state question (the
 * assessment's, or the intake's), else their shipping address's; undefined until one is valid.
 * The clinic's state rules (src/engine/state-rules.ts) are read for it, as the server reads them
 * (src/server/state-doors.ts, which falls back on the card's billing address).
 */
export function patientStateOf(answers: Answers): UsState | undefined {
  const answered = answers.state?.[0]?.trim().toUpperCase() ?? '';
  return isUsStateCode(answered) ? (answered as UsState) : shippingStateOf(answers);
}
