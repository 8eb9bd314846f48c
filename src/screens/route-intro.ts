import type { RouteConfig } from '../engine/config-types.ts';

/**
 * The line under a form's heading on its first page, from the route's time to complete, or
 * null when the route gives none. The screen shows it, and so does the shell in the page's
 * HTML (src/layout/screen-shell.tsx), so the first screen a patient sees is already the real one.
 */
export function routeIntro(route: RouteConfig): string | null {
  return route.timeToComplete === undefined
    ? null
    : `Less than ${route.timeToComplete}. Your answers are saved as you go.`;
}
