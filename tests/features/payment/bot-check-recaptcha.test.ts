// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { botCheckFor } from '../../../src/features/payment/bot-check/bot-check-for.ts';
import { localBotCheck } from '../../../src/features/payment/bot-check/local-bot-check.ts';
import {
  forgetRecaptchaScripts,
  recaptchaEnterpriseBotCheck,
  type RecaptchaEnterpriseOptions,
} from '../../../src/features/payment/bot-check/recaptcha-enterprise.ts';

const SITE_KEY = 'site-key-0001';
const SCRIPT_URL = 'https://www.google.com/recaptcha/enterprise.js';

type Execute = (siteKey: string, options: { action: string }) => Promise<unknown>;

/** What Google's script defines once it has run; `execute` as the test chooses. */
function defineGrecaptcha(
  execute: Execute,
  ready: (callback: () => void) => void = (callback) => {
    callback();
  },
) {
  const calls: { siteKey: string; action: string }[] = [];
  Object.assign(window, {
    grecaptcha: {
      enterprise: {
        ready,
        execute: (siteKey: string, options: { action: string }) => {
          calls.push({ siteKey, action: options.action });
          return execute(siteKey, options);
        },
      },
    },
  });
  return calls;
}

function scriptsOnPage(): HTMLScriptElement[] {
  return [...document.head.getElementsByTagName('script')];
}

/** The script element finishing as the browser would: jsdom fetches nothing by itself. */
function finishScript(event: 'load' | 'error') {
  const script = scriptsOnPage().at(-1);
  if (script === undefined) throw new Error('no script was added');
  script.dispatchEvent(new Event(event));
}

function botCheck(options: Partial<RecaptchaEnterpriseOptions> = {}) {
  return recaptchaEnterpriseBotCheck({ siteKey: SITE_KEY, scriptUrl: SCRIPT_URL, ...options });
}

afterEach(() => {
  for (const script of scriptsOnPage()) script.remove();
  Reflect.deleteProperty(window, 'grecaptcha');
  forgetRecaptchaScripts();
  vi.restoreAllMocks();
});

test('the script is added once, async, with the site key, and each token is made for the action asked', async () => {
  const check = botCheck();
  const first = check.token('payment');
  await Promise.resolve();
  expect(scriptsOnPage().map((script) => [script.src, script.async])).toEqual([
    [`${SCRIPT_URL}?render=${SITE_KEY}`, true],
  ]);
  let made = 0;
  const calls = defineGrecaptcha(() => Promise.resolve(`token-${String(++made)}`));
  finishScript('load');

  expect(await first).toBe('token-1');
  expect(await check.token('submit_lead')).toBe('token-2');
  expect(calls).toEqual([
    { siteKey: SITE_KEY, action: 'payment' },
    { siteKey: SITE_KEY, action: 'submit_lead' },
  ]);
  expect(scriptsOnPage()).toHaveLength(1);
});

test('prepare adds the script before any token is asked, and only once', () => {
  const check = botCheck();
  check.prepare();
  check.prepare();
  expect(scriptsOnPage().map((script) => script.src)).toEqual([`${SCRIPT_URL}?render=${SITE_KEY}`]);
});

test('a script that fails to load gives "grecaptcha not available", and the next token tries it again', async () => {
  const check = botCheck();
  const token = check.token('payment');
  await Promise.resolve();
  finishScript('error');
  await expect(token).rejects.toThrow(new Error('grecaptcha not available'));
  expect(scriptsOnPage()).toHaveLength(0);

  const again = check.token('payment');
  await Promise.resolve();
  expect(scriptsOnPage()).toHaveLength(1);
  defineGrecaptcha(() => Promise.resolve('token-after-retry'));
  finishScript('load');
  expect(await again).toBe('token-after-retry');
});

test('a script that loads but defines no grecaptcha.enterprise gives "grecaptcha not available"', async () => {
  const token = botCheck().token('payment');
  await Promise.resolve();
  finishScript('load');
  await expect(token).rejects.toThrow(new Error('grecaptcha not available'));
});

test('a script that never answers gives "grecaptcha not available" after the load time limit', async () => {
  vi.useFakeTimers();
  try {
    const token = botCheck({ loadTimeoutMs: 5000 }).token('payment');
    const outcome = token.then(
      () => 'token',
      (error: unknown) => (error instanceof Error ? error.message : 'not an error'),
    );
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('grecaptcha not available');
  } finally {
    vi.useRealTimers();
  }
});

test('a script that never says it is ready gives "grecaptcha not available" in time', async () => {
  defineGrecaptcha(
    () => Promise.resolve('unused'),
    () => undefined,
  );
  await expect(botCheck({ loadTimeoutMs: 20 }).token('payment')).rejects.toThrow(new Error('grecaptcha not available'));
});

test('an empty token gives "grecaptcha no token returned"', async () => {
  defineGrecaptcha(() => Promise.resolve(''));
  await expect(botCheck().token('payment')).rejects.toThrow(new Error('grecaptcha no token returned'));
});

test('an execute slower than its time limit gives "grecaptcha no token returned"', async () => {
  vi.useFakeTimers();
  try {
    defineGrecaptcha(
      () =>
        new Promise((resolve) => {
          setTimeout(() => {
            resolve('too-late');
          }, 10_000);
        }),
    );
    const token = botCheck({ executeTimeoutMs: 5000 }).token('payment');
    const outcome = token.then(
      () => 'token',
      (error: unknown) => (error instanceof Error ? error.message : 'not an error'),
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(await outcome).toBe('grecaptcha no token returned');
  } finally {
    vi.useRealTimers();
  }
});

test('an execute that fails (a wrong site key) gives "grecaptcha no token returned"', async () => {
  defineGrecaptcha(() => Promise.reject(new Error('Invalid site key or not loaded in api.js')));
  await expect(botCheck().token('payment')).rejects.toThrow(new Error('grecaptcha no token returned'));
  defineGrecaptcha(() => {
    throw new Error('Invalid site key');
  });
  await expect(botCheck().token('payment')).rejects.toThrow(new Error('grecaptcha no token returned'));
});

test('the local provider makes a fresh token naming the action, with no script and no network', async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const check = localBotCheck();
  check.prepare();
  const first = await check.token('payment');
  const second = await check.token('payment');
  expect(first).toMatch(/^local\.payment\.[0-9a-f]{32}$/);
  expect(second).not.toBe(first);
  expect(await check.token('a/b c')).toMatch(/^local\.a_b_c\./);
  expect(scriptsOnPage()).toHaveLength(0);
  expect(fetchSpy).not.toHaveBeenCalled();
});

test('the settings choose the provider, or none', async () => {
  expect(await botCheckFor({ provider: 'local' })?.token('payment')).toMatch(/^local\.payment\./);
  expect(botCheckFor({ provider: 'off' })).toBeNull();
  const google = botCheckFor({ provider: 'recaptcha-enterprise', siteKey: SITE_KEY, scriptUrl: SCRIPT_URL });
  google?.prepare();
  expect(scriptsOnPage().map((script) => script.src)).toEqual([`${SCRIPT_URL}?render=${SITE_KEY}`]);
});
