import type { ConfigProblem } from '../../src/engine/config-rules.ts';
import { createFunnelEngine, type FunnelEngine } from '../../src/engine/funnel-plan.ts';
import { CONFIG_DIR } from '../../src/contract/schema-files.ts';
import { formatProblem, validateConfigDir } from './config-validation.ts';

/** Lists every config problem on stderr and exits 2 (for command-line tools). */
export function exitWithProblems(problems: readonly ConfigProblem[]): never {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error('\nThe config is invalid; run npm run validate for details.');
  process.exit(2);
}

/** Validates `config/` and compiles it, or exits with every problem listed. */
export function loadEngineOrExit(dir: string = CONFIG_DIR, day?: string): FunnelEngine {
  // The config as valid today; the engine reads the products' dated rules on `day` (simulate --on).
  const { config, problems } = validateConfigDir(dir);
  if (!config) exitWithProblems(problems);
  return createFunnelEngine(config, day === undefined ? {} : { day: () => day });
}
