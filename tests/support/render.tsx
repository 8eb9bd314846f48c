import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { BrandProvider } from '../../src/shared/brand/brand-context.tsx';
import { NotificationsProvider } from '../../src/shared/notifications/notifications.tsx';
import { brandTheme } from '../../src/shared/brand/theme.ts';
import { ApiError } from '../../src/shared/api/http.ts';
import type { JourneyState } from '../../src/contract/journey-state.ts';
import { JourneyProvider } from '../../src/shared/journey/journey-context.tsx';
import type { JourneyCalls } from '../../src/shared/journey/journey-store.ts';
import type { Site } from '../../src/engine/config-types.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();

/** Sets the width media queries see; call before rendering. */
export function setViewportWidth(width: number) {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}

export interface ProviderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The visitor's brand; the men's by default. */
  brand?: Site;
  /** The screen width in pixels; 1280 by default. */
  width?: number;
  /** The URL the page is on, for components that read the location, or it with its history entry's state. */
  path?: string | { pathname: string; search?: string; state?: unknown };
  /** Where journeys load from and save to; an in-memory stand-in for the server by default. */
  journeyCalls?: JourneyCalls;
}

/**
 * Journeys held in memory, as the server would hold them, for screen tests: with revisions,
 * so a save over a revision that is not the current one is refused with 409 as the server does.
 */
export function memoryJourneyCalls(initial: Readonly<Record<string, JourneyState>> = {}): JourneyCalls & {
  saved: Map<string, JourneyState>;
} {
  const saved = new Map<string, JourneyState>(Object.entries(initial));
  const revisions = new Map<string, number>(Object.keys(initial).map((code) => [code, 1]));
  return {
    saved,
    load: (pathCode) => {
      const state = saved.get(pathCode);
      return Promise.resolve(state === undefined ? null : { state, revision: revisions.get(pathCode) ?? 1 });
    },
    save: (pathCode, state, baseRevision) => {
      const current = saved.has(pathCode) ? (revisions.get(pathCode) ?? 1) : null;
      if (current !== baseRevision) {
        return Promise.reject(
          new ApiError('/journey: 409: The journey has changed since it was loaded', 409, 'journey'),
        );
      }
      saved.set(pathCode, state);
      revisions.set(pathCode, (current ?? 0) + 1);
      return Promise.resolve((current ?? 0) + 1);
    },
  };
}

/** Renders with the app's providers (brand, Mantine theme in test mode, a router), as a patient sees it. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}): RenderResult {
  const { brand = 'male', width = 1280, path = '/', journeyCalls = memoryJourneyCalls(), ...rest } = options;
  setViewportWidth(width);
  const value = { site: brand, brand: config.brands.brands[brand] };
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <BrandProvider value={value}>
          <MantineProvider theme={brandTheme(value.brand)} env="test">
            <NotificationsProvider>
              <JourneyProvider calls={journeyCalls}>{children}</JourneyProvider>
            </NotificationsProvider>
          </MantineProvider>
        </BrandProvider>
      </MemoryRouter>
    );
  }
  return render(ui, { wrapper: Wrapper, ...rest });
}
