import {
  LOCAL_SERVICES,
  SERVICE_SETTINGS_ELEMENT_ID,
  type FlagValue,
  type ServiceSettings,
} from '../contract/service-settings.ts';
import { ServerConfigError } from './config-error.ts';

/** What the server itself needs to know about the outside services, beyond what the page gets. */
export interface ServerServiceSettings {
  /** Written into every page, and the source of its Content-Security-Policy. */
  page: ServiceSettings;
  /**
   * Whether `verifyRecaptcha` accepts the local bot-check provider's tokens. Only when
   * BOT_CHECK_LOCAL=accept: `npm start` and the tests say so, a production-like server does not.
   */
  acceptLocalBotTokens: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An outside service's address: https, or http on this machine (the fakes the tests run,
 * each on its own *.localhost origin). A
 * path alone (`/tags/gtm.js`) is allowed where `samePath` says so: the service is first-party.
 */
function serviceUrl(name: string, value: string, samePath = false): string {
  if (samePath && value.startsWith('/') && !value.startsWith('//')) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ServerConfigError(`${name} must be a URL${samePath ? ' or a path starting with /' : ''}, not "${value}"`);
  }
  const local = LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new ServerConfigError(`${name} must use https (http only on localhost), not "${value}"`);
  }
  if (url.username !== '' || url.password !== '')
    throw new ServerConfigError(`${name} must not carry a user or password`);
  return url.href.replace(/\/$/, '');
}

function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** FLAGS=name=value,name=value: true/false, numbers, or text. */
function flagOverrides(text: string | undefined): Record<string, FlagValue> {
  const overrides: Record<string, FlagValue> = {};
  if (text === undefined) return overrides;
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    if (at <= 0 || !/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) {
      throw new ServerConfigError(`FLAGS must be name=value pairs separated by commas, not "${pair}"`);
    }
    const value = pair.slice(at + 1).trim();
    overrides[name] =
      value === 'true' ? true : value === 'false' ? false : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return overrides;
}

/**
 * The services of this deployment, from the environment (README "Settings" lists them). With
 * none set, every service is its local default and nothing leaves the machine.
 */
export function readServiceSettings(env: NodeJS.ProcessEnv): ServerServiceSettings {
  const tagScript = setting(env, 'TAG_MANAGER_SCRIPT_URL');
  const flagsUrl = setting(env, 'FLAGS_CONFIG_URL');
  const siteKey = setting(env, 'RECAPTCHA_SITE_KEY');
  const placesKey = setting(env, 'PLACES_API_KEY');
  const schedulingUrl = setting(env, 'SCHEDULING_URL');
  const mediaUrl = setting(env, 'MEDIA_BASE_URL');
  const botCheckLocal = setting(env, 'BOT_CHECK_LOCAL');
  if (botCheckLocal !== undefined && botCheckLocal !== 'accept' && botCheckLocal !== 'refuse') {
    throw new ServerConfigError(`BOT_CHECK_LOCAL must be accept or refuse, not "${botCheckLocal}"`);
  }
  if (siteKey !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(siteKey)) {
    throw new ServerConfigError('RECAPTCHA_SITE_KEY must be 8 to 100 letters, digits, _ or -');
  }
  if (placesKey !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(placesKey)) {
    throw new ServerConfigError('PLACES_API_KEY must be 8 to 100 letters, digits, _ or -');
  }
  const page: ServiceSettings = {
    tagManager:
      tagScript === 'off'
        ? null
        : tagScript === undefined
          ? LOCAL_SERVICES.tagManager
          : { scriptUrl: serviceUrl('TAG_MANAGER_SCRIPT_URL', tagScript, true) },
    flags:
      flagsUrl === undefined
        ? { provider: 'local', overrides: flagOverrides(setting(env, 'FLAGS')) }
        : { provider: 'configcat', configUrl: serviceUrl('FLAGS_CONFIG_URL', flagsUrl) },
    // Without a site key the local bot check is only of use where the server accepts its
    // tokens; anywhere else its every token would be refused, and every patient with it.
    botCheck:
      siteKey === undefined
        ? { provider: botCheckLocal === 'accept' ? 'local' : 'off' }
        : {
            provider: 'recaptcha-enterprise',
            siteKey,
            scriptUrl: serviceUrl(
              'RECAPTCHA_SCRIPT_URL',
              setting(env, 'RECAPTCHA_SCRIPT_URL') ?? 'https://www.google.com/recaptcha/enterprise.js',
            ),
          },
    places:
      placesKey === undefined
        ? { provider: 'local' }
        : {
            provider: 'google',
            apiKey: placesKey,
            baseUrl: serviceUrl('PLACES_API_URL', setting(env, 'PLACES_API_URL') ?? 'https://places.googleapis.com'),
          },
    scheduling:
      schedulingUrl === undefined
        ? { provider: 'local' }
        : { provider: 'calendly', baseUrl: serviceUrl('SCHEDULING_URL', schedulingUrl) },
    media: { baseUrl: mediaUrl === undefined ? null : serviceUrl('MEDIA_BASE_URL', mediaUrl) },
  };
  return { page, acceptLocalBotTokens: botCheckLocal === 'accept' };
}

/**
 * `html` with the settings written in before `</head>` (in place of any written before), as a
 * JSON data block: not a script, so the page's policy never has to allow inline script, and
 * with every `<` escaped, so no value can end the element early.
 */
export function withServiceSettings(html: string, settings: ServiceSettings): string {
  const block = `<script id="${SERVICE_SETTINGS_ELEMENT_ID}" type="application/json">${JSON.stringify(settings).replace(/</g, '\\u003c')}</script>`;
  return html
    .replace(new RegExp(`<script id="${SERVICE_SETTINGS_ELEMENT_ID}"[^>]*>.*?</script>\\n?`, 's'), '')
    .replace('</head>', `${block}\n</head>`);
}
