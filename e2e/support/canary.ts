import { Buffer } from 'node:buffer';
import { expect, type Page, type Request } from '@playwright/test';
import { makeLandingId } from '../../src/domain/landing-id.ts';

/**
 * The canary check: distinctive made-up values are typed into every field of a journey, and
 * everything the browser exposes outside the clinic's API (URLs, titles, console, analytics
 * events, browser storage) is recorded, then searched for them, as typed, URL-encoded and
 * base64-encoded (the landing id is base64 of the last name and email).
 */

/** One value a patient typed, with the spellings it may take (a phone formatted, a date as ISO...). */
export interface Canary {
  /** What it is, for the failure message ('last name'). */
  what: string;
  spellings: readonly string[];
}

/**
 * Words of what a patient's answers say rather than what they typed (issue 38): the clinic's
 * verdict (qualified, not_qualified, eligible), a contraindication or its reason's key, the scores
 * and their bands (the symptom levels Mild, Moderate, Significant). None may reach the tag manager.
 */
export const HEALTH_OUTCOME =
  /qualif|eligib|contraindicat|\bscores?\b|\bbands?\b|\b(mild|moderate|significant)\b|under.?age|hormone-cancer|blood-clot|pregnan/i;

/** Where the browser showed or kept something, on which page, during which step of the journey, and what. */
export interface Observation {
  where: string;
  step: string;
  /** The page's URL when it was seen. */
  page: string;
  text: string;
}

interface Needle {
  canary: string;
  form: string;
  text: string;
  /** Base64 and landing ids are case-sensitive; typed text is matched whatever its case. */
  exact: boolean;
}

/** The base64 forms the bytes of `value` take inside any base64 text, at each of the three byte alignments. */
function base64Fragments(value: string): string[] {
  const fragments: string[] = [];
  const bytes = Buffer.from(value, 'utf8');
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // Characters that mix the padding bytes or the next unknown byte in are left off.
    const fragment = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    if (fragment.length >= 6) {
      fragments.push(fragment, fragment.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...new Set(fragments)];
}

/** Every form of every canary to look for, and the landing ids the journey made. */
function needlesOf(canaries: readonly Canary[], landingIds: readonly string[]): Needle[] {
  const needles: Needle[] = [];
  for (const canary of canaries) {
    for (const spelling of canary.spellings) {
      needles.push({ canary: canary.what, form: 'as typed', text: spelling.toLowerCase(), exact: false });
      for (const encoded of [encodeURIComponent(spelling), encodeURIComponent(spelling).replace(/%20/g, '+')]) {
        if (encoded !== spelling) {
          needles.push({ canary: canary.what, form: 'URL-encoded', text: encoded.toLowerCase(), exact: false });
        }
      }
      for (const variant of new Set([spelling, spelling.toLowerCase()])) {
        for (const fragment of base64Fragments(variant)) {
          needles.push({ canary: canary.what, form: 'base64', text: fragment, exact: true });
        }
      }
    }
  }
  for (const id of landingIds) needles.push({ canary: 'landing id', form: id, text: id, exact: true });
  return needles;
}

/** `text` and its URL-decoded forms (once and twice), so an encoded value is found as typed too. */
function decodedForms(text: string): string[] {
  const forms = [text];
  let current = text;
  for (let round = 0; round < 2; round += 1) {
    try {
      current = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      break;
    }
    forms.push(current);
  }
  return [...new Set(forms)];
}

/**
 * The landing ids a journey can make for `lastName` and `email` (SPEC §3): landed today or
 * yesterday (a run across midnight), for the assessment and the intake, with and without the
 * repeat suffix.
 */
export function possibleLandingIds(lastName: string, email: string, now: Date = new Date()): string[] {
  const ids: string[] = [];
  for (const daysAgo of [0, 1]) {
    const landedAt = new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
    for (const formId of ['MIP', 'MIP-H2']) {
      for (const suffix of ['', 'b']) {
        for (const address of new Set([email, email.toLowerCase()])) {
          ids.push(makeLandingId({ lastName, email: address, landedAt, formId, suffix }));
        }
      }
    }
  }
  return ids;
}

function isApiCall(request: Request, appOrigins: readonly string[]): boolean {
  const url = new URL(request.url());
  return appOrigins.includes(url.origin) && url.pathname.startsWith('/api/');
}

interface BrowserStorage {
  localStorage: [string, string][];
  sessionStorage: [string, string][];
  cookie: string;
  indexedDb: string[];
  cacheStorage: string[];
  dataLayer: string | null;
  historyState: string;
  title: string;
}

/** Reports to the test every title the page sets and every write to browser storage, as it happens. */
function watchWrites(): void {
  type Report = (where: string, text: string) => void;
  const report = (where: string, text: string) => {
    const binding = (window as unknown as { __canaryReport?: Report }).__canaryReport;
    if (binding !== undefined) binding(where, text);
  };
  // Wraps a built-in method or accessor so each call is reported first, then runs as before.
  const spy = (
    target: object,
    name: string,
    kind: 'value' | 'set',
    describe: (self: unknown, args: unknown[]) => [string, string],
  ) => {
    const descriptor = Object.getOwnPropertyDescriptor(target, name);
    const original: unknown = descriptor === undefined ? undefined : Reflect.get(descriptor, kind);
    if (descriptor === undefined || typeof original !== 'function') return;
    Object.defineProperty(target, name, {
      ...descriptor,
      [kind](this: unknown, ...args: unknown[]): unknown {
        const [where, text] = describe(this, args);
        report(where, text);
        return Reflect.apply(original, this, args);
      },
    });
  };
  spy(Storage.prototype, 'setItem', 'value', (self, [key, value]) => [
    self === window.sessionStorage ? 'sessionStorage write' : 'localStorage write',
    `${String(key)}=${String(value)}`,
  ]);
  spy(Document.prototype, 'cookie', 'set', (_self, [value]) => ['document.cookie write', String(value)]);
  spy(IDBFactory.prototype, 'open', 'value', (_self, [name]) => ['IndexedDB database opened', String(name)]);
  if ('caches' in window) {
    spy(CacheStorage.prototype, 'open', 'value', (_self, [name]) => ['Cache Storage opened', String(name)]);
  }
  // Every title the page sets, even one replaced within the same task: setting document.title
  // replaces the <title>'s text node, so the added nodes hold each title in turn.
  const inTitle = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest('title') != null;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData' && inTitle(record.target)) {
        report('page title', record.target.textContent ?? '');
      }
      for (const node of record.addedNodes) {
        if (inTitle(node) || inTitle(record.target)) report('page title', node.textContent ?? '');
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * Records what the browser shows or keeps outside the clinic's API while a journey runs:
 * every request URL (and headers, and bodies that do not go to the app's /api), every
 * navigation, console message and page error, every title and storage write as it happens,
 * and at each checkpoint the page's storage, cookies, analytics data layer, history state and
 * title. Start it before the first navigation.
 */
export class CanaryRecorder {
  readonly observations: Observation[] = [];
  /** What the page sent the tag manager's collect endpoint (locally /tags/collect), each body in order. */
  readonly tagRequests: string[] = [];
  private step = 'opening the first page';
  private readonly pending: Promise<unknown>[] = [];
  private lastDataLayer: string | null = null;

  private constructor(private readonly page: Page) {}

  static async start(page: Page, appOrigins: readonly string[]): Promise<CanaryRecorder> {
    const recorder = new CanaryRecorder(page);
    await page.exposeBinding('__canaryReport', (_source, where: string, text: string) => {
      recorder.add(where, text);
    });
    await page.addInitScript(watchWrites);
    page.on('request', (request) => {
      recorder.add('request URL', `${request.method()} ${request.url()}`);
      // The referer is the page's URL, checked as such.
      const headers = Object.entries(request.headers()).filter(([name]) => name !== 'referer');
      recorder.add(`request headers of ${request.method()} ${request.url()}`, JSON.stringify(headers));
      const body = request.postData();
      if (body !== null && !isApiCall(request, appOrigins)) {
        recorder.add('request body to a non-API address', `${request.url()} ${body}`);
        if (new URL(request.url()).pathname.endsWith('/tags/collect')) recorder.tagRequests.push(body);
      }
    });
    page.on('framenavigated', (frame) => {
      recorder.add('navigated URL', frame.url());
    });
    // The page's HTML as the server sent it (the route's prerendered page): built before any
    // patient came, it must carry nothing of theirs, whoever asks for it with whatever cookie.
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'document') return;
      recorder.pending.push(
        response.text().then(
          (html) => {
            recorder.add('page HTML from the server', html);
          },
          () => undefined,
        ),
      );
    });
    page.on('console', (message) => {
      recorder.add('console message', `${message.type()}: ${message.text()}`);
      for (const arg of message.args()) {
        recorder.pending.push(
          arg.jsonValue().then(
            (value: unknown) => {
              const text =
                typeof value === 'string' ? value : value === undefined ? 'undefined' : JSON.stringify(value);
              recorder.add('console message argument', text);
            },
            () => undefined,
          ),
        );
      }
    });
    page.on('pageerror', (error) => {
      recorder.add('page error', `${error.message}\n${error.stack ?? ''}`);
    });
    return recorder;
  }

  private add(where: string, text: string) {
    this.observations.push({ where, step: this.step, page: this.page.url(), text });
  }

  /** Reads the page's title, storage, cookies, data layer and history state; then names the next step. */
  async checkpoint(nextStep: string): Promise<void> {
    const storage = await this.page.evaluate(async (): Promise<BrowserStorage> => {
      const entries = (store: Storage): [string, string][] =>
        Array.from({ length: store.length }, (_, index) => {
          const key = store.key(index) ?? '';
          return [key, store.getItem(key) ?? ''];
        });
      const databases = 'databases' in indexedDB ? await indexedDB.databases() : [];
      const cacheStorage: string[] = [];
      if ('caches' in window) {
        for (const name of await caches.keys()) {
          cacheStorage.push(name);
          const cache = await caches.open(name);
          for (const request of await cache.keys()) cacheStorage.push(`${name}: ${request.url}`);
        }
      }
      const { dataLayer } = window as unknown as { dataLayer?: unknown };
      const state: unknown = window.history.state;
      return {
        localStorage: entries(window.localStorage),
        sessionStorage: entries(window.sessionStorage),
        cookie: document.cookie,
        indexedDb: databases.map((database) => database.name ?? ''),
        cacheStorage,
        dataLayer: dataLayer === undefined ? null : JSON.stringify(dataLayer),
        historyState: state === undefined ? 'undefined' : JSON.stringify(state),
        title: document.title,
      };
    });
    this.add('page title', storage.title);
    this.add('page URL', this.page.url());
    for (const [key, value] of storage.localStorage) this.add('localStorage', `${key}=${value}`);
    for (const [key, value] of storage.sessionStorage) this.add('sessionStorage', `${key}=${value}`);
    this.add('document.cookie', storage.cookie);
    for (const name of storage.indexedDb) this.add('IndexedDB database name', name);
    for (const key of storage.cacheStorage) this.add('Cache Storage key', key);
    this.add('history state (kept across reloads)', storage.historyState);
    if (storage.dataLayer !== null) {
      this.lastDataLayer = storage.dataLayer;
      this.add('analytics data layer (window.dataLayer)', storage.dataLayer);
    }
    for (const cookie of await this.page.context().cookies()) {
      this.add('browser cookie (incl. HttpOnly)', `${cookie.name}=${cookie.value}; path=${cookie.path}`);
    }
    this.step = nextStep;
  }

  /** window.dataLayer as last seen (JSON), or null when the page has none. */
  get dataLayer(): string | null {
    return this.lastDataLayer;
  }

  /**
   * Where the analytics data layer or a body sent outside the clinic's API named something the
   * answers say (HEALTH_OUTCOME), one line each: no typed value, but worked out from them.
   */
  healthOutcomes(): string[] {
    const heard = new Set(['analytics data layer (window.dataLayer)', 'request body to a non-API address']);
    return this.observations
      .filter((observation) => heard.has(observation.where) && HEALTH_OUTCOME.test(observation.text))
      .map(
        (observation) =>
          `${String(HEALTH_OUTCOME.exec(observation.text)?.[0])} in the ${observation.where} on ${observation.page} (step: ${observation.step}): ${observation.text.slice(0, 400)}`,
      );
  }

  /**
   * Every place a canary (or one of `landingIds`) was found, one line each: where, on which
   * page, after which step, what was there and which values in which form.
   */
  async leaks(canaries: readonly Canary[], landingIds: readonly string[]): Promise<string[]> {
    await Promise.all(this.pending);
    const needles = needlesOf(canaries, landingIds);
    const found = new Map<string, { observation: Observation; values: Set<string> }>();
    for (const observation of this.observations) {
      const forms = decodedForms(observation.text);
      const lowered = forms.map((form) => form.toLowerCase());
      for (const needle of needles) {
        const haystack = needle.exact ? forms : lowered;
        if (!haystack.some((form) => form.includes(needle.text))) continue;
        const key = `${observation.where}|${observation.page}|${observation.text}`;
        const entry = found.get(key) ?? { observation, values: new Set<string>() };
        entry.values.add(needle.canary === 'landing id' ? 'the landing id' : `${needle.canary} (${needle.form})`);
        found.set(key, entry);
      }
    }
    return [...found.values()].map(
      ({ observation, values }) =>
        `${[...values].join(', ')} in the ${observation.where} on ${observation.page} (step: ${observation.step}): ${observation.text.slice(0, 400)}`,
    );
  }
}

/** Fails naming every place a canary leaked, or the tag manager heard what the answers say. */
export async function expectNoLeaks(
  recorder: CanaryRecorder,
  canaries: readonly Canary[],
  landingIds: readonly string[],
): Promise<void> {
  expect(await recorder.leaks(canaries, landingIds), 'typed values found outside the clinic API').toEqual([]);
  expect(recorder.healthOutcomes(), 'what the answers say, heard by analytics').toEqual([]);
}
