import { verifyRecaptcha, type RecaptchaVerification } from '../../api/identity.ts';
import { ApiError } from '../../api/http.ts';
import type { RecaptchaResult } from '../../api/types.ts';
import { isValidEmail, normalizeUsPhone } from '../../domain/contact.ts';
import type { DomainLogger } from '../../domain/logger.ts';
import { consoleLogger } from '../../patient/console-logger.ts';
import { track } from '../analytics.ts';
import { flagValue } from '../flags/flags.ts';
import { BOT_CHECK_NO_TOKEN, BOT_CHECK_NOT_AVAILABLE, type BotCheck } from './bot-check.ts';
import { pageBotCheck } from './bot-check-for.ts';

/**
 * What the bot check says of the patient: a person ('verified'), a bot ('refused'), no answer
 * to be had ('unavailable': the patient goes on), or the check is switched off by the
 * `botCheck` flag ('off').
 */
export type PatientCheck = 'verified' | 'refused' | 'unavailable' | 'off';

/** Who is checked: what the patient typed in the form, and their customer id ('' when none yet). */
export interface PatientToVerify {
  /** The action the token is made for, such as 'payment'. */
  action: string;
  email: string;
  phone: string;
  customerId: string;
}

export interface VerifyPatientOptions {
  /** @default the page's bot check (pageBotCheck) */
  botCheck?: BotCheck;
  /** Whether the check is on. @default the `botCheck` flag */
  enabled?: () => Promise<boolean>;
  /** How long the verification call may take. @default VERIFY_TIMEOUT_MS */
  timeoutMs?: number;
  /** @default the console, by kind only */
  logger?: DomainLogger;
}

/** The verification call's time limit: a slow check must not keep a patient at the Pay button. */
export const VERIFY_TIMEOUT_MS = 5000;

const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The flag's value; the check stays on when the flags cannot say. */
async function botCheckFlag(): Promise<boolean> {
  try {
    return await flagValue('botCheck');
  } catch {
    return true;
  }
}

/**
 * The verification body: the fields the contract accepts only when they are well-formed (a
 * phone as its 10 digits), so a half-typed field never makes the call fail; the form has
 * checked them before Pay anyway.
 */
function verificationOf(patient: PatientToVerify, recaptchaToken: string): RecaptchaVerification {
  const phone = normalizeUsPhone(patient.phone);
  const email = patient.email.trim();
  return {
    recaptchaToken,
    action: patient.action,
    ...(isValidEmail(email) ? { email } : {}),
    ...(phone === null ? {} : { phone }),
    ...(CUSTOMER_ID.test(patient.customerId) ? { customerId: patient.customerId } : {}),
  };
}

/** What went wrong, as a kind with no patient data: SPEC §8's message, or the call's status. */
function failureKind(error: unknown): string {
  if (error instanceof Error && (error.message === BOT_CHECK_NOT_AVAILABLE || error.message === BOT_CHECK_NO_TOKEN)) {
    return error.message;
  }
  if (error instanceof ApiError) return `verifyRecaptcha ${error.status === null ? 'no response' : error.status}`;
  return 'unexpected error';
}

/**
 * Checks that a person, not a bot, is at the form: a token for `action` from the bot check,
 * verified by the API with the patient's email, phone and customer id. A bot check that
 * cannot answer never stops a patient: the outcome is 'unavailable', the failure is logged by
 * kind and counted as a `service_fallback`, and the caller goes on.
 */
export async function verifyPatient(
  patient: PatientToVerify,
  options: VerifyPatientOptions = {},
): Promise<PatientCheck> {
  if (!(await (options.enabled ?? botCheckFlag)())) return 'off';
  let result: RecaptchaResult;
  try {
    const botCheck = options.botCheck ?? pageBotCheck();
    const token = await botCheck.token(patient.action);
    result = await verifyRecaptcha(verificationOf(patient, token), {
      timeoutMs: options.timeoutMs ?? VERIFY_TIMEOUT_MS,
    });
  } catch (error) {
    (options.logger ?? consoleLogger).error('Bot check unavailable; the patient goes on', {
      kind: failureKind(error),
      action: patient.action,
    });
    track('service_fallback', { outcome: 'bot_check' });
    return 'unavailable';
  }
  return result.success ? 'verified' : 'refused';
}

/**
 * Starts loading the page's bot check when a screen that will need it opens (the payment
 * screen), so the patient does not wait for it at Pay; nothing when the flag has it off.
 */
export function prepareBotCheck(): void {
  void botCheckFlag().then((on) => {
    if (on) pageBotCheck().prepare();
  });
}
