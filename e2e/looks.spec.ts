import type { Locator } from '@playwright/test';
import { waitForScreen } from './support/axe.ts';
import { completeIntake, continueAfterPaying, heading, newPatient, pay, takeAssessment } from './support/patient.ts';
import { reachBooking, reachPayment } from './support/reach.ts';
import { MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * How the steps a patient must finish look (issue 23, point 10), in the real browser against
 * the real server: a checkout's focused footer on checkout, intake and booking steps; the
 * header's call link and phone numbers in one piece on the smallest phone; the payment form in
 * line with its order card; one heading each; a mild score as a bar; and the women's first page
 * saying how long the assessment takes, as the men's does. The design contract
 * (e2e/support/design-contract.ts) holds the phone and heading rules on every other screen.
 */

const BRANDS = {
  // payFirst: a code whose payment opens cold (it takes the payment first: issue 37).
  male: { site: MENS_SITE, phone: '(888) 555-0142', code: 'shrt', payFirst: 'bhrt', prefix: '' },
  female: { site: WOMENS_SITE, phone: '(888) 555-0187', code: 'fha1', payFirst: 'fbhrt', prefix: '/f' },
} as const;
type Brand = keyof typeof BRANDS;

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForScreen(page);
}

/** How many lines the element's visible text is laid out on. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const bottoms = new Set<number>();
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node !== null; node = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (box.width > 0) bottoms.add(Math.round(box.bottom));
    }
    return bottoms.size;
  });
}

/**
 * The steps the patient should finish undistracted, on their brand, each reached as a patient
 * reaches it: a link straight to it whose steps need nothing before it (pathOverride), or a walk
 * (issue 37: a cold link to a step after the assessment is brought to the assessment).
 */
const FOCUSED_STEPS: readonly { brand: Brand; path: string; reach?: (page: Page) => Promise<void> }[] = [
  {
    brand: 'male',
    path: '/payment/shrt?pathOverride=pay',
    reach: async (page) => {
      await reachPayment(page, { origin: MENS_SITE, brand: 'male', code: 'shrt' });
    },
  },
  {
    brand: 'male',
    path: '/mip/checkout/dailytada',
    reach: async (page) => {
      await open(page, `${MENS_SITE}/mip/form/dailytada`);
      await completeIntake(page, newPatient('looks-checkout'));
      await expect(page).toHaveURL(`${MENS_SITE}/mip/checkout/dailytada`);
    },
  },
  { brand: 'male', path: '/mip/form/dailytada' },
  {
    brand: 'male',
    path: '/mip/calendly/shrt',
    reach: async (page) => {
      await reachBooking(page, { origin: MENS_SITE, brand: 'male', code: 'shrt' });
    },
  },
  {
    brand: 'female',
    path: '/f/payment/fha1?pathOverride=pay',
    reach: async (page) => {
      await reachPayment(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1' });
    },
  },
  { brand: 'female', path: '/f/intake/fha1?pathOverride=intake' },
  {
    brand: 'female',
    path: '/f/appointment/consult/fha1',
    reach: async (page) => {
      await reachBooking(page, { origin: WOMENS_SITE, brand: 'female', code: 'fha1' });
    },
  },
];

for (const { brand, path, reach } of FOCUSED_STEPS) {
  test(`${brand} brand: ${path} ends with the help line and the legal links, not the marketing footer`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 800 });
    if (reach === undefined) await open(page, `${BRANDS[brand].site}${path}`);
    else await reach(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: BRANDS[brand].phone })).toHaveAttribute(
      'href',
      `tel:${BRANDS[brand].phone.replace(/\D/g, '')}`,
    );
    await expect(footer).toContainText('Mon-Sun: 8am-8pm (EST)');
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link')).toHaveText([
      'Terms & Conditions',
      'Privacy Policy',
      'Consumer Health Data Privacy Policy',
    ]);
    // Nothing that leads away from the step: no treatments, partners, social links or seal.
    await expect(footer.getByRole('navigation', { name: 'Treatments' })).toHaveCount(0);
    await expect(footer.getByRole('list', { name: 'Our partners' })).toHaveCount(0);
    await expect(footer.getByRole('list', { name: 'Follow us' })).toHaveCount(0);
    const box = await footer.boundingBox();
    expect(box?.height, 'the footer is a few lines, not a marketing page').toBeLessThan(400);
  });
}

test('the assessment keeps the brand’s whole footer', async ({ page }) => {
  await open(page, `${MENS_SITE}/hormone-assessment/shrt`);
  await expect(page.getByRole('contentinfo').getByRole('navigation', { name: 'Treatments' })).toBeVisible();
});

for (const brand of ['male', 'female'] as const) {
  const { site, code, payFirst, prefix } = BRANDS[brand];

  test(`${brand} brand: at 320 px the header’s Call now is one line beside the whole logo`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    // A header with the Secure Checkout badge, and one without.
    for (const path of [`${prefix}/payment/${payFirst}`, `${prefix}/finish/${code}`]) {
      await open(page, `${site}${path}`);
      const call = page.getByRole('banner').getByRole('link', { name: 'Call now' });
      await expect(call).toBeVisible();
      expect(await linesOf(call), `Call now on ${path}`).toBe(1);
      const logo = await page.getByRole('banner').getByRole('img').first().boundingBox();
      const link = await call.boundingBox();
      expect(logo?.width, `the logo on ${path} at its full 160 px`).toBeGreaterThanOrEqual(159);
      expect((logo?.x ?? 0) + (logo?.width ?? 0), `the logo clear of Call now on ${path}`).toBeLessThanOrEqual(
        link?.x ?? 0,
      );
      expect((link?.x ?? 0) + (link?.width ?? 0)).toBeLessThanOrEqual(320);
    }
  });

  test(`${brand} brand: phone numbers are never broken across lines on the finish, microclinic and error pages`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const numbersFit = async (path: string, width: number) => {
      const numbers = page.getByRole('main').getByRole('link', { name: BRANDS[brand].phone });
      await expect(numbers.first()).toBeVisible();
      for (const number of await numbers.all()) {
        expect(await linesOf(number), `${BRANDS[brand].phone} on ${path} at ${String(width)} px`).toBe(1);
        expect(await number.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');
      }
    };
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 700 });
      for (const path of [`${prefix}/finish/${code}`, `/error/404/${code}`]) {
        await open(page, `${site}${path}`);
        await numbersFit(path, width);
      }
    }
    if (brand === 'male') {
      // The microclinic page comes after paying (it needs the patient's contact: issue 37).
      await open(page, `${site}/payment/microclinic`);
      await pay(page, newPatient('looks-microclinic'));
      await continueAfterPaying(page);
      await expect(page).toHaveURL(`${site}/mip/hrt/finish/microclinic`);
      await waitForScreen(page);
      for (const width of [320, 375]) {
        await page.setViewportSize({ width, height: 700 });
        await numbersFit('/mip/hrt/finish/microclinic', width);
      }
    }
  });

  test(`${brand} brand: the payment form lines up with the order card above it`, async ({ page }) => {
    await open(page, `${site}${prefix}/payment/${payFirst}`);
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const card = await page.getByRole('region', { name: 'Your order' }).boundingBox();
      const email = await page
        .getByRole('form', { name: 'Billing details' })
        .getByRole('textbox', { name: 'Email' })
        .boundingBox();
      expect(Math.abs((email?.x ?? 0) - (card?.x ?? 0)), `left edges at ${String(width)} px`).toBeLessThan(0.5);
      expect(
        Math.abs((email?.x ?? 0) + (email?.width ?? 0) - (card?.x ?? 0) - (card?.width ?? 0)),
        `right edges at ${String(width)} px`,
      ).toBeLessThan(0.5);
    }
  });

  test(`${brand} brand: one heading each on payment: not the badge’s words again, and once paid one heading says so`, async ({
    page,
  }) => {
    await open(page, `${site}${prefix}/payment/${payFirst}`);
    await expect(page.getByRole('banner')).toContainText('Secure Checkout');
    await expect(heading(page)).toHaveText('Complete Your Order');
    await pay(page, newPatient(`looks-paid-${brand}`));
    await expect(heading(page)).toHaveText('Your payment is complete', { timeout: 15_000 });
    await expect(page.getByRole('main').getByRole('heading')).toHaveCount(1);
    await expect(page.getByText('Payment received')).toHaveCount(0);
  });
}

test('a Mild score of 0 draws a short bar, not an empty track', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, `${MENS_SITE}/hormone-assessment/shrt`);
  // High energy scores 0 for energy: the Mild band.
  await takeAssessment(page, newPatient('looks-mild'), { energy: 'High' });
  await expect(page).toHaveURL(`${MENS_SITE}/results/shrt`);
  const energy = page.getByRole('meter', { name: 'Energy' });
  await expect(energy).toHaveAttribute('aria-valuenow', '0');
  await expect(energy).toHaveAttribute('aria-valuetext', 'Mild');
  const fill = await energy.evaluate((bar) => bar.firstElementChild?.getBoundingClientRect().width ?? 0);
  expect(fill, 'the bar’s fill is visible').toBeGreaterThanOrEqual(8);
});

test('the women’s first page says how long the assessment takes, as the men’s does', async ({ page }) => {
  for (const site of [WOMENS_SITE, MENS_SITE]) {
    const path = site === WOMENS_SITE ? '/f/hormone-assessment/fha1' : '/hormone-assessment/shrt';
    await open(page, `${site}${path}`);
    await expect(page.getByRole('banner').getByText('Less than 5 minutes to complete')).toBeVisible();
    await expect(page.getByText('Less than 5 minutes. Your answers are saved as you go.')).toBeVisible();
  }
});
