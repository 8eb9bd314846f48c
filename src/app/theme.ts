import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { BrandConfig } from '../engine/config-types.ts';
import { BREAKPOINTS } from './breakpoints.ts';

function mix(hex: string, target: number, amount: number): string {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((channel) =>
      Math.round(channel + (target - channel) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Ten shades of a brand colour, lightest first, with the colour itself at shade 6 (the
 * theme's primary shade), so Mantine's light and hover variants stay readable.
 */
export function shadesOf(hex: string): MantineColorsTuple {
  const lighter = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((amount) => mix(hex, 255, amount));
  const darker = [0.15, 0.3, 0.45].map((amount) => mix(hex, 0, amount));
  return [...lighter, hex, ...darker] as unknown as MantineColorsTuple;
}

/** Mantine's theme for a brand: its colours, and SPEC's breakpoints. */
export function brandTheme(brand: BrandConfig): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: {
      brand: shadesOf(brand.colors.primary),
      brandSecondary: shadesOf(brand.colors.secondary),
      brandAccent: shadesOf(brand.colors.accent),
    },
    breakpoints: {
      xs: '0em',
      sm: `${BREAKPOINTS.sm / 16}em`,
      md: `${BREAKPOINTS.md / 16}em`,
      lg: `${BREAKPOINTS.lg / 16}em`,
      xl: `${BREAKPOINTS.xl / 16}em`,
    },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      // A link inside a sentence must stand out by more than its colour (WCAG 1.4.1, axe link-in-text-block).
      Anchor: { defaultProps: { underline: 'always' } },
    },
  });
}

/**
 * Mantine's default text colours for dimmed text, errors and the light alerts (gray 6, red 6,
 * green 9, yellow 9...) are below WCAG AA's 4.5:1 on white and on their own light backgrounds
 * (axe color-contrast). These are the darker shades, or darker still where Mantine has none.
 */
export const readableColors: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-7)',
    '--mantine-color-green-light-color': '#226e32',
    '--mantine-color-yellow-light-color': '#8a4700',
  },
  dark: {},
});
