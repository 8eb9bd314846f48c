import { expect, test } from 'vitest';
import { httpsUpgradeUrl, isLocalHost } from '../../src/app/https-upgrade.ts';
import { SCREEN_NAMES } from '../../src/engine/config-types.ts';
import { REGISTERED_SCREENS, screenFor } from '../../src/app/registry.ts';

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
