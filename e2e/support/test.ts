import { test as base } from '@playwright/test';

export { expect, type Browser, type Page, type Request, type TestInfo } from '@playwright/test';

/**
 * Playwright's `test`, with one check after every test: the page broke no rule of its
 * Content-Security-Policy. Chromium reports each blocked script, style, frame, request or
 * media load on the console ("Refused to ... because it violates ... Content Security
 * Policy"), in every page and frame of the test's context; a test that meant to block a
 * service uses `page.route`, which the policy never sees.
 */
export const test = base.extend<{
  contentSecurityPolicy: undefined;
  cspViolations: string[];
  noUndefinedInRequests: undefined;
  failureNotes: undefined;
}>({
  /** What the policy refused during the test; a test that provokes a refusal reads it and empties it. */
  // Playwright reads which fixtures a fixture needs from its first parameter's pattern: none.
  // eslint-disable-next-line no-empty-pattern
  cspViolations: async ({}, use) => {
    await use([]);
  },
  contentSecurityPolicy: [
    async ({ context, cspViolations: violations }, use) => {
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      context.on('weberror', (error) => {
        if (/Content Security Policy|unsafe-eval/i.test(error.error().message)) violations.push(error.error().message);
      });
      await use(undefined);
      base.expect(violations, 'the pages broke their Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * And one more after every test: no request the pages made has the text `undefined` in its
   * URL or body, the mark of a value the app did not have (issue 24: the payment page asked
   * for `getProductInfo?id=undefined`, and the men's order was stored as a woman's).
   */
  noUndefinedInRequests: [
    async ({ context }, use) => {
      const found: string[] = [];
      context.on('request', (request) => {
        if (`${request.url()} ${request.postData() ?? ''}`.includes('undefined')) {
          found.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`.trim());
        }
      });
      await use(undefined);
      base.expect(found, 'requests with "undefined" in their URL or body').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * A failed test prints where each of its pages stood: URL, heading, what the page announced
   * (alerts, status lines) and the API's last refusals. CI keeps only its log, not the
   * screenshots and traces, and a race seen once there is read from these lines.
   */
  failureNotes: [
    async ({ context }, use, testInfo) => {
      const refusals: string[] = [];
      context.on('response', (response) => {
        if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/'))
          refusals.push(
            `${response.request().method()} ${new URL(response.url()).pathname} ${String(response.status())}`,
          );
      });
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      const lines = [`-- where the pages stood when "${testInfo.title}" failed:`];
      for (const page of context.pages()) {
        const read = async (selector: string) =>
          (
            await page
              .locator(selector)
              .allInnerTexts()
              .catch(() => [] as string[])
          )
            .map((text) => text.replace(/\s+/g, ' ').trim())
            .filter((text) => text !== '');
        lines.push(`   ${page.url()}`);
        lines.push(`   h1: ${(await read('h1')).join(' | ') || '(none)'}`);
        const said = await read('[role="alert"], [role="status"]');
        if (said.length > 0) lines.push(`   said: ${said.join(' | ').slice(0, 600)}`);
      }
      if (refusals.length > 0) lines.push(`   API refusals: ${refusals.slice(-8).join(', ')}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    },
    { auto: true },
  ],
});
