import { waitForScreen } from './support/axe.ts';
import { book, heading, newPatient, takeAssessment } from './support/patient.ts';
import { SITES, type Site } from './support/screens.ts';
import { reachBooking, reachPayment } from './support/reach.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Screenshot baselines of the main screens, on both brands at a phone's and a laptop's
 * width, in the real browser against the real server: a change to how a screen looks fails
 * here until someone looks at it and updates the baseline on purpose (README, "Screenshot
 * baselines"). What changes by itself is masked (booking dates, the copyright year); fonts are
 * the app's own (Inter, shipped with it), animations and the caret are off, and the time zone
 * is fixed, so a fresh machine renders the same pixels.
 */

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

const WIDTHS = [375, 1280] as const;

interface MainScreen {
  name: string;
  /** The path on the brand's site, or a walk that ends on the screen. */
  open: (page: Page, site: Site) => Promise<void>;
  /** What changes by itself on this screen, covered by a solid box in the screenshot. */
  mask?: (page: Page) => ReturnType<Page['locator']>[];
  /**
   * Gives what changes by itself a fixed size before the picture, so the page's height does not
   * move. Inline styles, set through the DOM: the page's policy refuses injected style sheets.
   */
  steady?: (page: Page) => Promise<void>;
}

const PREFIX: Record<Site, string> = { male: '', female: '/f' };
const CODE: Record<Site, string> = { male: 'shrt', female: 'fha1' };

async function visit(page: Page, site: Site, path: string) {
  await page.goto(`${SITES[site]}${path}`);
  await waitForScreen(page);
}

/** What moves by itself on the finish page after a booking, and the height each is given. */
function FINISH_MOVING(page: Page): [ReturnType<Page['locator']>, string][] {
  return [
    [page.getByRole('region', { name: 'Your consult' }).getByRole('heading', { level: 3 }), '3rem'],
    [page.getByText(/ to \d{1,2}:\d{2} [AP]M /), '3.25rem'],
    [page.getByText(/^Join your video consult on /), '8rem'],
  ];
}

const SCREENS: readonly MainScreen[] = [
  { name: 'root', open: (page, site) => visit(page, site, '/') },
  {
    name: 'question-page',
    open: (page, site) => visit(page, site, `${PREFIX[site]}/hormone-assessment/${CODE[site]}`),
  },
  {
    name: 'results',
    open: async (page, site) => {
      await visit(page, site, `${PREFIX[site]}/hormone-assessment/${CODE[site]}`);
      await takeAssessment(page, newPatient(`visual-${site}`));
      await expect(page).toHaveURL(`${SITES[site]}${PREFIX[site]}/results/${CODE[site]}`);
      await waitForScreen(page);
    },
  },
  // The payment as a link that pays reaches it: after the assessment its code asks before money
  // (issue 37), the contact carried over (one patient, so the picture is the same each run). The
  // women's intake as a link opens it whose steps need nothing before it (pathOverride).
  {
    name: 'payment',
    open: async (page, site) => {
      const patient = newPatient('visual', { email: `visual.payment.${site}@example.com` });
      await reachPayment(page, { origin: SITES[site], brand: site, code: CODE[site], patient });
      await waitForScreen(page);
    },
  },
  {
    name: 'intake',
    open: (page, site) =>
      visit(page, site, site === 'male' ? '/mip/form/dailytada' : `/f/intake/${CODE[site]}?pathOverride=intake`),
  },
  {
    // The booking as a link that books reaches it: after the assessment it gets back (issue 37).
    name: 'booking',
    open: async (page, site) => {
      await reachBooking(page, { origin: SITES[site], brand: site, code: CODE[site] });
      await waitForScreen(page);
    },
    // The days and times offered move with the calendar and with other patients' bookings: how
    // many there are and how their labels wrap change the page's height, so both lists get a
    // fixed height for the picture, and a mask.
    steady: (page) =>
      page.evaluate(() => {
        for (const group of document.querySelectorAll<HTMLElement>('[role="radiogroup"]')) {
          group.style.setProperty('block-size', '18rem', 'important');
          group.style.setProperty('overflow', 'hidden', 'important');
        }
      }),
    mask: (page) => [
      page.getByRole('radiogroup', { name: 'Choose a day' }),
      page.getByRole('radiogroup', { name: /^Choose a time on/ }),
    ],
  },
  {
    // The finish page as a patient reaches it: a consult booked (pathOverride=cal: the booking,
    // then the finish), confirmed as a card. Its day and time move with the calendar.
    name: 'finish',
    open: async (page, site) => {
      // A patient the clinic can reach: a booking needs one (issue 37).
      await reachBooking(page, { origin: SITES[site], brand: site, code: CODE[site] });
      await book(page);
      await expect(heading(page)).toHaveText('All Set');
      await waitForScreen(page);
    },
    // The day, the time and the line that names them are masked, each given a fixed height (a
    // longer day's name or another zone's name wraps), so the page's height does not move.
    steady: async (page) => {
      for (const [element, size] of FINISH_MOVING(page))
        await element.evaluate((node: HTMLElement, blockSize) => {
          node.style.setProperty('block-size', blockSize, 'important');
          node.style.setProperty('overflow', 'hidden', 'important');
        }, size);
    },
    mask: (page) => FINISH_MOVING(page).map(([element]) => element),
  },
  // A finish link opened with no journey: it says so, and claims nothing (issue 23).
  { name: 'not-finished', open: (page, site) => visit(page, site, `${PREFIX[site]}/finish/${CODE[site]}`) },
  { name: 'error', open: (page, site) => visit(page, site, `/error/404/${CODE[site]}`) },
];

for (const site of ['male', 'female'] as const) {
  for (const screen of SCREENS) {
    test(`${site} brand: ${screen.name} looks as approved at ${WIDTHS.join(' and ')} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await screen.open(page, site);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await screen.steady?.(page);
        await page.evaluate(async () => {
          await document.fonts.ready;
          // Every image drawn, lazy ones too (the footer's seal loads as it scrolls into view,
          // which a full-page picture may or may not have waited for).
          await Promise.all(
            [...document.images].map((image) => {
              image.loading = 'eager';
              return image.decode().catch(() => undefined);
            }),
          );
          // Two frames: the resize's layout and paint are done.
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        });
        await expect(page).toHaveScreenshot(`${site}-${screen.name}-${String(width)}.png`, {
          fullPage: true,
          mask: [page.getByText(/^© \d{4} /), ...(screen.mask?.(page) ?? [])],
        });
      }
    });
  }
}
