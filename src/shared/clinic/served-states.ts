import { funnelConfig, funnelEngine } from '../../contract/funnel-config.ts';
import type { Site } from '../../engine/config-types.ts';
import { productOfFunnel, servesState } from '../../engine/state-rules.ts';

/**
 * Whether the clinic treats patients of a campaign code in a state: the product its funnel sells
 * is served there (config/clinic-rules.json `servedStates`). A code with no funnel, or a funnel
 * whose product the rules do not name, is not this check's to refuse (the server's door is the
 * same rule: src/server/state-doors.ts).
 */
export function servedIn(code: string | null, site: Site, state: string): boolean {
  if (code === null) return true;
  const funnel = funnelEngine.funnelFor(code, site)?.funnel;
  const product = funnel === undefined ? undefined : productOfFunnel(funnelConfig.clinicRules, funnel);
  return product === undefined || servesState(product.product, state);
}
