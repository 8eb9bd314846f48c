import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { listPaths } from '../src/engine/simulate.ts';
import { loadEngine } from '../tests/support/config.ts';
import { heading, newPatient } from './support/patient.ts';
import { walkTo } from './support/walk.ts';
import { E2E_PORT, MENS_SITE, WOMENS_SITE } from './support/sites.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 27, point 4, on the production build: it has no staff page, and the demo walk behind
 * the staff page's step links reaches the end of every funnel. The staff page itself, in
 * `npm run dev`, is e2e/staff-page-dev.spec.ts.
 */

const engine = loadEngine();
const paths = listPaths(engine);

/**
 * The demo walk behind every step link (e2e/support/walk.ts, as scripts/demo-patient.ts runs it)
 * reaches the end of every funnel, on its own steps and each variant: walking to the last step
 * passes every step before it, so each step link of each funnel works. It walks the production
 * build, which runs the same screens as the dev server: the dev server compiles each module on
 * first use and, on a busy two-core machine, took longer over all fourteen walks than a test may.
 */
const lanes = paths.filter(
  (path, at) =>
    path.pathOverride === null &&
    paths.findIndex((other) => other.funnel === path.funnel && other.variant === path.variant) === at,
);
test('every funnel has a lane for the demo walk to follow', () => {
  expect(lanes.length).toBeGreaterThan(10);
});
for (const lane of lanes) {
  const name = lane.variant === null ? lane.funnel : `${lane.funnel} (${lane.variant})`;
  test(`the demo walk reaches the end of ${name}, from ${lane.start}`, async ({ page }) => {
    test.setTimeout(150_000);
    const planned = engine.planVisit({ code: lane.code, brand: lane.site, query: lane.query });
    if (!planned.ok) throw new Error(planned.problem.message);
    const last = planned.plan.steps.length - 1;
    await walkTo(page, {
      origin: lane.site === 'female' ? WOMENS_SITE : MENS_SITE,
      plan: planned.plan,
      index: last,
      patient: newPatient(`demo-${lane.code}`),
    });
    await expect(heading(page), `${lane.start} ends on its last page`).toHaveText(
      planned.plan.pages[last]?.route.title ?? '',
      { timeout: 15_000 },
    );
  });
}

test('a production build has no staff page: not served, and not in the files it ships', async ({ page }) => {
  await page.goto('/__funnels');
  await expect(heading(page)).toHaveText(/not found/i);
  await expect(page.getByRole('heading', { name: 'Funnels' })).toHaveCount(0);
  const open = await page.request.get('/__funnels/open?url=/payment/shrt&step=1', { maxRedirects: 0 });
  expect(open.headers()['set-cookie'] ?? '').not.toContain('funnel_journey');
  expect(await open.text()).not.toContain('Preparing a demo patient');

  // The build the e2e server serves (playwright.config.ts): no file mentions the page.
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? files(file) : [file];
    });
  const shipped = files(`dist-${String(E2E_PORT)}`).filter((file) => /\.(js|html|css|json)$/.test(file));
  expect(shipped.length).toBeGreaterThan(5);
  for (const file of shipped)
    expect(readFileSync(file, 'utf8'), file).not.toMatch(/__funnels|Preparing a demo patient/);
});
