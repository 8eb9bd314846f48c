import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';

/** The e2e server's port: not 4173, so a running `npm start` does not collide with it. */
const PORT = 4174;
const isCI = Boolean(process.env.CI);

/**
 * End-to-end tests against the built app on the real local server with its own database. They use Debian's
 * Chromium at /usr/bin/chromium (scripts/ensure-chromium.sh installs it); Playwright's own
 * browser downloads are never used.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e-artifacts',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  // A 2-core machine: the preview server and two browsers are enough.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
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
  projects: [{ name: 'chromium' }],
  webServer: {
    // The real local server (app, API and a fresh database), as npm start runs it.
    command: `npx vite build && rm -rf e2e-data && DATA_DIR=e2e-data PORT=${PORT} LOG_LEVEL=warn npx tsx src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !isCI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
