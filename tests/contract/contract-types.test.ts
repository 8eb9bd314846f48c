import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { APP_CONTRACT_FILE, CONTRACT_FILE, loadContract } from '../../src/contract/openapi.ts';
import { ROOT_DIR, SCHEMA_DIR } from '../../src/contract/schema-files.ts';
import { generatedTypeModules, schemaTypesModule } from '../../scripts/lib/generated-types.ts';

/**
 * The schemas in schemas/ are the source of the contract's types. The API's and the journey's
 * are generated from them (npm run types): these tests fail when a generated file is stale or a
 * hand-written copy of a schema's type appears in src/. The config's types are written by hand
 * in the engine (plain TypeScript, with their own comments): the drift test below fails on a
 * property the schema has and the type lacks (or the other way round), or one required by one
 * and optional in the other.
 */

interface Shape {
  /** Property name to whether it is optional. */
  properties: Map<string, boolean>;
}

/** The exported interfaces of a source file, by name: their own properties (no `extends`). */
function interfacesOf(file: string): Map<string, Shape> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const shapes = new Map<string, Shape>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.heritageClauses !== undefined) return;
    const properties = new Map<string, boolean>();
    for (const member of node.members) {
      if (ts.isPropertySignature(member))
        properties.set(member.name.getText(source).replace(/^['"]|['"]$/g, ''), member.questionToken !== undefined);
    }
    shapes.set(node.name.text, { properties });
  });
  return shapes;
}

type Schema = Record<string, unknown>;

/** A schema object's properties and which are optional, through `$ref` and `allOf`. */
function schemaShape(schema: Schema, resolve: (ref: string) => Schema): Shape | null {
  if (typeof schema.$ref === 'string') return schemaShape(resolve(schema.$ref), resolve);
  const properties = new Map<string, boolean>();
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as Schema[]) : [];
  for (const part of parts) {
    const shape = schemaShape(part, resolve);
    shape?.properties.forEach((optional, name) => properties.set(name, optional));
  }
  const own = schema.properties;
  if (typeof own !== 'object' || own === null) return parts.length > 0 ? { properties } : null;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const name of Object.keys(own)) if (name !== '$schema') properties.set(name, !required.has(name));
  return { properties };
}

function drift(name: string, type: Shape, schema: Shape): string[] {
  const problems: string[] = [];
  for (const [property, optional] of schema.properties) {
    const typed = type.properties.get(property);
    if (typed === undefined) problems.push(`${name}.${property}: in the schema, not in the type`);
    else if (typed !== optional)
      problems.push(`${name}.${property}: ${optional ? 'optional' : 'required'} in the schema, not in the type`);
  }
  for (const property of type.properties.keys())
    if (!schema.properties.has(property)) problems.push(`${name}.${property}: in the type, not in the schema`);
  return problems;
}

test('the generated contract types are what the schemas give (npm run types)', async () => {
  for (const { module, text } of await generatedTypeModules()) {
    const onDisk = readFileSync(path.join(ROOT_DIR, module), 'utf8').replace(/\r\n/g, '\n');
    expect(onDisk, `${module} is stale; run npm run types`).toBe(text);
  }
});

/** Every interface and type alias declared in a source file, by name. */
function declaredNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) names.push(node.name.text);
  });
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

test('no type of a contract schema is written by hand in src/: each comes from the generated one', () => {
  const schemaNames = new Set(
    [CONTRACT_FILE, APP_CONTRACT_FILE].flatMap((file) =>
      Object.keys(
        (loadContract(file) as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas,
      ),
    ),
  );
  const generated = path.join(ROOT_DIR, 'src/contract/generated');
  const copies = sourceFiles(path.join(ROOT_DIR, 'src'))
    .filter((file) => !file.startsWith(generated))
    .flatMap((file) =>
      declaredNames(file)
        .filter((name) => schemaNames.has(name))
        .map((name) => `${path.relative(ROOT_DIR, file)}: ${name}`),
    );
  expect(schemaNames.size, 'schemas named in the OpenAPI files').toBeGreaterThan(90);
  expect(copies).toEqual([]);
});

test('each schema is exported under its own name, read-only, optional where the schema does not require it', async () => {
  const module = await schemaTypesModule(
    {
      openapi: '3.1.0',
      info: { title: 'example', version: '1' },
      paths: {},
      components: {
        schemas: {
          Status: { enum: ['pending', 'approved'] },
          Order: {
            type: 'object',
            description: 'An order.',
            required: ['id', 'status'],
            properties: {
              id: { type: 'string', maxLength: 20 },
              status: { $ref: '#/components/schemas/Status' },
              quantity: { type: 'integer', default: 1 },
              total: { type: ['number', 'null'] },
              tags: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
              details: { type: 'object' },
            },
          },
        },
      },
    },
    'schemas/example.json',
  );
  expect(module).toContain("export type Status = components['schemas']['Status'];");
  expect(module).toContain("export type Order = components['schemas']['Order'];");
  expect(module).toContain('readonly id: string;');
  expect(module).toContain('readonly status: components["schemas"]["Status"];');
  expect(module).toContain('readonly quantity?: number;');
  expect(module).toContain('readonly total?: number | null;');
  expect(module).toContain('readonly tags?: readonly (string | number)[];');
  expect(module).toContain('readonly details?: Record<string, unknown>;');
});

/** Each config type and the schema (and `$defs` entry) it is written after. */
const CONFIG_TYPES: readonly [type: string, schemaFile: string, def: string | null][] = [
  ['FunnelsFile', 'funnels.schema.json', null],
  ['Funnel', 'funnels.schema.json', 'funnel'],
  ['FunnelVariant', 'funnels.schema.json', 'variant'],
  ['StepKeysFile', 'step-keys.schema.json', null],
  ['StepKey', 'step-keys.schema.json', 'key'],
  ['CodeGroupsFile', 'code-groups.schema.json', null],
  ['CodeGroup', 'code-groups.schema.json', 'group'],
  ['RoutesFile', 'routes.schema.json', null],
  ['RouteConfig', 'routes.schema.json', 'route'],
  ['LayoutOptions', 'routes.schema.json', 'layout'],
  ['Redirect', 'routes.schema.json', 'redirect'],
  ['BrandsFile', 'brands.schema.json', null],
  ['BrandConfig', 'brands.schema.json', 'brand'],
  ['ScoresFile', 'scores.schema.json', null],
  ['FlagsFile', 'flags.schema.json', null],
  ['ConsultVideosFile', 'consult-videos.schema.json', null],
  ['ConsultVideoEntry', 'consult-videos.schema.json', 'video'],
  ['ProductsFile', 'products.schema.json', null],
  ['CodeProduct', 'products.schema.json', 'product'],
  ['ExperimentsFile', 'experiments.schema.json', null],
  ['Experiment', 'experiments.schema.json', 'experiment'],
  ['ExperimentVariant', 'experiments.schema.json', 'variant'],
  ['StepChange', 'experiments.schema.json', 'change'],
];

test('every config type matches the schema config/ is checked against', () => {
  const types = interfacesOf(path.join(ROOT_DIR, 'src/engine/config-types.ts'));
  const problems: string[] = [];
  for (const [name, file, def] of CONFIG_TYPES) {
    const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as Schema & {
      $defs?: Record<string, Schema>;
    };
    const resolve = (ref: string): Schema => schema.$defs?.[ref.replace('#/$defs/', '')] ?? {};
    const type = types.get(name);
    const shape = schemaShape(def === null ? schema : resolve(`#/$defs/${def}`), resolve);
    if (type === undefined || shape === null) {
      problems.push(`${name}: no ${type === undefined ? 'type' : `schema in ${file}`}`);
      continue;
    }
    problems.push(...drift(name, type, shape));
  }
  expect(problems).toEqual([]);
});

test('a property added to a schema and not to its type is drift', () => {
  const type: Shape = { properties: new Map([['productId', false]]) };
  const schema = schemaShape(
    { type: 'object', required: ['productId', 'price'], properties: { productId: {}, price: {}, note: {} } },
    () => ({}),
  );
  expect(schema && drift('Product', type, schema)).toEqual([
    'Product.price: in the schema, not in the type',
    'Product.note: in the schema, not in the type',
  ]);
});
