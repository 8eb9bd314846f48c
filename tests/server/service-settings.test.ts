import { expect, test } from 'vitest';
import { ServerConfigError } from '../../src/server/config-error.ts';
import { contentSecurityPolicy } from '../../src/server/content-security-policy.ts';
import { readServiceSettings } from '../../src/server/service-settings.ts';
import { LOCAL_SERVICES, parseServiceSettings } from '../../src/contract/service-settings.ts';

/** The policy as directive name → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

test('with nothing set, every service is its local default but the bot check, which is off: its local tokens would be refused', () => {
  const settings = readServiceSettings({});
  expect(settings.page).toEqual({ ...LOCAL_SERVICES, botCheck: { provider: 'off' } });
  expect(settings.acceptLocalBotTokens).toBe(false);
  expect(readServiceSettings({ BOT_CHECK_LOCAL: 'refuse' }).page.botCheck).toEqual({ provider: 'off' });
});

test('BOT_CHECK_LOCAL=accept (npm start, the dev server, the e2e server) gives the local bot check, whose tokens it takes', () => {
  const settings = readServiceSettings({ BOT_CHECK_LOCAL: 'accept' });
  expect(settings.page).toEqual(LOCAL_SERVICES);
  expect(settings.acceptLocalBotTokens).toBe(true);
});

test('a site key gives reCAPTCHA Enterprise whatever BOT_CHECK_LOCAL says', () => {
  for (const local of [undefined, 'accept', 'refuse']) {
    const { page } = readServiceSettings({
      RECAPTCHA_SITE_KEY: '6LcSiteKey_abc-123',
      ...(local === undefined ? {} : { BOT_CHECK_LOCAL: local }),
    });
    expect(page.botCheck).toMatchObject({ provider: 'recaptcha-enterprise', siteKey: '6LcSiteKey_abc-123' });
  }
});

test('a production deployment names each service by its address', () => {
  const { page } = readServiceSettings({
    TAG_MANAGER_SCRIPT_URL: 'https://metrics.peakmens.example/gtm.js',
    FLAGS_CONFIG_URL: 'https://cdn-global.configcat.com/configuration-files/sdk-key/config_v6.json',
    RECAPTCHA_SITE_KEY: '6LcSiteKey_abc-123',
    PLACES_API_KEY: 'AIzaPlacesKey123',
    SCHEDULING_URL: 'https://calendly.com/peak-health',
    MEDIA_BASE_URL: 'https://media.peak.example/consult/',
  });
  expect(page).toEqual({
    tagManager: { scriptUrl: 'https://metrics.peakmens.example/gtm.js' },
    flags: {
      provider: 'configcat',
      configUrl: 'https://cdn-global.configcat.com/configuration-files/sdk-key/config_v6.json',
    },
    botCheck: {
      provider: 'recaptcha-enterprise',
      siteKey: '6LcSiteKey_abc-123',
      scriptUrl: 'https://www.google.com/recaptcha/enterprise.js',
    },
    places: { provider: 'google', apiKey: 'AIzaPlacesKey123', baseUrl: 'https://places.googleapis.com' },
    scheduling: { provider: 'calendly', baseUrl: 'https://calendly.com/peak-health' },
    media: { baseUrl: 'https://media.peak.example/consult' },
  });
});

test('local flag overrides are read from FLAGS, and tagging can be turned off', () => {
  const { page } = readServiceSettings({
    FLAGS: 'botCheck=false, maxTries=3,banner=spring',
    TAG_MANAGER_SCRIPT_URL: 'off',
  });
  expect(page.flags).toEqual({ provider: 'local', overrides: { botCheck: false, maxTries: 3, banner: 'spring' } });
  expect(page.tagManager).toBeNull();
});

test.each([
  [{ TAG_MANAGER_SCRIPT_URL: 'http://metrics.example/gtm.js' }, 'TAG_MANAGER_SCRIPT_URL must use https'],
  [{ FLAGS_CONFIG_URL: 'not a url' }, 'FLAGS_CONFIG_URL must be a URL'],
  [{ SCHEDULING_URL: 'https://user:secret@calendly.com/x' }, 'SCHEDULING_URL must not carry a user'],
  [{ RECAPTCHA_SITE_KEY: 'short' }, 'RECAPTCHA_SITE_KEY must be 8 to 100'],
  [{ FLAGS: 'botCheck' }, 'FLAGS must be name=value pairs'],
  [{ BOT_CHECK_LOCAL: 'yes' }, 'BOT_CHECK_LOCAL must be accept or refuse'],
])('a setting that cannot work stops the server with its name: %o', (env, message) => {
  expect(() => readServiceSettings(env)).toThrow(ServerConfigError);
  expect(() => readServiceSettings(env)).toThrow(message);
});

test('the local policy allows the app itself only, with no eval and no inline script', () => {
  const policy = directives(contentSecurityPolicy(LOCAL_SERVICES, 'n0nce'));
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['style-src']).toEqual(["'self'", "'nonce-n0nce'"]);
  expect(policy['connect-src']).toEqual(["'self'"]);
  expect(policy['frame-src']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
  expect(Object.values(policy).flat()).not.toContain("'unsafe-inline'");
});

test('a production policy allows exactly the configured services, each where it is used', () => {
  const { page } = readServiceSettings({
    TAG_MANAGER_SCRIPT_URL: 'https://metrics.peakmens.example/gtm.js',
    FLAGS_CONFIG_URL: 'https://cdn-global.configcat.com/configuration-files/k/config_v6.json',
    RECAPTCHA_SITE_KEY: '6LcSiteKey_abc-123',
    PLACES_API_KEY: 'AIzaPlacesKey123',
    SCHEDULING_URL: 'https://calendly.com/peak-health',
    MEDIA_BASE_URL: 'https://media.peak.example',
  });
  const policy = directives(contentSecurityPolicy(page, 'abc'));
  expect(policy['script-src']).toEqual([
    "'self'",
    'https://metrics.peakmens.example',
    'https://www.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
  ]);
  expect(policy['connect-src']).toEqual([
    "'self'",
    'https://metrics.peakmens.example',
    'https://cdn-global.configcat.com',
    'https://www.google.com/recaptcha/',
    'https://places.googleapis.com',
  ]);
  expect(policy['frame-src']).toEqual([
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
    'https://calendly.com',
  ]);
  expect(policy['media-src']).toEqual(["'self'", 'https://media.peak.example']);
  expect(policy['img-src']).toEqual([
    "'self'",
    'data:',
    'https://metrics.peakmens.example',
    'https://media.peak.example',
  ]);
});

test('the page reads settings back, and a section it does not understand falls back to its local default', () => {
  const { page } = readServiceSettings({ SCHEDULING_URL: 'https://calendly.com/peak-health' });
  // The bot check off is read back as off, not as the local check a real server would refuse.
  expect(page.botCheck).toEqual({ provider: 'off' });
  expect(parseServiceSettings(JSON.parse(JSON.stringify(page)))).toEqual({ settings: page, problems: [] });
  const { settings, problems } = parseServiceSettings({ ...page, places: { provider: 'google' }, tagManager: null });
  expect(settings.places).toEqual({ provider: 'local' });
  expect(settings.tagManager).toBeNull();
  expect(settings.scheduling).toEqual({ provider: 'calendly', baseUrl: 'https://calendly.com/peak-health' });
  expect(problems).toEqual(['the places settings are not understood; the local default applies']);
  expect(parseServiceSettings('nonsense').settings).toEqual(LOCAL_SERVICES);
});
