import { within } from '../../../lib/within.ts';
import { BOT_CHECK_NO_TOKEN, BOT_CHECK_NOT_AVAILABLE, type BotCheck } from './bot-check.ts';

/** The part of Google's `grecaptcha.enterprise` the bot check uses. */
interface EnterpriseApi {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<unknown>;
}

type WindowWithGrecaptcha = Window & { grecaptcha?: { enterprise?: Partial<EnterpriseApi> } };

export interface RecaptchaEnterpriseOptions {
  siteKey: string;
  /** Google's `https://www.google.com/recaptcha/enterprise.js`, or a fake of it in the tests. */
  scriptUrl: string;
  /** How long a token waits for the script to load and say it is ready. @default 5000 */
  loadTimeoutMs?: number;
  /** How long a token waits for `execute` to answer. @default 5000 */
  executeTimeoutMs?: number;
}

export const RECAPTCHA_LOAD_TIMEOUT_MS = 5000;
export const RECAPTCHA_EXECUTE_TIMEOUT_MS = 5000;

/**
 * The script elements added, by address: each is added once for the page's life. One that
 * failed to load is removed and forgotten, so the next token tries again.
 */
const scripts = new Map<string, Promise<void>>();

function enterpriseApi(): EnterpriseApi | null {
  const enterprise = (window as WindowWithGrecaptcha).grecaptcha?.enterprise;
  if (typeof enterprise?.ready !== 'function' || typeof enterprise.execute !== 'function') return null;
  return enterprise as EnterpriseApi;
}

function addScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known !== undefined) return known;
  const loaded = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      resolve();
    });
    script.addEventListener('error', () => {
      script.remove();
      scripts.delete(src);
      reject(new Error(BOT_CHECK_NOT_AVAILABLE));
    });
    document.head.append(script);
  });
  scripts.set(src, loaded);
  return loaded;
}

/** `promise` within `ms`; a timeout, or any failure of its own, becomes an Error saying `message`. */
function withinOr<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return within(promise, ms, () => new Error(message)).catch(() => {
    throw new Error(message);
  });
}

async function readyApi(src: string): Promise<EnterpriseApi> {
  if (enterpriseApi() === null) await addScript(src);
  const api = enterpriseApi();
  if (api === null) throw new Error(BOT_CHECK_NOT_AVAILABLE);
  await new Promise<void>((resolve) => {
    api.ready(resolve);
  });
  return api;
}

/**
 * reCAPTCHA Enterprise, score-based: its script (`{scriptUrl}?render={siteKey}`) is added to
 * the page the first time it is needed (or when `prepare` is called, as the payment screen
 * does on opening), then each token is `grecaptcha.enterprise.execute(siteKey, { action })`.
 * A script that fails, defines no enterprise API or is not ready in time gives 'grecaptcha not
 * available'; an execute that answers empty, fails or is not done in time gives 'grecaptcha no
 * token returned' (SPEC §8 names only these two).
 */
export function recaptchaEnterpriseBotCheck(options: RecaptchaEnterpriseOptions): BotCheck {
  const { siteKey } = options;
  const loadTimeoutMs = options.loadTimeoutMs ?? RECAPTCHA_LOAD_TIMEOUT_MS;
  const executeTimeoutMs = options.executeTimeoutMs ?? RECAPTCHA_EXECUTE_TIMEOUT_MS;
  const url = new URL(options.scriptUrl, document.baseURI);
  url.searchParams.set('render', siteKey);
  const src = url.href;
  return {
    async token(action) {
      const api = await withinOr(readyApi(src), loadTimeoutMs, BOT_CHECK_NOT_AVAILABLE);
      const token = await withinOr(
        new Promise<unknown>((resolve, reject) => {
          // execute may also throw at once (a wrong key, for one).
          Promise.resolve(api.execute(siteKey, { action })).then(resolve, reject);
        }),
        executeTimeoutMs,
        BOT_CHECK_NO_TOKEN,
      );
      if (typeof token !== 'string' || token === '') throw new Error(BOT_CHECK_NO_TOKEN);
      return token;
    },
    prepare() {
      if (enterpriseApi() === null) addScript(src).catch(() => undefined);
    },
  };
}

/** Forgets the scripts added, so each test starts with a page that has none. */
export function forgetRecaptchaScripts(): void {
  scripts.clear();
}
