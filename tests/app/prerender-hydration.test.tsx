import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import brands from '../../config/brands.json';
import { App } from '../../src/app/app.tsx';
import { startHydrating } from '../../src/shared/hydration.ts';
import { renderShells, type RouteShell } from '../../src/app/render-shell.tsx';
import { selectBrand } from '../../src/contract/brand.ts';
import type { BrandsFile } from '../../src/engine/config-types.ts';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contract/csp-nonce.ts';

/**
 * Each route's page as the build writes it, taken over by React in the browser: React's
 * development build names every difference between the HTML and what the app renders (a
 * text, an attribute, an element) as a console error, so none may be logged.
 */
const shells = renderShells();

/** A real address for a route's path: each parameter a plausible value. */
function addressOf(route: string): string {
  if (route === '*') return '/no-such-page';
  return route
    .split('/')
    .filter((segment) => !segment.endsWith('?'))
    .map((segment) => (segment.startsWith(':') ? 'shrt' : segment))
    .join('/');
}

let root: Root | null = null;
beforeEach(() => {
  // The screen's own calls wait: hydration is over before any answer could come.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

test('the build writes a page for every route of each brand, and for the not-found page', () => {
  const count = (site: string) => shells.filter((shell) => shell.site === site).length;
  expect(count('male')).toBeGreaterThan(15);
  expect(count('female')).toBeGreaterThan(15);
  expect(shells.filter((shell) => shell.route === '*')).toHaveLength(2);
});

test.each(shells.map((shell): [string, RouteShell] => [`${shell.site} ${shell.route}`, shell]))(
  '%s: React takes the page over without a single difference',
  async (_name, shell) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', addressOf(shell.route));
    const element = document.createElement('div');
    element.id = 'root';
    element.innerHTML = shell.html;
    document.body.append(element);
    const selected = selectBrand(brands as BrandsFile, { environment: shell.site, hostname: 'localhost' });

    // As src/main.tsx does before hydrating.
    startHydrating();
    await act(async () => {
      root = hydrateRoot(
        element,
        <StrictMode>
          <App selected={selected} getStyleNonce={() => CSP_NONCE_PLACEHOLDER} />
        </StrictMode>,
        {
          onRecoverableError: (error) => {
            console.error('Hydration failed and recovered:', error);
          },
        },
      );
      await Promise.resolve();
    });

    // Only React's words on hydration: the calls a previous page left unanswered may still be
    // cancelled (and logged) meanwhile.
    const logged = errors.mock.calls.map((call) => call.map(String).join(' ').slice(0, 1500));
    expect(logged.filter((text) => /hydrat|server rendered|did ?n[o']t match/i.test(text))).toEqual([]);
    // The page's heading is the route's own, in the brand's layout.
    expect(element.querySelector('header img')?.getAttribute('alt') ?? null).toBe(
      shell.html.includes('<header') ? selected.brand.brandName : null,
    );
    errors.mockRestore();
  },
);
