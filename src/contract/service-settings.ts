import { isRecord } from '../lib/is-record.ts';

/**
 * Which implementation of each outside service (SPEC §1) this deployment uses, and where it
 * lives. The server reads them from its environment at start (src/server/service-settings.ts)
 * and writes them into the page (`<script id="service-settings" type="application/json">`);
 * the Content-Security-Policy is made from the same settings, so the page may reach exactly
 * the services it is configured to use.
 *
 * Every service has a local default that works offline (`provider: 'local'`), and the
 * defaults are what a page without settings (the dev server, a unit test) gets.
 */

export type FlagValue = boolean | number | string;

export interface ServiceSettings {
  /**
   * The first-party server-side tagging script (SPEC §1), loaded 3000 ms after the page with
   * the brand's container id; null when tagging is off.
   */
  tagManager: { scriptUrl: string } | null;
  /** Feature flags: values in config/flags.json (and FLAGS), or the flag service's config file. */
  flags:
    | { provider: 'local'; overrides: Readonly<Record<string, FlagValue>> }
    | { provider: 'configcat'; configUrl: string };
  /**
   * The enterprise bot check; locally, tokens the local server accepts when it is told to;
   * 'off' on a deployment with neither (no site key, local tokens not accepted), where a
   * check could only refuse every patient.
   */
  botCheck:
    | { provider: 'local' }
    | { provider: 'off' }
    | { provider: 'recaptcha-enterprise'; siteKey: string; scriptUrl: string };
  /** Address autocomplete and place lookup; locally, the local server's demo places. */
  places: { provider: 'local' } | { provider: 'google'; apiKey: string; baseUrl: string };
  /** Consult booking; locally, the booking screen on the local server's availability. */
  scheduling: { provider: 'local' } | { provider: 'calendly'; baseUrl: string };
  /** Where the consult videos' relative file names are; null for the app's own /media. */
  media: { baseUrl: string | null };
}

/** What `npm start`, the dev server and the tests use: nothing leaves the machine. */
export const LOCAL_SERVICES: ServiceSettings = {
  tagManager: { scriptUrl: '/tags/gtm.js' },
  flags: { provider: 'local', overrides: {} },
  botCheck: { provider: 'local' },
  places: { provider: 'local' },
  scheduling: { provider: 'local' },
  media: { baseUrl: null },
};

/** The id of the element the server writes the settings into. */
export const SERVICE_SETTINGS_ELEMENT_ID = 'service-settings';

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function flagOverrides(value: unknown): Record<string, FlagValue> {
  const overrides: Record<string, FlagValue> = {};
  if (!isRecord(value)) return overrides;
  for (const [name, flag] of Object.entries(value)) {
    if (typeof flag === 'boolean' || typeof flag === 'number' || typeof flag === 'string') overrides[name] = flag;
  }
  return overrides;
}

/**
 * Settings from what the page says. The server checked them when it started; this only
 * guards against a page edited by hand: a section that is not understood falls back to its
 * local default, and the problem is returned to be logged.
 */
export function parseServiceSettings(raw: unknown): { settings: ServiceSettings; problems: string[] } {
  const problems: string[] = [];
  if (!isRecord(raw)) return { settings: LOCAL_SERVICES, problems: ['the service settings are not an object'] };
  const section = <K extends keyof ServiceSettings>(
    key: K,
    read: (value: Record<string, unknown>) => ServiceSettings[K] | null,
  ): ServiceSettings[K] => {
    const value = raw[key];
    if (value === undefined) return LOCAL_SERVICES[key];
    const read_ = isRecord(value) ? read(value) : key === 'tagManager' && value === null ? null : undefined;
    if (read_ === undefined || (read_ === null && key !== 'tagManager')) {
      problems.push(`the ${key} settings are not understood; the local default applies`);
      return LOCAL_SERVICES[key];
    }
    return read_ as ServiceSettings[K];
  };
  const settings: ServiceSettings = {
    tagManager: section('tagManager', (value) => {
      const scriptUrl = textOf(value.scriptUrl);
      return scriptUrl === null ? null : { scriptUrl };
    }),
    flags: section('flags', (value) => {
      if (value.provider === 'local') return { provider: 'local', overrides: flagOverrides(value.overrides) };
      const configUrl = textOf(value.configUrl);
      return value.provider === 'configcat' && configUrl !== null ? { provider: 'configcat', configUrl } : null;
    }),
    botCheck: section('botCheck', (value) => {
      if (value.provider === 'local') return { provider: 'local' };
      if (value.provider === 'off') return { provider: 'off' };
      const siteKey = textOf(value.siteKey);
      const scriptUrl = textOf(value.scriptUrl);
      return value.provider === 'recaptcha-enterprise' && siteKey !== null && scriptUrl !== null
        ? { provider: 'recaptcha-enterprise', siteKey, scriptUrl }
        : null;
    }),
    places: section('places', (value) => {
      if (value.provider === 'local') return { provider: 'local' };
      const apiKey = textOf(value.apiKey);
      const baseUrl = textOf(value.baseUrl);
      return value.provider === 'google' && apiKey !== null && baseUrl !== null
        ? { provider: 'google', apiKey, baseUrl }
        : null;
    }),
    scheduling: section('scheduling', (value) => {
      if (value.provider === 'local') return { provider: 'local' };
      const baseUrl = textOf(value.baseUrl);
      return value.provider === 'calendly' && baseUrl !== null ? { provider: 'calendly', baseUrl } : null;
    }),
    media: section('media', (value) => ({ baseUrl: textOf(value.baseUrl) })),
  };
  return { settings, problems };
}
