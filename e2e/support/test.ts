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
});
