import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { BrandConfig } from '../../engine/config-types.ts';
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

/** The app's one font, shipped with it (src/app/fonts.css), then the system's as a fallback. */
const FONT_FAMILY = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Mantine's theme for a brand: its colours, SPEC's breakpoints, and the visual system of
 * docs/design.md: one type scale (body 16 px), one spacing scale (4 px steps), controls 48 px
 * tall (src/app/design.css), secondary buttons outlined.
 */
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
    fontFamily: FONT_FAMILY,
    // The type scale: hints 14, secondary 15, body 16, lead 18, large 20.
    fontSizes: { xs: '0.875rem', sm: '0.9375rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
    lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.55', xl: '1.5' },
    // The spacing scale, in 4 px steps: 8, 12, 16, 24, 32.
    spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
    defaultRadius: 'md',
    headings: {
      fontFamily: FONT_FAMILY,
      fontWeight: '600',
      sizes: {
        // The page title grows from 26 px on a phone to 32 px on a wide screen.
        h1: { fontSize: 'clamp(1.625rem, 1.35rem + 1vw, 2rem)', lineHeight: '1.2' },
        h2: { fontSize: '1.375rem', lineHeight: '1.3' },
        h3: { fontSize: '1.125rem', lineHeight: '1.35' },
        h4: { fontSize: '1rem', lineHeight: '1.4' },
      },
    },
    components: {
      // A link inside a sentence must stand out by more than its colour (WCAG 1.4.1, axe link-in-text-block).
      Anchor: { defaultProps: { underline: 'always' } },
      // Sections of a form are titled groups, not boxes with the title in their border.
      Fieldset: { defaultProps: { variant: 'unstyled' } },
      Card: { defaultProps: { padding: 'lg', withBorder: true } },
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
    // Secondary buttons and field borders at 3:1 against white (WCAG 1.4.11), not Mantine's faint grey.
    '--mantine-color-default-border': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
