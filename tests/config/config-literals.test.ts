import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../src/contract/schema-files.ts';
import { loadConfig } from '../support/config.ts';

/**
 * Config names things and code implements them: a campaign code, form id, product id, consult
 * event type or error content key that config/ holds must not be written again in src/, where
 * product staff editing the JSON would never find it. Only string literals count (comments may
 * name them), and only outside the local server's demo data.
 */
const config = loadConfig();

/** Files that may spell config's values: the demo data and the database's shipped history. */
const DEMO_DATA = new Set([
  'src/server/seed.ts',
  // A migration that has run must never change, so it keeps the default it was written with.
  'src/server/migrations.ts',
]);

/**
 * Literals that are config's words with another meaning, each with why. A new entry needs the
 * same care: if the code means the config's thing, read it from config instead.
 */
const OTHER_MEANING: Readonly<Record<string, readonly string[]>> = {
  // The continuous form's variants (CED, CHRT, FCHRT are the API's lead statuses, SPEC §7);
  // `chrt` is also the code of /mip/cont/chrt, which config lists with its group.
  'src/features/continuing-care/continuous.ts': ['chrt'],
  // The journey's name for the finished microclinic choice, saved in patients' journeys.
  'src/shared/journey/journey-facts.ts': ['microclinic'],
};

function configWords(): Map<string, string> {
  const words = new Map<string, string>();
  const add = (word: string, what: string) => words.set(word, what);
  for (const funnel of Object.values(config.funnels.funnels))
    for (const code of funnel.codes) add(code, 'campaign code');
  for (const group of Object.values(config.codeGroups.groups)) {
    for (const code of group.codes) add(code, 'campaign code');
    if (group.errorContentKey !== undefined) add(group.errorContentKey, 'error content key');
    if (group.consultEventType !== undefined) add(group.consultEventType, 'consult event type');
  }
  add(config.codeGroups.defaultErrorContentKey, 'error content key');
  const { forms } = config.routes;
  for (const formId of [forms.assessment, forms.intake, forms.continuingCare]) add(formId, 'form id');
  for (const route of config.routes.routes) if (route.form) add(route.form.formId, 'form id');
  for (const brand of Object.values(config.brands.brands)) add(brand.consultEventType, 'consult event type');
  for (const product of Object.values(config.products.byCode)) {
    add(product.productId, 'product id');
    for (const id of product.mpidFromQuery ?? []) add(id, 'product id');
    if (product.followOn) add(product.followOn.productId, 'product id');
  }
  return words;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every string literal of a file (and template text without substitutions), with its line. */
function stringLiterals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      // The module names of imports are paths, not values.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
        found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What the scan finds in the files given: `file:line: the <what> '<literal>'`. */
function literalsOfConfig(files: readonly string[]): string[] {
  const words = configWords();
  const found: string[] = [];
  for (const file of files) {
    const name = path.relative(ROOT_DIR, file).split(path.sep).join('/');
    if (DEMO_DATA.has(name)) continue;
    const allowed = OTHER_MEANING[name] ?? [];
    for (const { text, line } of stringLiterals(file)) {
      const what = words.get(text);
      if (what !== undefined && !allowed.includes(text)) found.push(`${name}:${line}: the ${what} '${text}'`);
    }
  }
  return found;
}

test('no campaign code, form id, product id, event type or error content key of config/ is a literal in src/', () => {
  expect(configWords().size).toBeGreaterThan(40);
  expect(literalsOfConfig(sourceFiles(path.join(ROOT_DIR, 'src')))).toEqual([]);
});

test('a literal written again in code is found, with its file, line and meaning', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'literals-'));
  const file = path.join(dir, 'product.ts');
  writeFileSync(file, "// shrt in a comment is fine\nexport const code = 'shrt';\nexport const form = `MIP-H2`;\n");
  const found = literalsOfConfig([file]).map((line) => line.replace(/^.*product\.ts/, 'product.ts'));
  expect(found).toEqual(["product.ts:2: the campaign code 'shrt'", "product.ts:3: the form id 'MIP-H2'"]);
});
