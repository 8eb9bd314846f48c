import type { Page, Route } from '@playwright/test';

/**
 * A page whose HTML brings a form before the app (issue 28), as a slow line delivers it: the
 * app's code held back while the patient uses the page, and what the page reported meanwhile.
 */

/** Holds back the app's code (its entry and every chunk it imports) until `release` is called. */
export async function holdTheApp(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  // Everything under /assets/ but the page's own start script, which holds an early press.
  await page.route(/\/assets\/(?!page-start-)[^/]+\.js$/, async (route: Route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  return {
    release: () => {
      release();
    },
    held: () => held,
  };
}

/** Problems the page reported: hydration differences, styles or scripts the policy refused, errors. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium warns of a preloaded file not used within a few seconds of the load event: here
    // the code that uses it is held by the test (holdTheApp) for as long as its checks take.
    // e2e/prerender.spec.ts, with nothing held, still hears that warning.
    if (/was preloaded using link preload but not used within a few seconds/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
