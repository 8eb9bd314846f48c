import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { focusProblems, layoutProblems } from './support/design-contract.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * The design contract can fail: each rule, on a small page made of Mantine's real CSS and the
 * markup Mantine renders, passes when the page is right and names the problem when it is not.
 * The first two are the bug this project had: Mantine's CSS imported with the button reset
 * after the button, so every button showed as bare bold text.
 */

const PRIMARY = '#0b4f8a';
const mantineCss = (file: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`@mantine/core/styles/${file}`), 'utf8');

/** A filled Mantine Button, as it renders (src/app/theme.ts sets no variant: filled). */
const MANTINE_BUTTON = `<button class="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-variant="filled" data-size="sm" type="submit" style="--button-bg: ${PRIMARY}; --button-hover: #0a4679; --button-color: #fff; --button-bd: 1px solid transparent; --button-height: 3rem; --button-padding-x: 1.5rem;"><span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">Next</span></span></button>`;

async function mantinePage(page: Page, cssOrder: readonly string[], body: string) {
  const styles = cssOrder.map((file) => `<style>${mantineCss(file)}</style>`).join('\n');
  await page.setContent(
    `<!doctype html><html lang="en" data-mantine-color-scheme="light"><head>${styles}</head><body><main style="padding: 16px">${body}</main></body></html>`,
  );
}

const GLOBAL = ['baseline.css', 'default-css-variables.css', 'global.css'];

test('a Mantine button whose CSS is imported base first is a filled primary action', async ({ page }) => {
  await mantinePage(page, [...GLOBAL, 'UnstyledButton.css', 'Button.css'], MANTINE_BUTTON);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 600 });
    expect(await layoutProblems(page, { primaryColor: PRIMARY })).toEqual([]);
  }
});

test('the same button with the reset imported after it (the broken order) fails as bare text with no primary action', async ({
  page,
}) => {
  await mantinePage(page, [...GLOBAL, 'Button.css', 'UnstyledButton.css'], MANTINE_BUTTON);
  await page.setViewportSize({ width: 375, height: 600 });
  const problems = await layoutProblems(page, { primaryColor: PRIMARY });
  expect(problems).toContainEqual(expect.stringMatching(/^\[button-visible\] button "Next": no visible fill/));
  expect(problems).toContainEqual(expect.stringMatching(/^\[primary-action\] main: 0 actions filled/));
});

test('an unstyled button fails: it looks like plain text', async ({ page }) => {
  await page.setContent(
    '<main><button style="background: none; border: 0; padding: 0; font: inherit; min-height: 48px; min-width: 120px">Pay $99</button></main>',
  );
  expect(await layoutProblems(page, { primaryColor: PRIMARY })).toContainEqual(
    expect.stringMatching(/^\[button-visible\] button "Pay \$99"/),
  );
});

test('two buttons filled with the primary colour fail: a screen has one primary action', async ({ page }) => {
  const button = (label: string) =>
    `<button style="background: ${PRIMARY}; color: #fff; border: 0; min-height: 48px; min-width: 120px">${label}</button>`;
  await page.setContent(`<main>${button('Pay')}${button('Book')}</main>`);
  expect(await layoutProblems(page, { primaryColor: PRIMARY })).toContainEqual(
    expect.stringMatching(/^\[primary-action\] main: 2 actions filled/),
  );
});

test('a small button is too small to tap on a phone, but fine on a wide screen', async ({ page }) => {
  await page.setContent(
    `<main><button style="background: ${PRIMARY}; color: #fff; border: 0; width: 30px; height: 30px">Go</button></main>`,
  );
  await page.setViewportSize({ width: 375, height: 600 });
  expect(await layoutProblems(page, { primaryColor: PRIMARY })).toContainEqual(
    expect.stringMatching(/^\[tap-target\] button "Go": 30×30 px/),
  );
  await page.setViewportSize({ width: 1280, height: 600 });
  expect(await layoutProblems(page, { primaryColor: PRIMARY })).toEqual([]);
});

test('a box wider than a small phone makes the page scroll sideways', async ({ page }) => {
  await page.setContent('<main><div style="width: 500px; height: 20px">wide</div></main>');
  await page.setViewportSize({ width: 320, height: 600 });
  expect(await layoutProblems(page, { primaryColor: PRIMARY })).toContainEqual(
    expect.stringMatching(/^\[overflow\] page: \d+ px wide in a 320 px viewport: div/),
  );
});

test('text cut off by a box that hides its overflow is reported', async ({ page }) => {
  await page.setContent(
    '<main><p style="height: 20px; width: 100px; overflow: hidden">A long sentence that cannot fit in such a small box at all.</p></main>',
  );
  expect(await layoutProblems(page, { primaryColor: PRIMARY })).toContainEqual(
    expect.stringMatching(/^\[clipped-text\] p "A long sentence/),
  );
});

test('a text field with no focus ring fails the focus check, one with a ring passes', async ({ page }) => {
  await page.setContent(
    '<main><label>Bare <input id="bare" style="outline: none; border: 1px solid #868e96"></label></main>',
  );
  expect(await focusProblems(page)).toEqual([expect.stringMatching(/^\[focus-visible\] input "Bare/)]);

  await page.setContent(
    '<style>input:focus-visible { outline: 3px solid #0b4f8a; outline-offset: 2px }</style><main><label>Ringed <input></label></main>',
  );
  expect(await focusProblems(page)).toEqual([]);
});
