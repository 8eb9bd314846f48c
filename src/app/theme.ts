import { colorsTuple, createTheme, type MantineThemeOverride } from '@mantine/core';
import type { BrandConfig } from '../engine/config-types.ts';
import { BREAKPOINTS } from './breakpoints.ts';

/** Mantine's theme for a brand: its colours, and SPEC's breakpoints. */
export function brandTheme(brand: BrandConfig): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: {
      brand: colorsTuple(brand.colors.primary),
      brandSecondary: colorsTuple(brand.colors.secondary),
      brandAccent: colorsTuple(brand.colors.accent),
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
  });
}
