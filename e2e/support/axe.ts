import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/** axe-core's browser build, injected into the page under test (never bundled into the app). */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The impacts that fail a test: a patient using a screen reader or keyboard, or with low vision, is blocked. */
const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

interface AxeWindow {
  axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
}

/**
 * Waits until the screen has finished loading: its h1 is shown, no loading indicator (the
 * app's `role="status"` 'Loading…' or anything `aria-busy`) is left, and running transitions
 * have ended, so axe measures the colours the patient sees, not a fade-in.
 */
export async function waitForScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  // The first page of questions the HTML brought (issue 28) is usable, so it is not busy; it is
  // swapped for the app's own as the app arrives, and what a test measures is the app's page.
  await expect(page.locator('[data-early-form]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"], [role="status"][aria-label^="Loading"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  // The layouts with a footer load its code after the page (src/shared/layout/app-page-layout.tsx), or
  // when it scrolls into view: bring it in, so it is checked too.
  const layout = await page
    .locator('[data-layout]')
    .first()
    .getAttribute('data-layout', { timeout: 1_000 })
    .catch(() => null);
  if (layout === 'default' || layout === 'grey' || layout === 'minimal') {
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect(page.getByRole('contentinfo')).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
  }
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** One violation as a line a person can act on: impact, rule, what it asks, where, and the rule's help page. */
function describeViolation(violation: Result): string {
  const targets = violation.nodes.map((node) => node.target.map(String).join(' ')).slice(0, 8);
  const more = violation.nodes.length > targets.length ? ` (+${violation.nodes.length - targets.length} more)` : '';
  return `[${String(violation.impact)}] ${violation.id}: ${violation.help} at ${targets.join(' | ')}${more} (${violation.helpUrl})`;
}

/** axe's serious and critical violations on the page as it is now, one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol rather than added as a <script>: the page's
  // Content-Security-Policy rightly refuses inline script, and that evaluation is exempt.
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(
      (source) => {
        (0, eval)(source);
      },
      readFileSync(AXE_SOURCE, 'utf8'),
    );
  }
  const results = await page.evaluate(async () => {
    const { axe } = window as AxeWindow;
    if (axe === undefined) throw new Error('axe-core was not injected');
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((violation) => violation.impact != null && BLOCKING_IMPACTS.includes(violation.impact))
    .map(describeViolation);
}

/** Fails with every serious or critical axe violation of the page, naming the screen or state `what`. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), `axe: serious or critical violations on ${what} (${page.url()})`).toEqual([]);
}
