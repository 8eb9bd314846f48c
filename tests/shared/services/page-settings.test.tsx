import { afterEach, expect, test, vi } from 'vitest';
import { pageServiceSettings } from '../../../src/shared/services/page-settings.ts';
import { LOCAL_SERVICES, SERVICE_SETTINGS_ELEMENT_ID } from '../../../src/contract/service-settings.ts';
import { deployWith, undeploy, writePageSettings } from '../../support/page-services.ts';

afterEach(() => {
  undeploy();
  vi.restoreAllMocks();
});

test('a page without settings (the dev server) uses the local services', () => {
  expect(pageServiceSettings()).toEqual(LOCAL_SERVICES);
});

test('the settings the server wrote are read once', () => {
  deployWith({ scheduling: { provider: 'calendly', baseUrl: 'https://calendly.com/peak' } });
  expect(pageServiceSettings().scheduling).toEqual({ provider: 'calendly', baseUrl: 'https://calendly.com/peak' });
  document.getElementById(SERVICE_SETTINGS_ELEMENT_ID)?.remove();
  expect(pageServiceSettings().scheduling.provider).toBe('calendly');
});

test('settings that are not JSON are named on the console and the local services apply', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  writePageSettings('{ "places": ');
  expect(pageServiceSettings()).toEqual(LOCAL_SERVICES);
  expect(warn).toHaveBeenCalledWith('Service settings ignored: the page holds no JSON; the local defaults apply');
});
