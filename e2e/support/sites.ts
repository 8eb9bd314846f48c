/**
 * Where the e2e server runs: port 4174 unless E2E_PORT says otherwise (so two runs on one
 * machine do not share a server), with its own database directory.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? '4174');
export const MENS_SITE = `http://localhost:${String(E2E_PORT)}`;
export const WOMENS_SITE = `http://femme.localhost:${String(E2E_PORT)}`;
export const E2E_DATA_DIR = E2E_PORT === 4174 ? 'e2e-data' : `e2e-data-${String(E2E_PORT)}`;

/**
 * The production-like run: the same app on its own server and database, configured with the
 * production implementation of every outside service (src/server/service-settings.ts), each
 * pointed at its fake on the fakes server (tests/fakes/server.ts). The e2e blocks them in turn.
 */
export const SERVICES_PORT = E2E_PORT + 100;
export const FAKES_PORT = E2E_PORT + 200;
export const FAKES_ORIGIN = `http://127.0.0.1:${String(FAKES_PORT)}`;
export const SERVICES_MENS_SITE = `http://localhost:${String(SERVICES_PORT)}`;
export const SERVICES_WOMENS_SITE = `http://femme.localhost:${String(SERVICES_PORT)}`;
export const SERVICES_DATA_DIR = `${E2E_DATA_DIR}-services`;

/** The production settings of the production-like server, each service at its fake. */
export const SERVICES_ENV: Readonly<Record<string, string>> = {
  TAG_MANAGER_SCRIPT_URL: `${FAKES_ORIGIN}/tags-fake/gtm.js`,
  FLAGS_CONFIG_URL: `${FAKES_ORIGIN}/configcat/configuration-files/e2e-sdk-key/config_v6.json`,
  RECAPTCHA_SITE_KEY: 'e2e-site-key-0001',
  RECAPTCHA_SCRIPT_URL: `${FAKES_ORIGIN}/recaptcha/enterprise.js`,
  PLACES_API_KEY: 'e2e-places-key-0001',
  PLACES_API_URL: `${FAKES_ORIGIN}/places`,
  SCHEDULING_URL: `${FAKES_ORIGIN}/calendly/peak-health`,
  MEDIA_BASE_URL: `${FAKES_ORIGIN}/media-cdn`,
  BOT_CHECK_LOCAL: 'refuse',
};

/** Where each outside service's fake answers, to block one in a test (`page.route`). */
export const SERVICE_FAKE_PATHS = {
  tagManager: '/tags-fake/',
  flags: '/configcat/',
  botCheck: '/recaptcha/',
  places: '/places/',
  scheduling: '/calendly/',
  media: '/media-cdn/',
} as const;
