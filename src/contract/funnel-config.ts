import brands from '../../config/brands.json';
import clinicRules from '../../config/clinic-rules.json';
import codeGroups from '../../config/code-groups.json';
import experiments from '../../config/experiments.json';
import funnels from '../../config/funnels.json';
import routes from '../../config/routes.json';
import scores from '../../config/scores.json';
import stepKeys from '../../config/step-keys.json';
import type { FunnelConfig } from '../engine/config-types.ts';
import { createFunnelEngine } from '../engine/funnel-plan.ts';

/**
 * The funnel config as the browser ships it. It is not validated here: the config plugin in
 * vite.config.ts fails the build on invalid config, so the bundle carries no validator.
 */
export const funnelConfig = {
  funnels,
  stepKeys,
  codeGroups,
  routes,
  brands,
  scores: scores as unknown as FunnelConfig['scores'],
  experiments,
  clinicRules: clinicRules as unknown as FunnelConfig['clinicRules'],
} as FunnelConfig;

export const funnelEngine = createFunnelEngine(funnelConfig);
