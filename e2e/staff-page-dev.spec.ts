import { stepsVersion } from '../src/engine/funnel-version.ts';
import { listPaths } from '../src/engine/simulate.ts';
import { loadEngine } from '../tests/support/config.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { heading, newPatient } from './support/patient.ts';
import { walkTo } from './support/walk.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Issue 27, point 4: the staff page of `npm run dev` (/__funnels). Product staff open it on
 * either brand's host, see every campaign code with its funnel, variants, pathOverride keys,
 * version and validation state and each funnel drawn, and open any step as a demo patient who
 * has done the steps before it. The production build's side (no such page; the demo walk of
 * every funnel) is e2e/staff-page.spec.ts.
 *
 * Its own Playwright project, run last and alone (playwright.config.ts): the Vite dev server
 * sends the app as hundreds of modules, and a demo walk's fresh browser loading them beside
 * other tests on a two-core machine has taken longer than any step may.
 */

const engine = loadEngine();
const paths = listPaths(engine);

test.describe('in npm run dev', () => {
  // Starting Vite and the API, then walking a funnel headless for each link followed.
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let dev: DevServer;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(420_000);
    dev = await startDevServer();
    // Vite compiles each module on its first request, and a dependency it meets for the first
    // time (a clean clone has no cache) can make it reload the page mid-walk. So the walks the
    // step links below set off are walked once first; what they meet is not under test (the
    // tests walk them again), only that the server is warm when they do.
    const warmUps = paths.filter(
      (path) => path.variant === null && path.pathOverride === null && ['shrt', 'fha1'].includes(path.code),
    );
    for (const path of warmUps) {
      const planned = engine.planVisit({ code: path.code, brand: path.site, query: '' });
      if (!planned.ok) continue;
      const context = await browser.newContext();
      const page = await context.newPage();
      await walkTo(page, {
        origin: path.site === 'female' ? dev.womensSite : dev.mensSite,
        plan: planned.plan,
        index: planned.plan.steps.length - 1,
        patient: newPatient(`warm-${path.code}`),
      }).catch(() => undefined);
      await context.close();
    }
  });

  test.afterAll(() => {
    dev.stop();
  });

  /** Follows a step link of a code's own steps and waits for the app's page it opens. */
  async function openStep(page: Page, code: string, link: string) {
    await page
      .locator(`#code-${code}`)
      .getByRole('list', { name: `${code}, own steps` })
      .getByRole('link', { name: link })
      .click();
    await expect(page.getByRole('heading', { name: 'Preparing a demo patient' })).toBeVisible();
  }

  test('the men’s host lists every code of both brands, with funnel, variants, keys, version and validation', async ({
    page,
  }) => {
    await page.goto(`${dev.mensSite}/__funnels`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Funnels');
    await expect(page.getByRole('status')).toContainText('The config is valid');

    const codes = [...new Set(paths.map((path) => path.code))];
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) {
      const own = paths.find((path) => path.code === code && path.variant === null && path.pathOverride === null);
      const row = page.locator(`#row-${code}`);
      await expect(row.getByRole('rowheader')).toHaveText(code);
      await expect(row.getByRole('cell').first()).toHaveText(own?.funnel ?? '');
      // The version is the hash of the steps as the engine walks them (finish included).
      const plan = engine.planVisit({ code, brand: own?.site ?? 'male', query: '' });
      expect(plan.ok).toBe(true);
      if (plan.ok) await expect(row).toContainText(`own: ${stepsVersion(plan.plan.steps)}`);
    }
    // Both brands, each code on its own site's table.
    await expect(
      page.getByRole('table', { name: /Peak Men's Health/ }).getByRole('rowheader', { name: 'shrt' }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: /Peak Femme/ }).getByRole('rowheader', { name: 'fha1' }),
    ).toBeVisible();
    // shrt's call-centre variant with its own version; the men's pathOverride keys (not the women's precal).
    const shrt = page.locator('#row-shrt');
    await expect(shrt).toContainText('callcenter (?callcenter=true)');
    await expect(shrt).toContainText(/callcenter: [0-9a-f]{8}/);
    await expect(shrt.getByRole('cell').nth(2)).toContainText('cal intake assess end res pay');
    await expect(shrt.getByRole('cell').nth(2)).not.toContainText('precal');
    await expect(page.locator('#row-fha1').getByRole('cell').nth(2)).toContainText('precal');
    // The config's warnings sit with the code they are about.
    await expect(page.locator('#row-quiz')).toContainText('1 warning');
    await expect(page.locator('#row-shrt')).toContainText('valid');
    // Every funnel is drawn, its own steps and each variant a lane of linked boxes.
    for (const funnel of new Set(paths.map((path) => path.funnel))) {
      await expect(page.getByRole('img', { name: new RegExp(`^Diagram of ${funnel},`) })).toBeVisible();
    }
    const diagram = page.getByRole('img', { name: /^Diagram of hrt-assessment,/ });
    await expect(diagram.locator('a')).toHaveCount(6 + 2);
  });

  test('a men’s step link opens the payment step for a demo patient whose assessment is done', async ({ page }) => {
    await page.goto(`${dev.mensSite}/__funnels`);
    await openStep(page, 'shrt', '3. Complete Your Order');
    await expect(page).toHaveURL(`${dev.mensSite}/payment/shrt`, { timeout: 180_000 });
    await expect(heading(page)).toHaveText('Complete Your Order', { timeout: 60_000 });
    // The assessment's contact page was answered: the billing form starts with it.
    const form = page.getByRole('form', { name: 'Billing details' });
    await expect(form.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Dana', {
      timeout: 15_000,
    });
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(/@example\.com$/);
    // The patient is really there: the results are those of their own answers.
    await page.goto(`${dev.mensSite}/results/shrt`);
    await expect(page.getByText(/Your symptom level/)).toBeVisible({ timeout: 15_000 });
  });

  test('on the women’s host, a step link opens the consult booking for a demo patient who has paid and answered the intake', async ({
    page,
  }) => {
    await page.goto(`${dev.womensSite}/__funnels`);
    await expect(page.getByRole('heading', { level: 2, name: /Peak Femme/ })).toBeVisible();
    await openStep(page, 'fha1', '6. Book Your Consult');
    await expect(page).toHaveURL(`${dev.womensSite}/f/appointment/consult/fha1`, { timeout: 180_000 });
    await expect(heading(page)).toHaveText('Book Your Consult', { timeout: 60_000 });
    await expect(page.getByRole('radiogroup', { name: 'Choose a day' })).toBeVisible({ timeout: 15_000 });
    // The journey holds every earlier step: the intake says it is done and offers the answers given.
    await page.goto(`${dev.womensSite}/f/intake/fha1`);
    await expect(page.getByRole('heading', { name: 'Your intake is complete' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Review my answers' })).toBeVisible();
  });

  test('a link that is not a step says so, and a walk that cannot reach its step says why', async ({ page }) => {
    const notStep = await page.goto(`${dev.mensSite}/__funnels/open?url=//elsewhere.example/payment/shrt&step=1`);
    expect(notStep?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('needs a step');
    await expect(page.getByRole('heading', { name: 'Preparing a demo patient' })).toHaveCount(0);
    // Another site's page cannot set a walk off (a browser sends Sec-Fetch-Site itself).
    const fromElsewhere = await page.request.get(`${dev.mensSite}/__funnels/open?url=/payment/shrt&step=1`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(fromElsewhere.status()).toBe(403);

    await page.goto(`${dev.mensSite}/__funnels/open?url=${encodeURIComponent('/payment/nosuchcode')}&step=1`);
    await expect(page.getByRole('alert')).toContainText('could not be made', { timeout: 30_000 });
    await expect(page.getByRole('alert')).toContainText('nosuchcode');
    await expect(page.getByRole('link', { name: 'Back to the funnels' })).toBeVisible();
  });
});
