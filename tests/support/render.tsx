import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { BrandProvider } from '../../src/app/brand-context.tsx';
import { brandTheme } from '../../src/app/theme.ts';
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
  /** The URL the page is on, for components that read the location. */
  path?: string;
}

/** Renders with the app's providers (brand, Mantine theme in test mode, a router), as a patient sees it. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}): RenderResult {
  const { brand = 'male', width = 1280, path = '/', ...rest } = options;
  setViewportWidth(width);
  const value = { site: brand, brand: config.brands.brands[brand] };
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <BrandProvider value={value}>
          <MantineProvider theme={brandTheme(value.brand)} env="test">
            {children}
          </MantineProvider>
        </BrandProvider>
      </MemoryRouter>
    );
  }
  return render(ui, { wrapper: Wrapper, ...rest });
}
