import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expectDesigned, focusProblems, headingProblems, layoutProblems } from './support/design-contract.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * The design contract (e2e/support/design-contract.ts) can fail and can pass: each rule on a
 * small page, no app server needed. The Mantine pages are Mantine's own CSS from node_modules
 * and the markup Mantine renders for a Button (react-dom/server, MantineProvider), so the first
 * two are the bug this project had: with UnstyledButton.css after Button.css, the reset won
 * and every button showed as bare bold text.
 */

const PRIMARY = '#0b4f8a';
const OPTIONS = { primaryColor: PRIMARY };

const requireFromHere = createRequire(import.meta.url);
const mantineCss = (file: string) => readFileSync(requireFromHere.resolve(`@mantine/core/styles/${file}`), 'utf8');
const GLOBAL_CSS = ['baseline.css', 'default-css-variables.css', 'global.css'];
const BASE_FIRST = [...GLOBAL_CSS, 'UnstyledButton.css', 'Button.css'];
const BUTTON_FIRST = [...GLOBAL_CSS, 'Button.css', 'UnstyledButton.css'];

/** `<Button variant="filled">` in the theme's primary colour, as Mantine 9 renders it. */
const FILLED_BUTTON = (label: string) =>
  `<button style="--button-bg:var(--mantine-primary-color-filled);--button-hover:var(--mantine-primary-color-filled-hover);--button-color:var(--mantine-color-white);--button-bd:calc(0.0625rem * var(--mantine-scale)) solid transparent" class="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-variant="filled" type="button"><span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">${label}</span></span></button>`;

/** `<Button variant="outline">` as the app's secondary action: dark text, grey 6 border. */
const OUTLINE_BUTTON = (label: string) =>
  `<button style="--button-bg:transparent;--button-hover:var(--mantine-color-gray-0);--button-color:var(--mantine-color-black);--button-bd:calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-6)" class="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-variant="outline" type="button"><span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">${label}</span></span></button>`;

/**
 * A page of Mantine's CSS files in the given order, the brand's primary colour as the theme
 * sets it, and the app's 48 px buttons (src/app/design.css), with `body` in its `<main>`.
 */
async function mantinePage(page: Page, cssFiles: readonly string[], body: string): Promise<void> {
  const styles = cssFiles.map((file) => `<style>${mantineCss(file)}</style>`).join('\n');
  await page.setContent(`<!doctype html>
    <html lang="en" data-mantine-color-scheme="light" data-site="male">
      <head>
        ${styles}
        <style>
          :root { --mantine-primary-color-filled: ${PRIMARY}; --mantine-primary-color-filled-hover: #0a4679; }
          .mantine-Button-root { --button-height: 3rem; }
          main { display: flex; gap: 16px; padding: 16px; }
        </style>
      </head>
      <body><main>${body}</main></body>
    </html>`);
}

async function at(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 700 });
}

test('a Mantine button whose CSS loads base first is a filled primary action, on a phone and on a laptop', async ({
  page,
}) => {
  await mantinePage(page, BASE_FIRST, FILLED_BUTTON('Next') + OUTLINE_BUTTON('Back'));
  for (const width of [375, 1280]) {
    await at(page, width);
    expect(await layoutProblems(page, OPTIONS), `at ${String(width)} px`).toEqual([]);
  }
});

test('with the button reset loaded after the button, buttons show as bare bold text and the page has no primary action', async ({
  page,
}) => {
  await mantinePage(page, BUTTON_FIRST, FILLED_BUTTON('Next') + OUTLINE_BUTTON('Back'));
  await at(page, 375);
  const problems = await layoutProblems(page, OPTIONS);
  expect(problems).toContainEqual(
    expect.stringMatching(
      /^\[button-visible\] button "Next" \(main\): looks like plain text: .* no border, no underline$/,
    ),
  );
  expect(problems).toContainEqual(
    expect.stringMatching(/^\[button-visible\] button "Back" \(main\): looks like plain text/),
  );
  expect(problems).toContainEqual(
    `[primary-action] main: no action is filled with the primary colour ${PRIMARY} (actions: button "Next", button "Back")`,
  );
});

test('a button with no fill, border or underline looks like plain text', async ({ page }) => {
  await page.setContent(
    '<main><button style="background: transparent; border: 0; min-width: 120px; min-height: 48px">Pay $99</button></main>',
  );
  expect(await layoutProblems(page, OPTIONS)).toContainEqual(
    '[button-visible] button "Pay $99" (main): looks like plain text: its background transparent is 1.00:1 against #ffffff behind it (needs 1.5:1), no border, no underline',
  );
});

test('a 30 px button is too small to tap on a phone, and fine on a laptop', async ({ page }) => {
  await page.setContent(
    `<main><button aria-label="Close" style="width: 30px; height: 30px; border: 0; background: ${PRIMARY}; color: #fff">×</button></main>`,
  );
  await at(page, 375);
  expect(await layoutProblems(page, OPTIONS)).toEqual(['[tap-target] button "Close" (main): 30×30 px, under 44×44 px']);
  await at(page, 1280);
  expect(await layoutProblems(page, OPTIONS)).toEqual([]);
});

test('a 500 px wide box makes a 320 px phone scroll sideways', async ({ page }) => {
  await page.setContent(
    '<body style="margin: 0"><main><div class="promo" style="width: 500px">Save 20% today</div></main></body>',
  );
  await at(page, 320);
  expect(await layoutProblems(page, OPTIONS)).toEqual([
    '[overflow] div.promo "Save 20% today" (main): 500 px wide, its right edge at 500 px passes the 320 px viewport (the page scrolls sideways to 500 px)',
  ]);
  await at(page, 1280);
  expect(await layoutProblems(page, OPTIONS)).toEqual([]);
});

test('text that does not fit a fixed-height box with hidden overflow is cut off', async ({ page }) => {
  await page.setContent(`<main>
    <p class="note" style="height: 24px; width: 200px; overflow: hidden">Your consult is with a licensed clinician who reviews your answers first.</p>
    <p class="fits" style="height: 96px; width: 200px; overflow: hidden">Short enough.</p>
  </main>`);
  expect(await layoutProblems(page, OPTIONS)).toEqual([
    expect.stringMatching(
      /^\[clipped-text\] p\.note "Your consult is with a licensed clinici…" \(main\): text cut off: 200×\d+ px of content in a 200×24 px box with overflow hidden$/,
    ),
  ]);
});

test('text cut short with an ellipsis needs a title with the whole text', async ({ page }) => {
  const cut = 'width: 100px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis';
  await page.setContent(`<main>
    <p style="${cut}">Testosterone Replacement Therapy</p>
    <p style="${cut}" title="Thyroid Replacement Therapy">Thyroid Replacement Therapy</p>
  </main>`);
  expect(await layoutProblems(page, OPTIONS)).toEqual([
    expect.stringMatching(
      /^\[clipped-text\] p "Testosterone Replacement Therapy" \(main\): text cut short with an ellipsis and no title/,
    ),
  ]);
});

test('a text field that hides its focus outline cannot be found with the keyboard; a 2 px ring can', async ({
  page,
}) => {
  await page.setContent('<style>input:focus { outline: none }</style><main><label>First name <input></label></main>');
  expect(await focusProblems(page)).toEqual([
    expect.stringMatching(
      /^\[focus-visible\] input\[type=text\] "First name" \(main\): no visible focus indicator when reached by Tab 1 \(focused: outline none, box-shadow none;/,
    ),
  ]);

  await page.setContent(
    `<style>input:focus { outline: none } input:focus-visible { outline: 2px solid ${PRIMARY} }</style><main><label>First name <input></label></main>`,
  );
  expect(await focusProblems(page)).toEqual([]);
});

test('the keyboard walk covers every control once, from the top, and leaves the page as it was', async ({ page }) => {
  await page.setContent(`<style>:focus-visible { outline: 3px solid ${PRIMARY} } .bare:focus { outline: none }</style>
    <main><a href="#a">First</a> <button>Second</button> <button class="bare">Third</button> <input class="bare" aria-label="Fourth"></main>`);
  await page.getByRole('button', { name: 'Second' }).focus();
  expect(await focusProblems(page)).toEqual([
    expect.stringMatching(/^\[focus-visible\] button "Third" \(main\): .* Tab 3 /),
    expect.stringMatching(/^\[focus-visible\] input\[type=text\] "Fourth" \(main\): .* Tab 4 /),
  ]);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
});

test('two buttons filled with the primary colour compete: a screen has one primary action', async ({ page }) => {
  await mantinePage(page, BASE_FIRST, FILLED_BUTTON('Pay $99') + FILLED_BUTTON('Book my consult'));
  expect(await layoutProblems(page, OPTIONS)).toEqual([
    `[primary-action] main: 2 actions are filled with the primary colour ${PRIMARY}, not 1: button "Pay $99", button "Book my consult"`,
  ]);
});

test('a dark secondary button beside the primary one competes with it', async ({ page }) => {
  await mantinePage(
    page,
    BASE_FIRST,
    FILLED_BUTTON('Pay $99') + FILLED_BUTTON('Back').replace('var(--mantine-primary-color-filled)', '#1f2a37'),
  );
  expect(await layoutProblems(page, OPTIONS)).toEqual([
    expect.stringMatching(
      /^\[primary-action\] button "Back" \(main\): a solid fill #1f2a37 \(14\.\d\d:1 against #ffffff\) competes with the primary action$/,
    ),
  ]);
});

test('a link inside a sentence may be small on a phone; a link on a line of its own is a tap target', async ({
  page,
}) => {
  await page.setContent(`<main>
    <p>Read <a href="/terms">the terms</a> before you pay.</p>
    <p><a href="/privacy">Privacy policy</a></p>
  </main>`);
  await at(page, 375);
  expect(await layoutProblems(page, OPTIONS)).toEqual([
    expect.stringMatching(/^\[tap-target\] a "Privacy policy" \(main\): \d+×\d+ px, under 44×44 px$/),
  ]);
});

test('a radio is measured with its label row, and a visually hidden skip link is not a target', async ({ page }) => {
  await page.setContent(`<style>.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0) }</style>
    <a class="sr-only" href="#main">Skip to content</a>
    <main id="main"><fieldset><legend>Do you smoke?</legend>
      <label style="display: flex; align-items: center; min-height: 48px"><input type="radio" name="smoke"> Yes</label>
      <label style="display: flex; align-items: center"><input type="radio" name="smoke"> No</label>
    </fieldset></main>`);
  await at(page, 375);
  expect(await layoutProblems(page, OPTIONS)).toEqual([
    expect.stringMatching(
      /^\[tap-target\] input\[type=radio\] "No" \(main > fieldset "Do you smoke\?"\): \d+×\d+ px with its label, under 44×44 px$/,
    ),
  ]);
});

test('the whole contract runs at every width, names the page, and gives the viewport back', async ({ page }) => {
  await mantinePage(page, BUTTON_FIRST, FILLED_BUTTON('Next'));
  await at(page, 1024);
  const failure = await expectDesigned(page, 'the broken button page').then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  expect(failure).toContain('design contract (docs/design.md): problems on the broken button page');
  for (const width of [320, 375, 1280]) {
    expect(failure).toContain(
      `${String(width)}px on the broken button page: [button-visible] button \\"Next\\" (main)`,
    );
  }
  expect(page.viewportSize()).toEqual({ width: 1024, height: 700 });

  await mantinePage(page, BASE_FIRST, FILLED_BUTTON('Next') + OUTLINE_BUTTON('Back'));
  // A page has its heading (headingProblems), above the buttons.
  await page.evaluate(() => {
    const title = document.createElement('h1');
    title.textContent = 'Your order';
    document.body.prepend(title);
  });
  await expectDesigned(page, 'the fixed button page');
});

test('a phone number that can break across lines is found; a call link or an unbreakable number is not', async ({
  page,
}) => {
  await page.setContent(`<main>
    <p class="help">Questions? Call our care team at (888) 555-0142, Mon-Sun 8am-8pm.</p>
    <p>Questions? Call <a href="tel:8885550142" style="white-space: nowrap">(888) 555-0142</a>.</p>
    <p>A 10-digit US number, like (212)\u00a0555-\u20600123</p>
    <p><a href="tel:8885550142">Call now</a></p>
  </main>`);
  expect(await layoutProblems(page, OPTIONS)).toEqual([
    '[phone-wrap] a "Call now" (main): a call link that can break across lines (white-space normal)',
    '[phone-wrap] p.help "Questions? Call our care team at (888) …" (main): "(888) 555-0142" can break across lines; show the brand\'s number as a PhoneLink, any other with unbreakablePhone',
  ]);
});

test('a page has one heading, and nothing over it says it again', async ({ page }) => {
  await page.setContent(`<header><div class="badge">Secure Checkout</div></header>
    <main><h1>Secure Checkout</h1><h2>Your order</h2></main>`);
  expect(await headingProblems(page)).toEqual([
    '[doubled-heading] div.badge "Secure Checkout" (header): says the page\'s heading again (h1 "Secure Checkout")',
  ]);

  await page.setContent('<main><h1>Payment received</h1><section><h1>Your payment is complete</h1></section></main>');
  expect(await headingProblems(page)).toEqual([
    '[one-h1] document: 2 page headings (h1), not 1: h1 "Payment received", h1 "Your payment is complete"',
  ]);

  await page.setContent('<main><p>No heading here</p></main>');
  expect(await headingProblems(page)).toEqual(['[one-h1] document: 0 page headings (h1), not 1']);

  await page.setContent(`<header><div class="badge">Secure Checkout</div></header>
    <main><h1>Complete Your Order</h1><h2>Your order</h2></main>`);
  expect(await headingProblems(page)).toEqual([]);
});
