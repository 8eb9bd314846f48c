// @vitest-environment jsdom
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { analyticsSettled } from '../../../src/shared/services/analytics.ts';
import { BOT_CHECK_NOT_AVAILABLE, type BotCheck } from '../../../src/features/payment/bot-check/bot-check.ts';
import { BOT_CHECK_DEADLINE_MS, verifyPatient } from '../../../src/features/payment/bot-check/verify-patient.ts';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { deployWith, undeploy } from '../../support/page-services.ts';

useApiServer();

const PATIENT = { action: 'payment', email: 'avery.quinn@example.com', phone: '(212) 555-0123', customerId: '' };

/** The verification calls the API received, and what it answers (a person unless told otherwise). */
function verificationApi(answer: () => Response | Promise<Response> = () => person()) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(`${TEST_API_BASE}/memoForm/verifyRecaptcha`, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return bodies;
}

function person() {
  return HttpResponse.json({ data: { success: true, score: 0.9, action: 'payment' } });
}

/** What reached the tag manager's data layer (the analytics module loads its writer with the first event). */
async function dataLayer(): Promise<unknown[]> {
  await analyticsSettled();
  return (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
}

function failingBotCheck(message: string): BotCheck {
  return { token: () => Promise.reject(new Error(message)), prepare: () => undefined };
}

const on = () => Promise.resolve(true);

beforeEach(async () => {
  await analyticsSettled();
  Reflect.deleteProperty(window, 'dataLayer');
});

afterEach(() => {
  vi.useRealTimers();
  undeploy();
  vi.restoreAllMocks();
});

test('a person is verified with a local token for the action, the email and the phone as 10 digits', async () => {
  const bodies = verificationApi();
  expect(await verifyPatient(PATIENT)).toBe('verified');
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toEqual({
    recaptchaToken: expect.stringMatching(/^local\.payment\./) as unknown,
    action: 'payment',
    email: 'avery.quinn@example.com',
    phone: '2125550123',
  });
  expect(await dataLayer()).toEqual([]);
});

test('the customer id goes with the check once there is one', async () => {
  const bodies = verificationApi();
  await verifyPatient({ ...PATIENT, customerId: '100234' }, { enabled: on });
  expect(bodies[0]?.customerId).toBe('100234');
});

test('a server that says bot refuses the patient, and no service is counted as failed', async () => {
  verificationApi(() => HttpResponse.json({ data: { success: false, score: 0.1, action: 'payment' } }));
  expect(await verifyPatient(PATIENT, { enabled: on })).toBe('refused');
  expect(await dataLayer()).toEqual([]);
});

test('no token to be had: the patient goes on, the kind is logged without their data, the fallback is counted', async () => {
  const bodies = verificationApi();
  const logger = { error: vi.fn() };
  const outcome = await verifyPatient(PATIENT, {
    enabled: on,
    botCheck: failingBotCheck(BOT_CHECK_NOT_AVAILABLE),
    logger,
  });
  expect(outcome).toBe('unavailable');
  expect(bodies).toHaveLength(0);
  expect(logger.error).toHaveBeenCalledWith('Bot check unavailable; the patient goes on', {
    kind: 'grecaptcha not available',
    action: 'payment',
  });
  expect(await dataLayer()).toEqual([expect.objectContaining({ event: 'service_fallback', outcome: 'bot_check' })]);
});

test('a failing verification call lets the patient go on; the log names the status only', async () => {
  verificationApi(() =>
    HttpResponse.json({ status: 503, message: 'avery.quinn@example.com is down' }, { status: 503 }),
  );
  const logger = { error: vi.fn() };
  expect(await verifyPatient(PATIENT, { enabled: on, logger })).toBe('unavailable');
  expect(logger.error).toHaveBeenCalledWith(expect.any(String), { kind: 'verifyRecaptcha 503', action: 'payment' });
  expect(JSON.stringify(logger.error.mock.calls)).not.toContain('avery');
  expect(await dataLayer()).toEqual([expect.objectContaining({ event: 'service_fallback', outcome: 'bot_check' })]);
});

test('a verification call that does not answer in time lets the patient go on', async () => {
  verificationApi(async () => {
    await delay(2000);
    return person();
  });
  const logger = { error: vi.fn() };
  const started = Date.now();
  expect(await verifyPatient(PATIENT, { enabled: on, timeoutMs: 100, logger })).toBe('unavailable');
  expect(Date.now() - started).toBeLessThan(1500);
  expect(logger.error).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ action: 'payment' }));
});

test('with the botCheck flag off nothing is asked and nothing is sent', async () => {
  deployWith({ flags: { provider: 'local', overrides: { botCheck: false } } });
  const bodies = verificationApi();
  const token = vi.fn(() => Promise.resolve('unused'));
  expect(await verifyPatient(PATIENT, { botCheck: { token, prepare: () => undefined } })).toBe('off');
  expect(token).not.toHaveBeenCalled();
  expect(bodies).toHaveLength(0);
});

test('a deployment without a bot check (no site key, no local tokens) lets the patient on unasked, no fallback counted', async () => {
  deployWith({ botCheck: { provider: 'off' } });
  const bodies = verificationApi();
  const enabled = vi.fn(on);
  expect(await verifyPatient(PATIENT, { enabled })).toBe('off');
  expect(enabled).not.toHaveBeenCalled();
  expect(bodies).toHaveLength(0);
  expect(await dataLayer()).toEqual([]);
});

test.each([
  ['an invalid token', 'invalid token (MALFORMED)'],
  ['an expired token', 'invalid token (EXPIRED)'],
  ['a local token on a server that does not take them', 'local bot-check tokens are not accepted by this server'],
])('%s could not be assessed: a setup error, not a bot, so the patient goes on', async (_case, reason) => {
  verificationApi(() => HttpResponse.json({ data: { success: false, score: 0, action: 'payment', reason } }));
  const logger = { error: vi.fn() };
  expect(await verifyPatient(PATIENT, { enabled: on, logger })).toBe('unavailable');
  expect(logger.error).toHaveBeenCalledWith('Bot check unavailable; the patient goes on', {
    kind: `verifyRecaptcha not assessed: ${reason}`,
    action: 'payment',
  });
  expect(await dataLayer()).toEqual([expect.objectContaining({ event: 'service_fallback', outcome: 'bot_check' })]);
});

/** Lets the request and its answer travel (real I/O turns, no clock time) until `done` or 50 turns. */
async function settled(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 50 && !done(); turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('the whole check has one deadline: a slow flag, a slow token and a silent server give up together at 6 s', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const bodies = verificationApi(() => new Promise<Response>(() => undefined));
  const slowly = <T>(ms: number, value: T) =>
    new Promise<T>((resolve) => {
      setTimeout(() => {
        resolve(value);
      }, ms);
    });
  const logger = { error: vi.fn() };
  let outcome: string | null = null;
  void verifyPatient(PATIENT, {
    enabled: () => slowly(1500, true),
    botCheck: { token: () => slowly(3000, 'fake-enterprise.payment.1'), prepare: () => undefined },
    logger,
  }).then((value) => {
    outcome = value;
  });

  await vi.advanceTimersByTimeAsync(4500);
  await settled(() => bodies.length === 1);
  expect(bodies).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(BOT_CHECK_DEADLINE_MS - 4500 - 1);
  await settled(() => outcome !== null);
  expect(outcome).toBeNull();
  await vi.advanceTimersByTimeAsync(1);
  await settled(() => outcome !== null);
  expect(outcome).toBe('unavailable');
  expect(logger.error).toHaveBeenCalledWith(expect.any(String), { kind: 'bot check timed out', action: 'payment' });
  vi.useRealTimers();
  expect(await dataLayer()).toEqual([expect.objectContaining({ event: 'service_fallback', outcome: 'bot_check' })]);
});

test('a token that never comes is given up at the deadline too', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const bodies = verificationApi();
  const verdict = verifyPatient(PATIENT, {
    enabled: on,
    botCheck: { token: () => new Promise<string>(() => undefined), prepare: () => undefined },
    logger: { error: vi.fn() },
  });
  await vi.advanceTimersByTimeAsync(BOT_CHECK_DEADLINE_MS);
  expect(await verdict).toBe('unavailable');
  expect(bodies).toHaveLength(0);
});
