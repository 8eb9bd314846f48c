import type { Page, Route } from '@playwright/test';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 28, point 1: a payment page's order summary is in the page the server sends, so a
 * patient on a slow line sees what they are buying, and its price, before the app's script has
 * arrived; when the app takes the page over, its own summary takes that one's place without a
 * move, and the card form appears under it.
 */

const PAGES = [
  { site: MENS_SITE, path: '/payment/shrt', product: 'Hormone assessment and clinician consultation' },
  { site: WOMENS_SITE, path: '/f/payment/fha1', product: "Women's hormone assessment and clinician consultation" },
] as const;

function orderSummary(page: Page) {
  return page.getByRole('region', { name: 'Your order' });
}

for (const { site, path, product } of PAGES) {
  test(`${path}: the order summary and its total are on the page before any script runs`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site}${path}`);
    const summary = orderSummary(page);
    await expect(summary.getByText(product, { exact: true })).toBeVisible();
    await expect(summary.getByText('Total')).toBeVisible();
    await expect(summary.getByText('$99')).toHaveCount(2);
    // Drawn as the app draws it (Mantine's card, in the page's own styles): bordered, not bare.
    const border = await summary.evaluate((card) => getComputedStyle(card).borderTopStyle);
    expect(border).toBe('solid');
    // The form is the app's: its place still shows the loading mark.
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    await context.close();
  });

  test(`${path}: the app takes the summary over where it stands, and the form comes under it`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The app's code held back, as a slow line holds it, until the summary has been measured.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/(?!page-start-)[^/]+\.js$/, async (route: Route) => {
      await gate;
      await route.continue();
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${site}${path}`, { waitUntil: 'commit' });
    await expect(orderSummary(page).getByText(product, { exact: true })).toBeVisible();
    const before = await orderSummary(page).boundingBox();
    release();

    await expect(page.getByRole('textbox', { name: 'First name' })).toBeEditable({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: /^Pay \$99/ })).toBeVisible();
    expect(await orderSummary(page).boundingBox()).toEqual(before);
    expect(problems).toEqual([]);
  });
}
