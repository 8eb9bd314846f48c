import { createFunnelEngine, type FunnelEngine } from '../../src/engine/funnel-plan.ts';
import { CONFIG_DIR, formatProblem, validateConfigDir } from './config-validation.ts';

/** Validates `config/` and compiles it, or exits with every problem listed (for command-line tools). */
export function loadEngineOrExit(dir: string = CONFIG_DIR): FunnelEngine {
  const { config, problems } = validateConfigDir(dir);
  if (!config) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error('\nThe config is invalid; run npm run validate for details.');
    process.exit(2);
  }
  return createFunnelEngine(config);
}
