import { forgetFlagSource } from '../../src/shared/services/flags/flags.ts';
import { forgetPageServiceSettings } from '../../src/shared/services/page-settings.ts';
import {
  LOCAL_SERVICES,
  SERVICE_SETTINGS_ELEMENT_ID,
  type ServiceSettings,
} from '../../src/contract/service-settings.ts';

/**
 * The page as a deployment's server writes it: the local services with `change` on top, in
 * the settings data block. What the page read before (settings, flags) is forgotten, so the
 * next reader sees these.
 */
export function deployWith(change: Partial<ServiceSettings>): void {
  writePageSettings(JSON.stringify({ ...LOCAL_SERVICES, ...change }));
}

/** The settings block holding `text` as it is (to test what a page makes of odd settings). */
export function writePageSettings(text: string): void {
  document.getElementById(SERVICE_SETTINGS_ELEMENT_ID)?.remove();
  const element = document.createElement('script');
  element.id = SERVICE_SETTINGS_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
  forgetPageServiceSettings();
  forgetFlagSource();
}

/** No settings in the page, and nothing remembered: the next reader gets the local defaults. */
export function undeploy(): void {
  document.getElementById(SERVICE_SETTINGS_ELEMENT_ID)?.remove();
  forgetPageServiceSettings();
  forgetFlagSource();
}
