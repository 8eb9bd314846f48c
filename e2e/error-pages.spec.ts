import { expect, test, type Page } from './support/test.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';

/**
 * The pages a patient meets when a link fails (issue 12, point 8): the error page of an
 * unknown campaign code or a path code, a short link that does not resolve, and a page that
 * does not exist. Each speaks to the patient in their brand's words, with their brand's phone,
 * and offers a way forward: a primary button to the brand's start and a phone link to tap.
 * Nothing runs past the card or the screen on a phone.
 */

const BRANDS = {
  male: { site: MENS_SITE, phone: '(888) 555-0142', tel: 'tel:8885550142', start: '/hormone-assessment/shrt' },
  female: { site: WOMENS_SITE, phone: '(888) 555-0187', tel: 'tel:8885550187', start: '/f/hormone-assessment/fha1' },
} as const;

/** The error pages, by what the patient did to reach them. */
const ERROR_PAGES = [
  { what: 'an unknown campaign code', path: (prefix: string) => `${prefix}/hormone-assessment/nosuch` },
  { what: 'the error page of a path code', path: () => '/error/404/nosuch' },
  { what: 'a short link that does not exist', path: () => '/s/no-such-link' },
  { what: 'a page that does not exist', path: () => '/no/such/page' },
] as const;

/** The way forward every error page offers: the brand's start as the primary button, and the brand's phone. */
async function expectWayForward(page: Page, brand: (typeof BRANDS)[keyof typeof BRANDS]) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  const start = main.getByRole('link', { name: 'Start your assessment' });
  await expect(start).toBeVisible();
  await expect(start).toHaveAttribute('href', brand.start);
  const call = main.getByRole('link', { name: brand.phone });
  await expect(call.first()).toBeVisible();
  await expect(call.first()).toHaveAttribute('href', brand.tel);
}

/** Nothing wider than the screen, and every part of the error card inside the card. */
async function expectNothingOverflows(page: Page, width: number) {
  const problems = await page.getByRole('main').evaluate((main, viewport) => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > viewport) {
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    }
    const card = main.querySelector('[data-error-card]') ?? main;
    const box = card.getBoundingClientRect();
    for (const element of card.querySelectorAll('h1, h2, h3, p, a, button')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || element.scrollWidth > element.clientWidth + 1) {
        found.push(`${element.tagName.toLowerCase()} "${element.textContent.slice(0, 40)}" runs past the card`);
      }
    }
    return found;
  }, width);
  expect(problems).toEqual([]);
}

for (const [name, brand] of Object.entries(BRANDS)) {
  const prefix = name === 'female' ? '/f' : '';
  for (const { what, path } of ERROR_PAGES) {
    for (const width of [320, 375, 1280]) {
      test(`${name} brand, ${what}, ${width} px: the brand's phone and start, nothing overflowing`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${brand.site}${path(prefix)}`);
        await expectWayForward(page, brand);
        await expectNothingOverflows(page, width);
        // One large heading at most: never a giant word stacked over a second headline.
        const sizes = await page
          .getByRole('main')
          .getByRole('heading')
          .evaluateAll((headings) => headings.map((heading) => parseFloat(getComputedStyle(heading).fontSize)));
        expect(sizes.filter((size) => size > 40).length).toBeLessThanOrEqual(1);
      });
    }
  }
}

test('the women’s error page speaks for the women’s brand: its phone, its treatments, nothing of the men’s', async ({
  page,
}) => {
  for (const path of ['/error/404/fha1', '/error/404/dailytada', '/f/hormone-assessment/nosuch']) {
    await page.goto(`${WOMENS_SITE}${path}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: '(888) 555-0187' }).first()).toBeVisible();
    await expect(main).not.toContainText('(888) 555-0142');
    await expect(main.getByRole('link', { name: /ED|erectile|testosterone/i })).toHaveCount(0);
    expect(await main.locator('a[href*="peakmens"]').count()).toBe(0);
    await expect(main.locator('a[href*="peakfemme"]').first()).toBeVisible();
  }
});

test('the men’s error page keeps SPEC’s choice of content: HRT for an HRT code, ED otherwise', async ({ page }) => {
  await page.goto(`${MENS_SITE}/error/404/shrt`);
  await expect(page.getByRole('main').getByRole('link', { name: /testosterone/i })).toBeVisible();
  await page.goto(`${MENS_SITE}/error/404/dailytada`);
  await expect(page.getByRole('main').getByRole('link', { name: /ED medications/i })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '(888) 555-0142' }).first()).toBeVisible();
});

test('a short link that does not exist says so in plain words, under SPEC’s title', async ({ page }) => {
  await page.goto(`${MENS_SITE}/s/no-such-link`);
  await expect(page).toHaveTitle('Error: URL Shortener');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(/This link does not work/);
  await expect(main).not.toContainText(/short url|hash/i);
  await main.getByRole('link', { name: 'Start your assessment' }).click();
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/shrt`);
});

test('a refused short link says it cannot be opened, without a developer’s reason', async ({ page }) => {
  await page.goto(`${MENS_SITE}/s/demo-evil`);
  await expect(page).toHaveTitle('Error: URL Shortener');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: '400' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(/cannot be opened/);
  await expect(main).not.toContainText(/scheme|javascript|protocol/i);
});

/** Every heading of the card takes one or two lines on the narrowest phone. */
async function expectShortHeadings(page: Page) {
  const headings = page.getByRole('main').getByRole('heading');
  await expect(headings.first()).toBeVisible();
  // Each heading's height over its line height: how many lines its text takes.
  const lines = await headings.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      return [element.textContent, Math.round(element.getBoundingClientRect().height / lineHeight)] as const;
    }),
  );
  for (const [text, count] of lines) expect(count, `"${text}" takes ${String(count)} lines`).toBeLessThanOrEqual(2);
}

test('a hormone-assessment link with a code we do not know keeps the code, says the link is not recognised, and speaks to an HRT patient', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${MENS_SITE}/hormone-assessment/a2?utm_source=mail`);
  // The code and what went wrong stay in the address: a reload, or a call to the care team, still has them.
  await expect(page).toHaveURL(`${MENS_SITE}/error/404/a2?utm_source=mail`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(/recognize this link/);
  await expectShortHeadings(page);
  // A hormone-assessment link is an HRT patient's: hormone therapy, never an ED advert.
  await expect(main.getByRole('link', { name: /testosterone/i })).toBeVisible();
  await expect(main).not.toContainText(/erectile|ED medications/i);
  await expect(main.getByRole('link', { name: 'Start your assessment' })).toHaveAttribute('href', BRANDS.male.start);
  await page.reload();
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(/recognize this link/);
  await expect(main.getByRole('link', { name: /testosterone/i })).toBeVisible();
});

test('a link whose step list is broken keeps its code, says the link is incomplete, and starts that program again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${MENS_SITE}/hormone-assessment/cchrt?pathOverride=foo&utm_source=mail`);
  await expect(page).toHaveURL(`${MENS_SITE}/error/400/cchrt?pathOverride=foo&utm_source=mail`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(/link is incomplete/);
  await expectShortHeadings(page);
  await expect(main.getByRole('link', { name: /testosterone/i })).toBeVisible();
  await expect(main).not.toContainText(/erectile|ED medications/i);
  // The program the link is for, from its start, without the broken part.
  await main.getByRole('link', { name: 'Start from the beginning' }).click();
  await expect(page).toHaveURL(`${MENS_SITE}/hormone-assessment/cchrt?utm_source=mail`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hormone Assessment');
});

test('a women’s link opened on the men’s site sends her on to the women’s site, not to a men’s assessment', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${MENS_SITE}/f/hormone-assessment/fha1?utm_source=mail`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('This link is for Peak Femme');
  await expect(main.getByRole('link', { name: /Start your Peak Men's Health assessment/ })).toHaveCount(0);
  await expect(main.getByRole('link', { name: '(888) 555-0187' })).toBeVisible();
  await main.getByRole('link', { name: 'Go to Peak Femme' }).click();
  await expect(page).toHaveURL(`${WOMENS_SITE}/f/hormone-assessment/fha1?utm_source=mail`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hormone Assessment');
  await expect(page.getByRole('img', { name: 'Peak Femme' }).first()).toBeVisible();
});

test('a men’s link opened on the women’s site sends him on to the men’s site', async ({ page }) => {
  await page.goto(`${WOMENS_SITE}/quiz`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText("This link is for Peak Men's Health");
  await expect(main.getByRole('link', { name: "Go to Peak Men's Health" })).toHaveAttribute(
    'href',
    `${MENS_SITE}/quiz`,
  );
});
