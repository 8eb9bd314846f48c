import { defineConfig, devices } from '@playwright/test';
import {
  E2E_DATA_DIR,
  E2E_LINK_SECRET,
  E2E_PORT,
  FAKES_PORT,
  SERVICES_DATA_DIR,
  SERVICES_ENV,
  SERVICES_PORT,
} from './e2e/support/sites.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';

/** The e2e server's port: not 4173, so a running `npm start` does not collide with it (E2E_PORT to move it). */
const PORT = E2E_PORT;
const isCI = Boolean(process.env.CI);
/** Only the gallery's projects asked for (`npm run screenshots`): it needs the app's server alone. */
const galleryOnly =
  process.argv.some((arg) => arg.startsWith('--project=screenshots')) &&
  process.argv.every((arg) => !arg.startsWith('--project=') || arg.startsWith('--project=screenshots'));

/**
 * End-to-end tests against the built app on the real local server with its own database. They use Debian's
 * Chromium at /usr/bin/chromium (scripts/ensure-chromium.sh installs it); Playwright's own
 * browser downloads are never used.
 */
const config = defineConfig({
  testDir: 'e2e',
  outputDir: E2E_PORT === 4174 ? 'e2e-artifacts' : `e2e-artifacts-${String(E2E_PORT)}`,
  fullyParallel: true,
  forbidOnly: isCI,
  // On CI a failed test runs once more: a test that passes only then is listed as "flaky" at the
  // end of the log (a race in the test or the app, to be found and mended), and fails nothing.
  // One that fails twice fails the run. Locally a failure is a failure at once.
  retries: isCI ? 1 : 0,
  // A 2-core machine: the preview server and two browsers are enough.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: {
    timeout: 5_000,
    // Screenshot baselines (e2e/visual.spec.ts): still frames, and a small allowance for
    // anti-aliasing; anything a person would notice is far more than 1% of the pixels.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', threshold: 0.2, maxDiffPixelRatio: 0.01 },
  },
  // One folder of baselines, named by brand, screen and width (no platform suffix: CI runs
  // on the same kind of machine, with the same Chromium and the app's own font).
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  use: {
    ...devices['Desktop Chrome'],
    // localhost serves the men's brand and femme.localhost the women's, from one server.
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        'services.spec.ts',
        'gallery.spec.ts',
        'funnel-change.spec.ts',
        'split-tests.spec.ts',
        'staff-page-dev.spec.ts',
      ],
    },
    // The production-like runs wait out services' time limits on purpose: after the rest, so
    // their load does not slow the other journeys on a two-core machine.
    { name: 'services', testMatch: 'services.spec.ts', dependencies: ['chromium'] },
    // A funnel change shipped under a patient builds the app twice (a minute of both cores), and
    // a split test once: last, so the builds slow no other test.
    {
      name: 'funnel-change',
      testMatch: ['funnel-change.spec.ts', 'split-tests.spec.ts'],
      dependencies: ['services'],
    },
    // The staff page in \`npm run dev\`: Vite's dev server and the demo walks' own browsers, alone
    // after the rest, as any other test beside them has made a walk's page load too slow.
    { name: 'dev-server', testMatch: 'staff-page-dev.spec.ts', dependencies: ['funnel-change'] },
    // `npm run screenshots` (e2e/gallery.spec.ts): every screen photographed into screenshots/,
    // only when asked for by name; its teardown project then writes screenshots/index.html.
    {
      name: 'screenshots',
      testMatch: 'gallery.spec.ts',
      grepInvert: /@gallery-index/,
      default: false,
      teardown: 'screenshots-index',
      // A step that cannot be reached fails in seconds, and the walk photographs where it stopped.
      use: { trace: 'off', screenshot: 'off', actionTimeout: 15_000, navigationTimeout: 30_000 },
    },
    { name: 'screenshots-index', testMatch: 'gallery.spec.ts', grep: /@gallery-index/, default: false },
  ],
  webServer: [
    {
      // The real local server (app, API and a fresh database), as npm start runs it: every
      // outside service is its local default. Rate limits off: every patient of the suite comes
      // from one address (loopback), as no real patients do; tests/server/limits.test.ts holds them.
      // A known link secret, so tests sign the return links of the clinic's emails (e2e/support/return-link.ts).
      command: `npx vite build --outDir dist-${String(PORT)} && rm -rf ${E2E_DATA_DIR} && BOT_CHECK_LOCAL=accept RATE_LIMITS=off LINK_SECRET=${E2E_LINK_SECRET} DATA_DIR=${E2E_DATA_DIR} STATIC_DIR=dist-${String(PORT)} PORT=${String(PORT)} LOG_LEVEL=warn npx tsx src/server/main.ts`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !isCI,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The fakes of the production services (tests/fakes), for the production-like server.
      command: `FAKES_PORT=${String(FAKES_PORT)} npx tsx tests/fakes/main.ts`,
      url: `http://127.0.0.1:${String(FAKES_PORT)}/`,
      reuseExistingServer: !isCI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The same app configured with the production implementation of every outside service,
      // each at its fake (e2e/services.spec.ts blocks them in turn).
      command: `npx vite build --outDir dist-${String(SERVICES_PORT)} && rm -rf ${SERVICES_DATA_DIR} && ${Object.entries(
        SERVICES_ENV,
      )
        .map(([name, value]) => `${name}=${value}`)
        .join(
          ' ',
        )} RATE_LIMITS=off LINK_SECRET=${E2E_LINK_SECRET} DATA_DIR=${SERVICES_DATA_DIR} STATIC_DIR=dist-${String(SERVICES_PORT)} PORT=${String(SERVICES_PORT)} LOG_LEVEL=warn npx tsx src/server/main.ts`,
      url: `http://127.0.0.1:${String(SERVICES_PORT)}/`,
      reuseExistingServer: !isCI,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});

// The gallery visits only the app's server (the first): without the services' build and fakes it starts sooner.
if (galleryOnly && Array.isArray(config.webServer)) config.webServer = config.webServer.slice(0, 1);

export default config;
