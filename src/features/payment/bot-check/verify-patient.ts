import { verifyRecaptcha, type RecaptchaVerification } from '../../../shared/api/identity.ts';
import { ApiError } from '../../../shared/api/http.ts';
import type { RecaptchaResult } from '../../../contract/api-types.ts';
import { isValidEmail, normalizeUsPhone } from '../../../domain/contact.ts';
import type { DomainLogger } from '../../../domain/logger.ts';
import { consoleLogger } from '../../../shared/console-logger.ts';
import { track } from '../../../shared/services/analytics.ts';
import { flagValue } from '../../../shared/services/flags/flags.ts';
import { BOT_CHECK_NO_TOKEN, BOT_CHECK_NOT_AVAILABLE, type BotCheck } from './bot-check.ts';
import { pageBotCheck } from './bot-check-for.ts';

/**
 * What the bot check says of the patient: a person ('verified'), a bot ('refused'), no answer
 * to be had ('unavailable': the patient goes on), or the check is switched off, by the
 * `botCheck` flag or by a deployment without one ('off').
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
  /** @default the page's bot check (pageBotCheck); null: the deployment has none ('off') */
  botCheck?: BotCheck | null;
  /** Whether the check is on. @default the `botCheck` flag */
  enabled?: () => Promise<boolean>;
  /** How long the whole check may take, flag, token and verification. @default BOT_CHECK_DEADLINE_MS */
  timeoutMs?: number;
  /** @default the console, by kind only */
  logger?: DomainLogger;
}

/**
 * The whole check's time limit at Pay: the flag's answer, the script, the token and the
 * verification call all within it, so a slow service keeps a patient waiting 6 s at most
 * (each step's own limits would add up to 16.5 s).
 */
export const BOT_CHECK_DEADLINE_MS = 6000;

/** The failure kind logged when the deadline passes. */
const TIMED_OUT = 'bot check timed out';

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
  if (
    error instanceof Error &&
    (error.message === BOT_CHECK_NOT_AVAILABLE || error.message === BOT_CHECK_NO_TOKEN || error.message === TIMED_OUT)
  ) {
    return error.message;
  }
  if (error instanceof ApiError) return `verifyRecaptcha ${error.status === null ? 'no response' : error.status}`;
  return 'unexpected error';
}

/**
 * What the verification says. A refusal with a `reason` is a token that could not be assessed
 * (invalid, expired, malformed, made for another action, or a local token on a server that
 * does not take them: the contract gives a reason only when the score did not decide), which
 * is a setup error, not a bot, so it is no answer. Only a refusal on the score alone is a bot.
 */
function outcomeOf(result: RecaptchaResult): 'verified' | 'refused' | { notAssessed: string } {
  if (result.success) return 'verified';
  return result.reason === undefined ? 'refused' : { notAssessed: result.reason };
}

/**
 * Checks that a person, not a bot, is at the form: a token for `action` from the bot check,
 * verified by the API with the patient's email, phone and customer id. A bot check that
 * cannot answer, within BOT_CHECK_DEADLINE_MS in all, never stops a patient: the outcome is
 * 'unavailable', the failure is logged by kind and counted as a `service_fallback`, and the
 * caller goes on. A deployment without a bot check, or the flag off, gives 'off' unasked.
 */
export async function verifyPatient(
  patient: PatientToVerify,
  options: VerifyPatientOptions = {},
): Promise<PatientCheck> {
  const botCheck = options.botCheck === undefined ? pageBotCheck() : options.botCheck;
  if (botCheck === null) return 'off';
  const logger = options.logger ?? consoleLogger;
  const unavailable = (kind: string): 'unavailable' => {
    logger.error('Bot check unavailable; the patient goes on', { kind, action: patient.action });
    track('service_fallback', { outcome: 'bot_check' });
    return 'unavailable';
  };
  // One deadline for every step: it rejects the race below and cancels the verification call.
  const deadline = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(TIMED_OUT);
      deadline.abort(error);
      reject(error);
    }, options.timeoutMs ?? BOT_CHECK_DEADLINE_MS);
  });
  timedOut.catch(() => undefined);
  const inTime = <T>(step: Promise<T>): Promise<T> => Promise.race([step, timedOut]);
  let result: RecaptchaResult;
  try {
    if (!(await inTime((options.enabled ?? botCheckFlag)()))) return 'off';
    const token = await inTime(botCheck.token(patient.action));
    result = await inTime(verifyRecaptcha(verificationOf(patient, token), { signal: deadline.signal }));
  } catch (error) {
    return unavailable(deadline.signal.aborted ? TIMED_OUT : failureKind(error));
  } finally {
    clearTimeout(timer);
  }
  const outcome = outcomeOf(result);
  return typeof outcome === 'string' ? outcome : unavailable(`verifyRecaptcha not assessed: ${outcome.notAssessed}`);
}

/**
 * Starts loading the page's bot check when a screen that will need it opens (the payment
 * screen), so the patient does not wait for it at Pay; nothing when it is off.
 */
export function prepareBotCheck(): void {
  const botCheck = pageBotCheck();
  if (botCheck === null) return;
  void botCheckFlag().then((on) => {
    if (on) botCheck.prepare();
  });
}
