import {
  LOCAL_SERVICES,
  parseServiceSettings,
  SERVICE_SETTINGS_ELEMENT_ID,
  type ServiceSettings,
} from '../../contract/service-settings.ts';

let cached: ServiceSettings | null = null;

/**
 * This page's service settings, read once from `<script id="service-settings">` (written by
 * the server). A page without them (the dev server, a test) uses the local defaults; one
 * that cannot be read says so on the console and uses them too, so a bad deployment setting
 * never stops a patient. Outside a browser (the server's render of a part of a page, issue 28:
 * src/app/render-shell.tsx) there is no page: the local defaults, which draw the same fields.
 */
export function pageServiceSettings(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): ServiceSettings {
  if (doc === undefined) return LOCAL_SERVICES;
  if (cached !== null) return cached;
  const element = doc.getElementById(SERVICE_SETTINGS_ELEMENT_ID);
  if (element === null) {
    cached = LOCAL_SERVICES;
    return cached;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch {
    console.warn('Service settings ignored: the page holds no JSON; the local defaults apply');
    cached = LOCAL_SERVICES;
    return cached;
  }
  const { settings, problems } = parseServiceSettings(raw);
  for (const problem of problems) console.warn(`Service settings: ${problem}`);
  cached = settings;
  return cached;
}

/** Forgets the settings read, so a test can write others into the page. */
export function forgetPageServiceSettings(): void {
  cached = null;
}
