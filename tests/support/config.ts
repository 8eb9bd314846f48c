import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILES, type ConfigSet } from '../../src/engine/config-types.ts';
import { createFunnelEngine, type FunnelEngine } from '../../src/engine/funnel-plan.ts';
import { CONFIG_DIR } from '../../src/contract/schema-files.ts';
import {
  ALL_CONFIG_FILES,
  formatProblem,
  reportLines,
  validateConfigDir,
  validateConfigTexts,
} from '../../scripts/lib/config-validation.ts';

/** The project's config, validated; a test using it fails loudly if the config is invalid. */
export function loadConfig(): ConfigSet {
  const { config, problems } = validateConfigDir();
  if (!config) throw new Error(`config/ is invalid:\n${problems.map((problem) => formatProblem(problem)).join('\n')}`);
  return config;
}

export function loadEngine(): FunnelEngine {
  return createFunnelEngine(loadConfig());
}

/** The engine of a config copy (editConfig), or a failed test naming every problem. */
export function engineOf(texts: Record<string, string>): FunnelEngine {
  const { config, problems } = validateConfigTexts(texts);
  if (!config)
    throw new Error(`the config copy is invalid:\n${problems.map((problem) => formatProblem(problem)).join('\n')}`);
  return createFunnelEngine(config);
}

/** The text of every config file, by file name, for tests that edit a copy. */
export function configTexts(): Record<string, string> {
  return Object.fromEntries(ALL_CONFIG_FILES.map((file) => [file, readFileSync(path.join(CONFIG_DIR, file), 'utf8')]));
}

/**
 * A copy of the config texts with one part changed by `edit`, as product staff would edit the
 * JSON. The edit receives the parsed file and changes it in place.
 */
export function editConfig<Part extends keyof ConfigSet>(
  texts: Record<string, string>,
  part: Part,
  edit: (json: ConfigSet[Part]) => void,
): Record<string, string> {
  const file = CONFIG_FILES[part];
  const json = JSON.parse(texts[file] ?? '{}') as ConfigSet[Part];
  edit(json);
  return { ...texts, [file]: JSON.stringify(json, null, 2) };
}

/** The value, or a failed test when it is missing. */
export function must<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`expected ${what} in the config`);
  return value;
}

/** The errors of a config copy, formatted as `npm run validate` prints them. */
export function problemsOf(texts: Record<string, string>): string[] {
  return validateConfigTexts(texts)
    .problems.filter((problem) => problem.level === undefined)
    .map((problem) => formatProblem(problem));
}

/** Every line `npm run validate` prints for a config copy: errors, checks not run, warnings, the count. */
export function reportOf(texts: Record<string, string>): string[] {
  return reportLines(validateConfigTexts(texts)).lines;
}
