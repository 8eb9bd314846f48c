import type { Browser } from '@playwright/test';
import { entryStep } from './entry-pages.ts';

/**
 * "First control usable" (issue 28): how long a patient on a slow phone waits, from navigation
 * start, until the page lets them do its work: the first question of the assessment or intake
 * can be answered, the payment form can be typed into beside its order summary, the results are
 * there to read. Measured in Chromium with the network and CPU throttled, cold: a new browser
 * context per run with the cache off. Each request waits one round trip on top of its bytes at
 * the line's throughput, as issue 28's measurement (which set the aims) applied the profile.
 * Lighthouse's own DevTools throttling multiplies the round trip by 3.75 to stand for a new
 * connection's handshakes; on this server's one kept-alive connection that would count them on
 * every request, and doubles these figures.
 */

/** A line and a phone, as the browser is throttled to them. */
export interface Throttle {
  /** How the table names it. */
  name: string;
  rttMs: number;
  throughputKbps: number;
  cpuSlowdown: number;
}

/** Lighthouse's mobile preset (slow 4G, a 4x slower CPU), and a poor line on the same phone. */
export const THROTTLES = {
  slow4g: { name: 'slow 4G', rttMs: 150, throughputKbps: 1600, cpuSlowdown: 4 },
  poorLine: { name: 'poor line', rttMs: 400, throughputKbps: 400, cpuSlowdown: 4 },
} as const satisfies Record<string, Throttle>;

/** What "usable" means on a page, by its step. */
export type UsableCheck = 'first-control' | 'payment-form' | 'results';

export function usableCheckOf(pathname: string): UsableCheck {
  const step = entryStep(pathname);
  if (step === 'payment') return 'payment-form';
  if (step === 'results') return 'results';
  return 'first-control';
}

/**
 * Runs in the page from its first byte (an init script): records in `window.__usableAt` the
 * `performance.now()` (milliseconds since navigation start) at which the check first holds. A plain string, so it runs as
 * the page's own script would, whatever the bundler does to this file.
 */
function watcherScript(check: UsableCheck): string {
  return `(() => {
  const check = ${JSON.stringify(check)};
  const shown = (element) =>
    element instanceof HTMLElement && element.checkVisibility() && element.getBoundingClientRect().width > 0;
  const usable = (element) => shown(element) && !element.disabled && !element.closest('[inert], fieldset[disabled]');
  const holds = () => {
    const main = document.querySelector('main');
    if (main === null) return false;
    if (check === 'first-control') {
      return [...main.querySelectorAll('input:not([type=hidden]), select, textarea')].some(usable);
    }
    if (check === 'payment-form') {
      const card = [...main.querySelectorAll('label')].find((label) => label.textContent.trim().startsWith('Card number'));
      const summary = main.querySelector('[aria-labelledby="order-summary-title"]');
      return card !== undefined && usable(card.control) && shown(summary) && /\\$\\d/.test(summary.textContent);
    }
    // Results: the screen has replaced its loading mark with what it says, and a way on; a
    // failure to load (an alert with its Try again) is not the results.
    return main.querySelector('[role=status][aria-busy=true]') === null &&
      main.querySelector('[role=alert]') === null &&
      [...main.querySelectorAll('button, a[href]')].some(usable);
  };
  // Looked at in the frame after each change to the page (the frame that paints it), and every
  // 100 ms for a change no mutation shows (a style sheet arriving).
  const look = () => {
    if (window.__usableAt === undefined && holds()) window.__usableAt = performance.now();
  };
  const observer = new MutationObserver(() => requestAnimationFrame(look));
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  const timer = setInterval(() => {
    look();
    if (window.__usableAt === undefined) return;
    clearInterval(timer);
    observer.disconnect();
  }, 100);
})();`;
}

/** One cold visit of `url` under `throttle`: milliseconds from navigation start until usable. */
export async function timeToUsable(
  browser: Browser,
  url: string,
  throttle: Throttle,
  timeoutMs = 60_000,
): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(watcherScript(usableCheckOf(new URL(url).pathname)));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.rttMs,
      // Bytes per second, as CDP takes it.
      downloadThroughput: (throttle.throughputKbps * 1000) / 8,
      uploadThroughput: (throttle.throughputKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    const handle = await page.waitForFunction(
      () => (window as unknown as { __usableAt?: number }).__usableAt,
      undefined,
      { timeout: timeoutMs, polling: 250 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}
