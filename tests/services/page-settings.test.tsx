import { afterEach, expect, test, vi } from 'vitest';
import { forgetPageServiceSettings, pageServiceSettings } from '../../src/services/page-settings.ts';
import { LOCAL_SERVICES } from '../../src/services/settings.ts';

function pageSays(text: string): void {
  const element = document.createElement('script');
  element.id = 'service-settings';
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById('service-settings')?.remove();
  forgetPageServiceSettings();
  vi.restoreAllMocks();
});

test('a page without settings (the dev server) uses the local services', () => {
  expect(pageServiceSettings()).toEqual(LOCAL_SERVICES);
});

test('the settings the server wrote are read once', () => {
  pageSays(
    JSON.stringify({ ...LOCAL_SERVICES, scheduling: { provider: 'calendly', baseUrl: 'https://calendly.com/peak' } }),
  );
  expect(pageServiceSettings().scheduling).toEqual({ provider: 'calendly', baseUrl: 'https://calendly.com/peak' });
  document.getElementById('service-settings')?.remove();
  expect(pageServiceSettings().scheduling.provider).toBe('calendly');
});

test('settings that are not JSON are named on the console and the local services apply', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  pageSays('{ "places": ');
  expect(pageServiceSettings()).toEqual(LOCAL_SERVICES);
  expect(warn).toHaveBeenCalledWith('Service settings ignored: the page holds no JSON; the local defaults apply');
});
