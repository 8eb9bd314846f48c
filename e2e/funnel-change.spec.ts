import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_CONFIG_FILES, formatProblem, validateConfigTexts } from '../scripts/lib/config-validation.ts';
import { CONFIG_DIR } from '../src/contract/schema-files.ts';
import type { FunnelsFile } from '../src/engine/config-types.ts';
import { createFunnelEngine, type FunnelEngine } from '../src/engine/funnel-plan.ts';
import { recordedFunnel } from '../src/engine/funnel-version.ts';
import { buildWithFunnels, type ChangedBuild } from './support/changed-build.ts';
import { journeysOf, type StoredJourney } from './support/database.ts';
import { freePort, serveBuild, type BuildServer } from './support/limited-server.ts';
import { continueAfterPaying, heading, newPatient, pay, type Patient } from './support/patient.ts';
import { expect, test, type Page } from './support/test.ts';
import { doStep } from './support/walk.ts';

/**
 * Issue 26, point 4: product staff ship a funnel change while a patient is half-way through.
 * The patient saves their journey on one config, the real server restarts on a build of a
 * changed one (a step removed before their place and one added after it), and the patient
 * reloads: they see the step they were on, every answer is still in the database, and the
 * journey now records the new funnel's version. Then they go on into the added step. A patient
 * standing on the removed step itself goes on from the first later step that is still there.
 *
 * Both configs are built here from copies of config/funnels.json, so the test does not depend on
 * what today's funnels happen to be, only on the steps it names.
 */

// Two builds of the app before the first test (half a minute each on a two-core machine; the
// project runs after the rest of the suite: playwright.config.ts).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Steps = readonly string[];

/** A changed config: its funnels.json, and the engine the build made from it will run. */
interface ChangedConfig {
  funnels: FunnelsFile;
  engine: FunnelEngine;
}

/**
 * config/ with the men's HRT assessment funnel's own steps and its call-centre variant's steps
 * replaced, validated as `npm run validate` would (a change staff could not ship fails here).
 */
function configWith(own: Steps, callCentre: Steps): ChangedConfig {
  const texts = Object.fromEntries(
    ALL_CONFIG_FILES.map((file) => [file, readFileSync(path.join(CONFIG_DIR, file), 'utf8')]),
  );
  const funnels = JSON.parse(texts['funnels.json'] ?? '') as FunnelsFile;
  const funnel = funnels.funnels['hrt-assessment'];
  const variant = funnel?.variants?.find((candidate) => candidate.name === 'callcenter');
  if (funnel === undefined || variant === undefined)
    throw new Error('config/funnels.json has no hrt-assessment funnel with a callcenter variant');
  funnel.steps = [...own];
  variant.steps = [...callCentre];
  const { config, problems } = validateConfigTexts({ ...texts, 'funnels.json': JSON.stringify(funnels) });
  if (config === null)
    throw new Error(`The changed config is invalid:\n${problems.map((problem) => formatProblem(problem)).join('\n')}`);
  return { funnels, engine: createFunnelEngine(config) };
}

/** Before: today's own steps; the call centre has the patient take the assessment, then pay. */
const BEFORE = configWith(
  ['/hormone-assessment', '/results', '/payment', '/mip/form', '/mip/calendly'],
  ['/hormone-assessment', '/payment', '/finish'],
);
/**
 * After: results removed before payment and the microclinic finish added after it; the call
 * centre's assessment removed before payment and the intake added after it.
 */
const AFTER = configWith(
  ['/hormone-assessment', '/payment', '/mip/hrt/finish', '/mip/form', '/mip/calendly'],
  ['/payment', '/mip/form', '/finish'],
);

/** The version a journey on shrt with `query` records under `changed` (src/engine/funnel-version.ts). */
function versionOf(changed: ChangedConfig, query: string): string {
  const planned = changed.engine.planVisit({ code: 'shrt', brand: 'male', query });
  if (!planned.ok) throw new Error(`shrt?${query} has no plan`);
  return recordedFunnel(planned.plan).version;
}

let before: ChangedBuild | undefined;
let after: ChangedBuild | undefined;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  before = await buildWithFunnels(BEFORE.funnels, 'before');
  after = await buildWithFunnels(AFTER.funnels, 'after');
});

test.afterAll(() => {
  before?.remove();
  after?.remove();
});

/** A database and a port of the test's own, with the server on `build`; `restart` moves it onto another build. */
async function serverOf(build: ChangedBuild | undefined) {
  if (build === undefined) throw new Error('The builds were not made');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-funnel-change-'));
  const removeData = () => {
    rmSync(dataDir, { recursive: true, force: true });
  };
  const port = await freePort();
  let server: BuildServer;
  try {
    server = await serveBuild({ port, dataDir, staticDir: build.dir });
  } catch (error) {
    removeData();
    throw error;
  }
  return {
    dataDir,
    site: () => server.mensSite,
    /** A deploy: the server stops and starts again, on the same data and port, serving `next`. */
    restart: async (next: ChangedBuild | undefined) => {
      if (next === undefined) throw new Error('The builds were not made');
      await server.stop();
      server = await serveBuild({ port, dataDir, staticDir: next.dir });
    },
    stop: async () => {
      try {
        await server.stop();
      } finally {
        removeData();
      }
    },
  };
}

/** The one journey on shrt in the test's database, once its place is `url` and its funnel `version`. */
async function savedJourney(dataDir: string, url: string, version: string): Promise<StoredJourney> {
  let journey: StoredJourney | undefined;
  await expect
    .poll(
      () => {
        const journeys = journeysOf('shrt', dataDir);
        expect(journeys, 'one journey on shrt').toHaveLength(1);
        journey = journeys[0];
        return {
          url: journey?.state.step?.url,
          version: journey?.state.funnel?.version,
          column: journey?.funnelVersion,
        };
      },
      { message: `the journey saved on ${url} under funnel version ${version}`, timeout: 15_000 },
    )
    .toEqual({ url, version, column: version });
  if (journey === undefined) throw new Error('no journey');
  return journey;
}

/** The payment page, as the patient sees it. */
async function onPayment(page: Page, url: string): Promise<void> {
  await expect(page).toHaveURL(url);
  await expect(heading(page)).toHaveText('Complete Your Order');
  await expect(page.getByRole('form', { name: 'Billing details' })).toBeVisible({ timeout: 15_000 });
}

type FunnelServer = Awaited<ReturnType<typeof serverOf>>;

/**
 * `patient` on shrt's payment (with `query`), their assessment saved on the first build: the
 * server restarts on the second, the patient reloads and is still on payment, at `index` of the
 * new steps, with every answer kept and the new version recorded; they pay, and Next takes them
 * to `next`, the step the change added, where `check` sees it.
 */
async function payAcrossTheChange(
  page: Page,
  server: FunnelServer,
  options: { patient: Patient; query: string; index: number; next: string; check: () => Promise<void> },
): Promise<void> {
  const { query } = options;
  const suffix = query === '' ? '' : `?${query}`;
  const site = server.site();
  await onPayment(page, `${site}/payment/shrt${suffix}`);
  const saved = await savedJourney(server.dataDir, `/payment/shrt${suffix}`, versionOf(BEFORE, query));
  expect(Object.keys(saved.state.answers).length, 'the assessment answers').toBeGreaterThan(3);

  await server.restart(after);
  await page.reload();

  await onPayment(page, `${site}/payment/shrt${suffix}`);
  const moved = await savedJourney(server.dataDir, `/payment/shrt${suffix}`, versionOf(AFTER, query));
  expect(moved.state.step?.index).toBe(options.index);
  expect(moved.state.answers, 'every answer saved before the change').toEqual(saved.state.answers);

  await pay(page, options.patient);
  await continueAfterPaying(page);
  await expect(page).toHaveURL(`${site}${options.next}${suffix}`);
  await options.check();
  const onward = await savedJourney(server.dataDir, `${options.next}${suffix}`, versionOf(AFTER, query));
  expect(onward.state.answers).toMatchObject(saved.state.answers);
}

test('shrt: results removed before the payment the patient stands on and a step added after it; reloaded, they pay and go on into it', async ({
  page,
}) => {
  const patient = newPatient('funnel-change');
  const server = await serverOf(before);
  try {
    const site = server.site();
    await page.goto(`${site}/hormone-assessment/shrt`);
    await doStep(page, 'hormone-assessment', patient, page.url());
    await expect(page).toHaveURL(`${site}/results/shrt`);
    await doStep(page, 'results', patient, page.url());
    // Payment was the third step and is now the second: the saved index would name the added
    // microclinic finish, past the payment the new funnel still requires.
    await payAcrossTheChange(page, server, {
      patient,
      query: '',
      index: 1,
      next: '/mip/hrt/finish/shrt',
      check: async () => {
        await expect(page.getByRole('button', { name: 'Enter my city or ZIP code' })).toBeVisible({ timeout: 15_000 });
      },
    });
  } finally {
    await server.stop();
  }
});

test('shrt?callcenter=true: the assessment removed before the payment the patient stands on and the intake added after it', async ({
  page,
}) => {
  const patient = newPatient('funnel-change-cc');
  const server = await serverOf(before);
  try {
    await page.goto(`${server.site()}/hormone-assessment/shrt?callcenter=true`);
    await doStep(page, 'hormone-assessment', patient, page.url());
    // Payment was the second step and is now the first: the saved index would name the intake.
    await payAcrossTheChange(page, server, {
      patient,
      query: 'callcenter=true',
      index: 0,
      next: '/mip/form/shrt',
      check: async () => {
        await expect(heading(page)).toHaveText('Intake');
      },
    });
  } finally {
    await server.stop();
  }
});

test('shrt: a patient on the results page the change removes reloads it and goes on from payment, the first later step', async ({
  page,
}) => {
  const patient = newPatient('funnel-change-gone');
  const server = await serverOf(before);
  try {
    const site = server.site();
    await page.goto(`${site}/hormone-assessment/shrt`);
    await doStep(page, 'hormone-assessment', patient, page.url());
    await expect(page).toHaveURL(`${site}/results/shrt`);
    await expect(page.getByRole('main').getByRole('button', { name: /^Continue/ })).toBeVisible({ timeout: 15_000 });
    const saved = await savedJourney(server.dataDir, '/results/shrt', versionOf(BEFORE, ''));

    await server.restart(after);
    // The results page still opens on its own, but it is no longer a step of shrt: left there,
    // its Continue would lead back into the assessment instead of on.
    await page.reload();
    await onPayment(page, `${site}/payment/shrt`);
    const moved = await savedJourney(server.dataDir, '/payment/shrt', versionOf(AFTER, ''));
    expect(moved.state.answers, 'every answer saved before the change').toEqual(saved.state.answers);

    // The gone page's history entry was replaced: Back goes to the step before payment, not to
    // it, and Forward returns to payment.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`^${site}/hormone-assessment/shrt`));
    await page.goForward();
    await onPayment(page, `${site}/payment/shrt`);
  } finally {
    await server.stop();
  }
});
