import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { CONFIG_DIR, createAjv, parseJson, SCHEMA_DIR } from '../../src/contract/schema-files.ts';
import { checkConfigRules, pointerToken, type ConfigProblem, type RuleOptions } from '../../src/engine/config-rules.ts';
import { CONFIG_FILES, type ConfigSet } from '../../src/engine/config-types.ts';
import { didYouMean } from '../../src/engine/suggest.ts';

type Part = keyof ConfigSet;
const PARTS = Object.keys(CONFIG_FILES) as Part[];

/**
 * Config files outside the engine's ConfigSet, read only by the module that uses them and
 * checked by their schema alone: config/clinic-calendar.json (the local scheduler's holidays
 * and follow-up interval, src/domain/clinic-calendar.ts) and config/continuing-care.json (how
 * long a sent refill or restart request shows as in, src/features/continuing-care/sent-request.ts).
 */
export const SCHEMA_ONLY_CONFIG_FILES = ['clinic-calendar.json', 'continuing-care.json'] as const;

/** Every config file `npm run validate` and the build check. */
export const ALL_CONFIG_FILES: readonly string[] = [...Object.values(CONFIG_FILES), ...SCHEMA_ONLY_CONFIG_FILES];

/** The schema file of a config file: `funnels.json` is checked by `funnels.schema.json`. */
export function schemaFileOf(configFile: string): string {
  return configFile.replace(/\.json$/, '.schema.json');
}

export interface ValidationResult {
  /** The config, when every file parsed and no error was found (warnings allowed). */
  config: ConfigSet | null;
  /** The errors, and the checks that could not run because of them (level `skipped`). */
  problems: ConfigProblem[];
  /** What works but is likely a mistake: printed, but the config is valid. */
  warnings: ConfigProblem[];
}

const TYPE_WORDS = new Map(
  Object.entries({
    object: 'an object',
    array: 'a list',
    string: 'a string',
    boolean: 'true or false',
    integer: 'a whole number',
    number: 'a number',
  }),
);

function describeType(expected: unknown): string {
  return typeof expected === 'string' ? (TYPE_WORDS.get(expected) ?? expected) : String(expected);
}

/** Turns AJV's errors into problems people can act on, each at the pointer of what is wrong. */
export function describeSchemaErrors(file: string, errors: readonly ErrorObject[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const error of errors) {
    let at = error.instancePath;
    let message: string;
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        message = `missing required property "${String(params.missingProperty)}"`;
        break;
      case 'additionalProperties': {
        const name = String(params.additionalProperty);
        const parent = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
        at = `${at}/${pointerToken(name)}`;
        message = `unknown property "${name}"${didYouMean(name, Object.keys(parent?.properties ?? {}), true)}`;
        break;
      }
      case 'enum': {
        const allowed = (params.allowedValues as unknown[]).map(String);
        const value = typeof error.data === 'string' ? error.data : JSON.stringify(error.data);
        message = `"${value}" is not one of: ${allowed.join(', ')}${didYouMean(value, allowed, true)}`;
        break;
      }
      case 'type':
        message = `must be ${describeType(params.type)}`;
        break;
      case 'errorMessage': {
        const inner = (params.errors as (ErrorObject & { propertyName?: string })[] | undefined) ?? [];
        const name = inner.find((item) => item.propertyName !== undefined)?.propertyName;
        if (name !== undefined) at = `${at}/${pointerToken(name)}`;
        const shown =
          typeof error.data === 'string' && name === undefined
            ? `"${error.data}" `
            : name !== undefined
              ? `"${name}": `
              : '';
        message = `${shown}${error.message ?? 'is invalid'}`;
        break;
      }
      case 'propertyNames':
        // Reported by the name's own error (with its errorMessage) just before this one.
        continue;
      case 'minItems':
        message = `must list at least ${String(params.limit)}`;
        break;
      case 'uniqueItems':
        message = `lists the same value twice (items ${String(params.j)} and ${String(params.i)})`;
        break;
      default:
        message = error.message ?? `fails "${error.keyword}"`;
    }
    problems.push({ file, pointer: at, message });
  }
  return problems;
}

let compiled: Map<Part, ValidateFunction> | null = null;
let compiledSchemaOnly: Map<string, ValidateFunction> | null = null;

function schemaOnlyValidators(): Map<string, ValidateFunction> {
  compiledSchemaOnly ??= new Map(
    SCHEMA_ONLY_CONFIG_FILES.map((file) => {
      const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, schemaFileOf(file)), 'utf8')) as object;
      return [file, createAjv().compile(schema)] as const;
    }),
  );
  return compiledSchemaOnly;
}

/** The problems of the config files checked by their schema alone. */
function schemaOnlyProblems(texts: Partial<Record<string, string>>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [file, validate] of schemaOnlyValidators()) {
    const text = texts[file];
    if (text === undefined) {
      problems.push({ file, pointer: '', message: 'file is missing' });
      continue;
    }
    const json = parseJson(text);
    if (!json.ok) problems.push({ file, pointer: json.where, message: json.message });
    else if (!validate(json.value)) problems.push(...describeSchemaErrors(file, validate.errors ?? []));
  }
  return problems;
}

function validators(): Map<Part, ValidateFunction> {
  if (compiled) return compiled;
  const ajv = createAjv();
  compiled = new Map(
    PARTS.map((part) => {
      const schemaPath = path.join(SCHEMA_DIR, schemaFileOf(CONFIG_FILES[part]));
      const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
      return [part, ajv.compile(schema)] as const;
    }),
  );
  return compiled;
}

/** Validates config given as file texts (by file name); nothing is read from disk but the schemas. */
/**
 * The day the tests read the products' dated rules on (CLINIC_RULES_DAY in vite.config.ts and
 * for the e2e dev server): fixed, so a rule taking effect within a month of the day CI runs
 * changes nothing they see. Tests of the dated rules name their own days.
 */
export const CLINIC_RULES_TEST_DAY = '2026-11-01';

/**
 * The day the products' dated rules are read on: the option, else CLINIC_RULES_DAY (the unit
 * tests pin one, vite.config.ts), else today.
 */
function ruleDay(options: RuleOptions): string | undefined {
  return options.day ?? process.env.CLINIC_RULES_DAY;
}

export function validateConfigTexts(
  texts: Partial<Record<string, string>>,
  options: RuleOptions = {},
): ValidationResult {
  const problems: ConfigProblem[] = [];
  const parsed: Partial<ConfigSet> = {};
  const schemaErrors = new Map<Part, string[]>();
  const why = new Map<Part, string>();
  for (const part of PARTS) {
    const file = CONFIG_FILES[part];
    const text = texts[file];
    if (text === undefined) {
      problems.push({ file, pointer: '', message: 'file is missing' });
      why.set(part, `${file} is missing`);
      continue;
    }
    const json = parseJson(text);
    if (!json.ok) {
      problems.push({ file, pointer: json.where, message: json.message });
      why.set(part, `${file} is not valid JSON`);
      continue;
    }
    const validate = validators().get(part);
    const valid = validate ? validate(json.value) : false;
    const found = valid ? [] : describeSchemaErrors(file, validate?.errors ?? []);
    problems.push(...found);
    const pointers = found.map((problem) => problem.pointer);
    schemaErrors.set(part, pointers);
    if (found.length > 0) {
      const shown = [...new Set(pointers)].map((at) => at || '/');
      why.set(part, `${file} has schema errors (at ${shown.slice(0, 3).join(', ')}${shown.length > 3 ? ', ...' : ''})`);
    }
    // The rules below read only the parts without schema errors.
    (parsed as Record<Part, unknown>)[part] = json.value;
  }
  const isClean = (part: Part, at: string) => {
    const bad = schemaErrors.get(part);
    if (!bad) return false; // missing or not JSON
    if (at === '') return bad.length === 0;
    return bad.every((where) => where !== at && !where.startsWith(`${at}/`));
  };
  const found = checkConfigRules(parsed, isClean, (part) => why.get(part) ?? `${CONFIG_FILES[part]} is not valid`, {
    day: ruleDay(options),
  });
  const warnings = found.filter((problem) => problem.level === 'warning');
  problems.push(...found.filter((problem) => problem.level !== 'warning'));
  problems.push(...schemaOnlyProblems(texts));
  const complete = PARTS.every((part) => parsed[part] !== undefined);
  return { config: problems.length === 0 && complete ? (parsed as ConfigSet) : null, problems, warnings };
}

/** Reads and validates every config file in a directory (by default `config/`). */
export function validateConfigDir(dir: string = CONFIG_DIR, options: RuleOptions = {}): ValidationResult {
  const texts: Record<string, string> = {};
  for (const file of ALL_CONFIG_FILES) {
    try {
      texts[file] = readFileSync(path.join(dir, file), 'utf8');
    } catch {
      // Reported as a missing file.
    }
  }
  return validateConfigTexts(texts, options);
}

/**
 * `config/funnels.json: /funnels/hrt-short/steps/4: unknown step ...`; a warning starts
 * `warning: `, a check that could not run `not checked: `.
 */
export function formatProblem(problem: ConfigProblem, dirLabel = 'config'): string {
  const mark = problem.level === 'warning' ? 'warning: ' : problem.level === 'skipped' ? 'not checked: ' : '';
  return `${mark}${dirLabel}/${problem.file}: ${problem.pointer === '' ? '/' : problem.pointer}: ${problem.message}`;
}

function plural(count: number, word: string): string {
  return `${String(count)} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * What `npm run validate` and `npm run build` print for a validation: every error, check that
 * could not run, and warning, one a line, then a count. `ok` is false when there are errors.
 */
export function reportLines(result: ValidationResult, dirLabel = 'config'): { ok: boolean; lines: string[] } {
  const errors = result.problems.filter((problem) => problem.level !== 'skipped');
  const skipped = result.problems.length - errors.length;
  // By file, in ALL_CONFIG_FILES order; in a file, errors first, then checks that did not run.
  const rank = (problem: ConfigProblem) =>
    ALL_CONFIG_FILES.indexOf(problem.file) * 2 + (problem.level === 'skipped' ? 1 : 0);
  const sorted = [...result.problems].sort((a, b) => rank(a) - rank(b));
  const lines = [...sorted, ...result.warnings].map((problem) => formatProblem(problem, dirLabel));
  const counts = [
    errors.length > 0 ? plural(errors.length, 'error') : '',
    result.warnings.length > 0 ? plural(result.warnings.length, 'warning') : '',
    skipped > 0 ? `${plural(skipped, 'check')} not run` : '',
  ].filter((part) => part !== '');
  if (errors.length > 0) lines.push('', `${counts.join(', ')} in ${dirLabel}/`);
  else lines.push(`${dirLabel}/: all config is valid${counts.length > 0 ? ` (${counts.join(', ')})` : ''}`);
  return { ok: errors.length === 0, lines };
}
