import type { RouteConfig } from '../../engine/config-types.ts';

/** The line under a form's heading on its first page, and how it reads (Mantine's dimmed or body text). */
export interface RouteIntro {
  text: string;
  tone: 'dimmed' | 'plain';
}

/**
 * The line under a form screen's heading: the intake's, or the assessment's from the route's
 * time to complete; null when the route has none. The screen shows it, and so does the shell
 * in the page's HTML (src/shared/layout/screen-shell.tsx), so the first screen a patient sees is
 * already the real one (and the largest text on it is there before any script runs).
 */
export function routeIntro(route: RouteConfig): RouteIntro | null {
  if (route.screen === 'intake') {
    return {
      text: 'A few more questions so your provider has what they need. It takes about 5 minutes.',
      tone: 'plain',
    };
  }
  if (route.timeToComplete === undefined) return null;
  return { text: `Less than ${route.timeToComplete}. Your answers are saved as you go.`, tone: 'dimmed' };
}
