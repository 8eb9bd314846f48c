import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CONFIG_DIR } from '../src/contract/schema-files.ts';
import type { ExperimentsFile } from '../src/engine/config-types.ts';
import type { ReachReport } from '../scripts/lib/reach-report.ts';
import { buildWithConfig, type ChangedBuild } from './support/changed-build.ts';
import { freePort, serveBuild, type BuildServer } from './support/limited-server.ts';
import { heading, newPatient, takeAssessment } from './support/patient.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 29, point 6: staff run a split test on the men's HRT assessment (shrt): half the new
 * patients skip the results page and go from the assessment straight to payment. Patients in
 * two browsers are given a variant each by the server; each walks theirs, reloads, goes Back and
 * Forward, and stays in it, with nothing of the split test in the address, the history entry or
 * the browser's storage. Then `npm run report` counts them.
 *
 * The project's own config runs no split test (it would put every other test of shrt in a
 * random variant): this builds a copy of the project with one running, and runs the real server
 * from that copy, so the server assigns from the same config the page walks.
 */

// A build of the app before the first test (half a minute on a two-core machine; the project
// runs after the rest of the suite: playwright.config.ts).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const EXPERIMENTS: ExperimentsFile = {
  experiments: {
    'shrt-no-results': {
      description: 'From the assessment straight to payment: do fewer patients stop before paying?',
      codes: ['shrt'],
      running: true,
      variants: { control: { weight: 1 }, 'no-results': { weight: 1, change: [{ remove: '/results' }] } },
    },
  },
};

/** Where each variant's Next from the assessment goes. */
const NEXT_PAGE = { control: '/results/shrt', 'no-results': '/payment/shrt' } as const;
type Variant = keyof typeof NEXT_PAGE;

let build: ChangedBuild | undefined;
let server: BuildServer | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(600_000);
  // The copy keeps every other config file as it is: only the split test is added.
  const experiments = JSON.parse(readFileSync(path.join(CONFIG_DIR, 'experiments.json'), 'utf8')) as ExperimentsFile & {
    $schema?: string;
  };
  build = await buildWithConfig({ 'experiments.json': { ...experiments, ...EXPERIMENTS } }, 'split-tests');
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-split-tests-'));
  server = await serveBuild({ port: await freePort(), dataDir, staticDir: build.dir, cwd: build.root });
});

test.afterAll(async () => {
  await server?.stop();
  build?.remove();
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Opens the campaign link in a new browser, and reads the variant the server gave it from the
 * answer to the save that has it counted (the first save, made before the page knows its
 * variant, is counted only when the variant is the control).
 */
async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page; variant: Variant }> {
  if (server === undefined) throw new Error('The server did not start');
  const context = await browser.newContext({ baseURL: server.mensSite });
  const page = await context.newPage();
  let variant: string | undefined;
  const counted = page.waitForResponse(async (response) => {
    if (!response.url().includes('/api/journey') || response.request().method() !== 'PUT') return false;
    const answer = (await response.json()) as { data: { assignment?: { variant: string; recorded: number | null } } };
    variant = answer.data.assignment?.variant;
    return answer.data.assignment?.recorded === 0;
  });
  await page.goto('/hormone-assessment/shrt');
  await counted;
  if (variant !== 'control' && variant !== 'no-results') throw new Error(`no variant given: ${String(variant)}`);
  return { context, page, variant };
}

/** What the page keeps of the split test: nothing in the address, the history entry or storage. */
async function expectNothingKept(page: Page) {
  expect(page.url()).not.toMatch(/no-results|control|experiment|variant/);
  const kept = await page.evaluate(() => ({
    history: window.history.state as unknown,
    local: window.localStorage.length,
    session: window.sessionStorage.length,
    cookies: document.cookie,
  }));
  expect(JSON.stringify(kept.history)).not.toMatch(/no-results|control|experiment|variant|shrt-/);
  expect(kept).toMatchObject({ local: 0, session: 0 });
  expect(kept.cookies).not.toMatch(/no-results|experiment|variant/);
}

test('two patients given two variants each walk theirs, keep it through reload, Back and Forward, and the report counts them', async ({
  browser,
}) => {
  const visitors = new Map<Variant, Awaited<ReturnType<typeof newVisitor>>>();
  const shown: Record<Variant, number> = { control: 0, 'no-results': 0 };
  // With 1:1 weights each new browser is either variant with even odds: 16 tries miss one of
  // them once in 30,000 runs.
  for (let tries = 0; tries < 16 && visitors.size < 2; tries += 1) {
    const visitor = await newVisitor(browser);
    shown[visitor.variant] += 1;
    if (visitors.has(visitor.variant)) await visitor.context.close();
    else visitors.set(visitor.variant, visitor);
  }
  expect([...visitors.keys()].sort(), 'both variants given').toEqual(['control', 'no-results']);

  for (const [variant, { page }] of visitors) {
    const patient = newPatient(`split-${variant}`);
    await takeAssessment(page, patient);
    await expect(page).toHaveURL(new RegExp(`${NEXT_PAGE[variant]}$`));
    // The tag manager heard what the server counted, with the test's fields only.
    const heard = async () =>
      (await page.evaluate(() => (window as unknown as { dataLayer?: object[] }).dataLayer ?? [])).filter((entry) =>
        String((entry as { event?: unknown }).event).startsWith('experiment_'),
      );
    await expect.poll(async () => (await heard()).length).toBe(3);
    const split = { funnel: 'shrt', experiment: 'shrt-no-results', experiment_variant: variant };
    const noPage = { brand: null, variant: null, outcome: null, page_path: null };
    expect(await heard()).toEqual([
      expect.objectContaining({ event: 'experiment_exposure', step_index: null, ...split, ...noPage }),
      expect.objectContaining({ event: 'experiment_step', step_index: 0, ...split, ...noPage }),
      expect.objectContaining({ event: 'experiment_step', step_index: 1, ...split, ...noPage }),
    ]);
    const everything = JSON.stringify(await heard());
    for (const typed of [patient.birthdate, patient.weight, patient.firstName]) expect(everything).not.toContain(typed);
    await expectNothingKept(page);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${NEXT_PAGE[variant]}$`));
    await expect(heading(page)).not.toHaveText(/^Hormone Assessment$/);
    // Back to the assessment's last page and Forward again: the same variant's next page.
    await page.goBack();
    await expect(page, `Back from ${variant}'s next page`).toHaveURL(/\/hormone-assessment\/shrt\?page=\d+$/);
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`${NEXT_PAGE[variant]}$`));
    await expectNothingKept(page);
  }

  // The report reads the server's database with the copy's config, where the split test is.
  const run = spawnSync('npx', ['tsx', 'scripts/report.ts', '--json', '--data', dataDir, '--code', 'shrt'], {
    cwd: build?.root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as ReachReport;
  expect(report.experiments.map((experiment) => experiment.experiment)).toEqual(['shrt-no-results']);
  const cohorts = report.experiments[0]?.variants ?? [];
  // Every browser opened was shown its variant once and stood on its first step; one of each
  // variant walked on to its second step, and no one further.
  expect(
    cohorts.map(({ variant, current, exposures, steps }) => ({
      variant,
      current,
      exposures,
      reached: steps.map((step) => step.patients),
    })),
  ).toEqual([
    { variant: 'control', current: true, exposures: shown.control, reached: [shown.control, 1, 0, 0, 0, 0] },
    {
      variant: 'no-results',
      current: true,
      exposures: shown['no-results'],
      reached: [shown['no-results'], 1, 0, 0, 0],
    },
  ]);
  expect(cohorts[1]?.versusControl).not.toBeNull();
  for (const { context } of visitors.values()) await context.close();
});
