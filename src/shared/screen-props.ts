import type { FunnelStep } from './funnel-step.ts';
import type { RouteConfig } from '../engine/config-types.ts';

/** What every screen receives: its route's config, the page's parameters and its funnel step. */
export interface ScreenProps {
  route: RouteConfig;
  /** Path parameters as typed in the URL. */
  params: Readonly<Record<string, string | undefined>>;
  /** The page's campaign code, lowercased, or null. */
  code: string | null;
  /** The funnel step on pages the funnel drives, else null. */
  step: FunnelStep | null;
}
