import { expect, test } from 'vitest';
import { brandSiteOrigin } from '../../src/app/brand-site.ts';
import { httpsUpgradeUrl, isLocalHost } from '../../src/app/https-upgrade.ts';
import { SCREEN_NAMES } from '../../src/engine/config-types.ts';
import { REGISTERED_SCREENS, screenFor } from '../../src/app/registry.ts';
import { loadConfig } from '../support/config.ts';

test('plain http is upgraded to https, except on localhost', () => {
  expect(httpsUpgradeUrl('http://peakmens.example/results/shrt?a=1')).toBe('https://peakmens.example/results/shrt?a=1');
  expect(httpsUpgradeUrl('https://peakmens.example/results/shrt')).toBeNull();
  expect(httpsUpgradeUrl('http://localhost:4173/results/shrt')).toBeNull();
  expect(httpsUpgradeUrl('http://femme.localhost:4173/f/results/fha1')).toBeNull();
  expect(httpsUpgradeUrl('http://127.0.0.1:4173/')).toBeNull();
  expect(isLocalHost('localhost.peakmens.example')).toBe(false);
});

test('the screen registry has exactly the screens the route schema names', () => {
  expect(new Set(REGISTERED_SCREENS)).toEqual(new Set(SCREEN_NAMES));
});

test('an unknown screen name, even one on Object.prototype, has no screen', () => {
  expect(screenFor('constructor')).toBeNull();
  expect(screenFor('toString')).toBeNull();
  expect(screenFor('paymnt')).toBeNull();
  expect(screenFor('payment')).not.toBeNull();
});

test("the other brand's site is its host of the same kind: local with the same port, else public over https", () => {
  const { brands } = loadConfig().brands;
  const here = (href: string) => new URL(href);
  expect(brandSiteOrigin(brands.female, here('http://localhost:4173/f/results/fha1'))).toBe(
    'http://femme.localhost:4173',
  );
  expect(brandSiteOrigin(brands.male, here('http://femme.localhost:4440/quiz'))).toBe('http://localhost:4440');
  expect(brandSiteOrigin(brands.female, here('https://www.peakmens.example/f/intake/fha1'))).toBe(
    'https://peakfemme.example',
  );
  expect(brandSiteOrigin(brands.male, here('https://peakfemme.example/quiz'))).toBe('https://peakmens.example');
});
