import { entryPages, entryStep } from '../scripts/lib/entry-pages.ts';
import { appTookOverTheForm } from './support/patient.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Issue 14, points 2 and 3: the first screen is in the HTML. Without running a line of
 * JavaScript a patient sees the brand's header, the page's title and heading in the brand's
 * layout and colours; when the app arrives it takes that page over where it stands (no
 * mismatch, no jump); the page's first API calls start while the app is still on its way.
 * The Content-Security-Policy check of every e2e test (support/test.ts) runs here too: the
 * page's inline styles carry its nonce.
 */
const ENTRY = entryPages(MENS_SITE, WOMENS_SITE);

const BRAND = {
  men: { name: "Peak Men's Health", phone: '(888) 555-0142' },
  women: { name: 'Peak Femme', phone: '(888) 555-0187' },
} as const;

/** The page's heading and title, by the funnel step it is. */
const HEADING = {
  'hormone-assessment': 'Hormone Assessment',
  results: 'Your Results',
  payment: 'Complete Your Order',
  intake: 'Intake',
} as const;

function expectedHeading(pathname: string): string {
  return HEADING[entryStep(pathname)];
}

function brandOf(url: string) {
  return new URL(url).host.startsWith('femme') ? BRAND.women : BRAND.men;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const url of ENTRY) {
    const { pathname } = new URL(url);
    test(`${brandOf(url).name} ${pathname} shows its header, title and heading from the HTML alone`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(url);
      const brand = brandOf(url);
      await expect(page).toHaveTitle(`${expectedHeading(pathname)} | ${brand.name}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expectedHeading(pathname));
      await expect(page.getByRole('banner').getByRole('img', { name: brand.name })).toBeVisible();
      // On a phone the call link is a button to tap; the number itself waits for wide screens.
      await expect(page.getByRole('link', { name: 'Call now' })).toBeVisible();
      await expect(page.getByRole('banner').getByText(brand.phone)).toBeHidden();
      // The brand's colours are the page's own, before any script: the call link is outlined in them.
      const border = await page
        .getByRole('link', { name: 'Call now' })
        .evaluate((link) => getComputedStyle(link).borderTopColor);
      expect(border).not.toBe('rgb(0, 0, 0)');
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole('banner').getByText(brand.phone)).toBeVisible();
      await expect(page.getByText('Call now')).toBeHidden();
    });
  }

  test('the assessment’s first screen is the real one: its intro line and the scroll bar on phones only', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${MENS_SITE}/hormone-assessment/shrt`);
    await expect(page.getByText('Less than 5 minutes. Your answers are saved as you go.')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Page scrolled' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('progressbar', { name: 'Page scrolled' })).toBeHidden();
  });

  test('a page holds nothing of the patient: the same HTML for everyone, whatever the address says', async ({
    page,
  }) => {
    await page.goto(`${MENS_SITE}/hormone-assessment/shrt?landing_id=Zyxcanary&email=zz.canary%40example.com`);
    const html = await page.content();
    expect(html.toLowerCase()).not.toContain('zyxcanary');
    expect(html.toLowerCase()).not.toContain('zz.canary');
  });
});

/** Where the page's main heading sits, once the given text is on screen. */
async function headingBox(page: Page) {
  const box = await page.getByRole('heading', { level: 1 }).boundingBox();
  if (box === null) throw new Error('no heading on the page');
  return box;
}

/** The line under each form's heading, when its route has one (the women's assessment names no time). */
const INTRO = {
  'hormone-assessment': 'Less than 5 minutes. Your answers are saved as you go.',
  intake: 'A few more questions so your provider has what they need. It takes about 5 minutes.',
} as const;

for (const url of ENTRY.filter((entry) =>
  ['hormone-assessment', 'intake'].includes(entryStep(new URL(entry).pathname)),
)) {
  const step = entryStep(new URL(url).pathname) as keyof typeof INTRO;
  test(`${brandOf(url).name} ${new URL(url).pathname}: the app takes the page over where it stands, without a word in the console`, async ({
    page,
    browser,
  }) => {
    const shell = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const before = await shell.newPage();
    await before.goto(url);
    const shellHeading = await headingBox(before);
    const hasIntro = (await before.getByText(INTRO[step]).count()) > 0;
    const shellIntro = hasIntro ? await before.getByText(INTRO[step]).boundingBox() : null;
    await shell.close();
    expect(hasIntro || url.includes('/f/hormone-assessment/'), 'an intro line in the HTML').toBe(true);

    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url);
    // The form's first page is the screen's own: the app has taken over. (The page the server
    // sent already says "Page 1 of …" in its own form; until the app has taken that over, the
    // heading is still the shell's, and React puts the screen's own in its place.)
    await appTookOverTheForm(page);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    expect(await headingBox(page)).toEqual(shellHeading);
    if (hasIntro) expect(await page.getByText(INTRO[step]).boundingBox()).toEqual(shellIntro);
    expect(messages).toEqual([]);
  });
}

test('the assessment asks for the journey and its questions once each, before the app has arrived', async ({
  page,
}) => {
  const requests: { url: string; method: string; at: number }[] = [];
  const finished = new Map<string, number>();
  let clock = 0;
  page.on('request', (request) =>
    requests.push({ url: new URL(request.url()).pathname, method: request.method(), at: (clock += 1) }),
  );
  page.on('requestfinished', (request) => finished.set(new URL(request.url()).pathname, (clock += 1)));
  await page.goto(`${MENS_SITE}/hormone-assessment/shrt`, { waitUntil: 'networkidle' });
  await expect(page.getByLabel(/date of birth/i)).toBeVisible();

  const gets = (pathname: string) => requests.filter((request) => request.url === pathname && request.method === 'GET');
  expect(gets('/api/journey')).toHaveLength(1);
  expect(gets('/api/memoForm/pageQuestions')).toHaveLength(1);
  const app = requests.find((request) => /^\/assets\/index-[\w-]+\.js$/.test(request.url));
  if (app === undefined) throw new Error('the app’s entry was never fetched');
  const appArrived = finished.get(app.url) ?? Number.POSITIVE_INFINITY;
  // Both calls were on their way before the app's code had arrived, so nothing waited for it.
  expect(gets('/api/journey')[0]?.at ?? Number.POSITIVE_INFINITY).toBeLessThan(appArrived);
  expect(gets('/api/memoForm/pageQuestions')[0]?.at ?? Number.POSITIVE_INFINITY).toBeLessThan(appArrived);
});
