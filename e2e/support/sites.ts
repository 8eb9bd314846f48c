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
/** The fakes server itself (its own address: Node, unlike Chromium, may not resolve *.localhost). */
export const FAKES_ORIGIN = `http://127.0.0.1:${String(FAKES_PORT)}`;

/**
 * Each service's fake on its own origin (one server; Chromium takes every *.localhost for this
 * machine), so the page's policy must name each one where it is used: a source missing from
 * a directive shows as a violation, which fails the test.
 */
export const FAKE_ORIGINS = {
  tagManager: `http://tags.localhost:${String(FAKES_PORT)}`,
  flags: `http://flags.localhost:${String(FAKES_PORT)}`,
  botCheck: `http://recaptcha.localhost:${String(FAKES_PORT)}`,
  places: `http://places.localhost:${String(FAKES_PORT)}`,
  scheduling: `http://calendly.localhost:${String(FAKES_PORT)}`,
  media: `http://media.localhost:${String(FAKES_PORT)}`,
} as const;
export const SERVICES_MENS_SITE = `http://localhost:${String(SERVICES_PORT)}`;
export const SERVICES_WOMENS_SITE = `http://femme.localhost:${String(SERVICES_PORT)}`;
export const SERVICES_DATA_DIR = `${E2E_DATA_DIR}-services`;

/** The production settings of the production-like server, each service at its fake. */
export const SERVICES_ENV: Readonly<Record<string, string>> = {
  TAG_MANAGER_SCRIPT_URL: `${FAKE_ORIGINS.tagManager}/tags-fake/gtm.js`,
  FLAGS_CONFIG_URL: `${FAKE_ORIGINS.flags}/configcat/configuration-files/e2e-sdk-key/config_v6.json`,
  RECAPTCHA_SITE_KEY: 'e2e-site-key-0001',
  RECAPTCHA_SCRIPT_URL: `${FAKE_ORIGINS.botCheck}/recaptcha/enterprise.js`,
  PLACES_API_KEY: 'e2e-places-key-0001',
  PLACES_API_URL: `${FAKE_ORIGINS.places}/places`,
  SCHEDULING_URL: `${FAKE_ORIGINS.scheduling}/calendly/peak-health`,
  MEDIA_BASE_URL: `${FAKE_ORIGINS.media}/media-cdn`,
  BOT_CHECK_LOCAL: 'refuse',
};

/**
 * The return-link secret of both e2e servers, so a test can sign the link the clinic's email
 * would carry (src/server/access.ts). A test value: real servers generate their own.
 */
export const E2E_LINK_SECRET = 'e2e-link-secret-not-for-production-0123';
