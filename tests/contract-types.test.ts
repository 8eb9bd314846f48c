import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { APP_CONTRACT_FILE, CONTRACT_FILE, loadContract } from '../src/contract/openapi.ts';
import { ROOT_DIR, SCHEMA_DIR } from '../src/contract/schema-files.ts';

/**
 * The TypeScript types of the API and of the config are written by hand; the schemas in
 * schemas/ are the source. This test fails on drift: a property the schema has and the type
 * lacks (or the other way round), or one required by one and optional in the other.
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

test('every contract type with a schema of the same name in the OpenAPI files matches it', () => {
  const types = new Map([
    ...interfacesOf(path.join(ROOT_DIR, 'src/contract/api-types.ts')),
    ...interfacesOf(path.join(ROOT_DIR, 'src/contract/journey-state.ts')),
  ]);
  const problems: string[] = [];
  let compared = 0;
  for (const file of [CONTRACT_FILE, APP_CONTRACT_FILE]) {
    const doc = loadContract(file) as unknown as { components: { schemas: Record<string, Schema> } };
    const resolve = (ref: string): Schema => doc.components.schemas[ref.replace('#/components/schemas/', '')] ?? {};
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      const type = types.get(name);
      const shape = schemaShape(schema, resolve);
      if (type === undefined || shape === null) continue;
      compared += 1;
      problems.push(...drift(name, type, shape));
    }
  }
  expect(compared, 'contract types compared with their schemas').toBeGreaterThan(25);
  expect(problems).toEqual([]);
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
