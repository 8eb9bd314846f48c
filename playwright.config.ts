import { defineConfig, devices } from '@playwright/test';

/** The e2e server's port: not 4173, so a running `npm start` does not collide with it. */
const PORT = 4174;
const isCI = Boolean(process.env.CI);

/**
 * End-to-end tests against the built app (`vite build` + `vite preview`). They use Debian's
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
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `npx vite build && npx vite preview --port ${PORT} --strictPort`,
    // vite.config.ts binds the preview server to 127.0.0.1; probe it there, not via localhost,
    // which may resolve to ::1 first.
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
