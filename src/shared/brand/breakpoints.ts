/**
 * The breakpoints of SPEC.md "Page layout": each applies to widths above the listed pixel
 * value (sm is above 639 px), xs from 0.
 */
export const BREAKPOINTS = { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** A media query true at and above a breakpoint: `above('md')` is `(min-width: 768px)`. */
export function above(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
}
