// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import brands from '../../config/brands.json';
import { startTagManager, TAG_MANAGER_DELAY_MS } from '../../src/app/start-tag-manager.ts';

const LOCAL = { scriptUrl: '/tags/gtm.js' };

function tagScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[src*="gtm.js"]')];
}

function dataLayer(): unknown[] {
  return (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
}

/** jsdom's document is 'complete' once set up; a page still loading is made to say 'loading'. */
function pageStillLoading(): void {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
}

let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const script of tagScripts()) script.remove();
});

test('nothing is loaded until 3000 ms after the page’s load event, then the brand’s container', () => {
  pageStillLoading();
  stop = startTagManager(brands.brands.female.tagManagerContainer, LOCAL);

  vi.advanceTimersByTime(10_000);
  expect(tagScripts()).toEqual([]);

  window.dispatchEvent(new Event('load'));
  vi.advanceTimersByTime(TAG_MANAGER_DELAY_MS - 1);
  expect(tagScripts()).toEqual([]);
  expect(dataLayer()).toEqual([]);

  vi.advanceTimersByTime(1);
  const [script, ...others] = tagScripts();
  expect(others).toEqual([]);
  expect(script?.getAttribute('src')).toBe('/tags/gtm.js?id=GTM-FEMME01');
  expect(script?.async).toBe(true);
  expect(dataLayer()).toEqual([{ 'gtm.start': expect.any(Number) as number, event: 'gtm.js' }]);
});

test('a page that has already loaded starts it 3000 ms later', () => {
  stop = startTagManager(brands.brands.male.tagManagerContainer, { scriptUrl: 'https://tags.peakmens.example/gtm.js' });
  vi.advanceTimersByTime(TAG_MANAGER_DELAY_MS - 1);
  expect(tagScripts()).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(tagScripts().map((script) => script.src)).toEqual(['https://tags.peakmens.example/gtm.js?id=GTM-MALE001']);
});

test('with tagging off (settings null) no script is ever added', () => {
  stop = startTagManager(brands.brands.male.tagManagerContainer, null);
  window.dispatchEvent(new Event('load'));
  vi.advanceTimersByTime(60_000);
  expect(tagScripts()).toEqual([]);
  expect(dataLayer()).toEqual([]);
});

test('a tagging script that fails to load throws nothing and leaves the events in the data layer', () => {
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [{ event: 'funnel_step_view' }];
  stop = startTagManager(brands.brands.male.tagManagerContainer, LOCAL);
  vi.advanceTimersByTime(TAG_MANAGER_DELAY_MS);
  const [script] = tagScripts();
  expect(script).toBeDefined();

  expect(() => script?.dispatchEvent(new Event('error'))).not.toThrow();
  expect(tagScripts()).toEqual([]);
  expect(dataLayer()).toEqual([{ event: 'funnel_step_view' }, expect.objectContaining({ event: 'gtm.js' })]);
});

test('a start cancelled before its time adds nothing', () => {
  startTagManager(brands.brands.male.tagManagerContainer, LOCAL)();
  vi.advanceTimersByTime(TAG_MANAGER_DELAY_MS * 2);
  expect(tagScripts()).toEqual([]);
});
