import { useMediaQuery } from '@mantine/hooks';
import { above, type Breakpoint } from '../brand/breakpoints.ts';

/**
 * Whether the screen is at least as wide as a breakpoint. Read on the first render (the app
 * renders in the browser only), so the header and footer do not change after mounting.
 */
export function useAbove(breakpoint: Breakpoint): boolean {
  return useMediaQuery(above(breakpoint), undefined, { getInitialValueInEffect: false });
}
