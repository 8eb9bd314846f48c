/**
 * TypeScript types from the schemas of an OpenAPI file's `components.schemas`, so a contract
 * type comes from its one declaration (issue 15): `npm run types` writes them to
 * src/contract/generated/, and a test fails when a file there is not what the schemas give.
 *
 * It reads the part of JSON Schema the contracts use: `type` (one or a list), `properties` and
 * `required`, `additionalProperties` (a map when there are no properties), `items`, `enum`,
 * `const`, `$ref`, `oneOf`/`anyOf` (a union) and `allOf` (an intersection, or `extends` when
 * every part is a `$ref`). Limits (`maxLength`, `pattern`, `format`...) are for the validator
 * and have no type; `if`/`then`/`else` narrows what the properties already allow. Arrays and
 * maps are read-only: a contract value is read, never changed in place. Anything else it meets
 * is an error naming the schema, not a type that quietly allows too much.
 */

export type JsonSchema = { readonly [key: string]: unknown };

/** Keywords with no bearing on the type, which the generator passes over. */
const NO_TYPE_KEYWORDS = new Set([
  'description',
  'title',
  'examples',
  'default',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'readOnly',
  'writeOnly',
  'deprecated',
  'if',
  'then',
  'else',
  'contentMediaType',
]);

const TYPE_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  '$ref',
  'oneOf',
  'anyOf',
  'allOf',
]);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function asSchema(value: unknown, where: string): JsonSchema {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${where}: a schema must be an object`);
  }
  return value as JsonSchema;
}

function refName(ref: unknown, where: string): string {
  const match = typeof ref === 'string' ? /^#\/components\/schemas\/([A-Za-z0-9_]+)$/.exec(ref) : null;
  if (!match?.[1]) throw new Error(`${where}: $ref ${String(ref)} is not #/components/schemas/<Name>`);
  return match[1];
}

/** A JSDoc comment for a description, indented; '' when there is none. */
function doc(schema: JsonSchema, indent: string): string {
  const text = typeof schema.description === 'string' ? schema.description.trim() : '';
  if (text === '') return '';
  const safe = text.replace(/\*\//g, '*\u2215');
  const width = 110 - indent.length;
  if (safe.length + 7 <= width) return `${indent}/** ${safe} */\n`;
  // Wrapped at the project's width, as the hand-written comments are.
  const lines: string[] = [];
  let line = '';
  for (const word of safe.split(/\s+/)) {
    if (line !== '' && line.length + word.length + 1 > width - 3) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return `${indent}/**\n${lines.map((text) => `${indent} * ${text}`).join('\n')}\n${indent} */\n`;
}

function checkKeywords(schema: JsonSchema, where: string): void {
  for (const key of Object.keys(schema)) {
    if (!NO_TYPE_KEYWORDS.has(key) && !TYPE_KEYWORDS.has(key)) {
      throw new Error(`${where}: the type generator does not read "${key}"`);
    }
  }
}

/**
 * Wraps a union or intersection so it can be an array's item or a part of another: one whose
 * `|` or `&` stands outside every bracket and string literal.
 */
function grouped(type: string): string {
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < type.length; index += 1) {
    const char = type.charAt(index);
    if (quoted) {
      if (char === '\\') index += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if ('{[(<'.includes(char)) depth += 1;
    else if ('}])>'.includes(char)) depth -= 1;
    else if (depth === 0 && (char === '|' || char === '&')) return `(${type})`;
  }
  return type;
}

function objectBody(schema: JsonSchema, where: string, indent: string): string {
  const properties = schema.properties === undefined ? {} : asSchema(schema.properties, `${where}.properties`);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const lines: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const property = asSchema(value, `${where}.${name}`);
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    lines.push(
      `${doc(property, `${indent}  `)}${indent}  ${key}${required.has(name) ? '' : '?'}: ${typeOf(property, `${where}.${name}`, `${indent}  `)};`,
    );
  }
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false && Object.keys(properties).length > 0) {
    // An index signature would have to allow every named property's type too: too loose to be worth it.
    throw new Error(`${where}: the type generator does not read additionalProperties beside properties`);
  }
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** Whether a schema says anything of the type (an `allOf` part may only narrow, with if/then/else). */
function typed(schema: JsonSchema): boolean {
  return Object.keys(schema).some((key) => TYPE_KEYWORDS.has(key));
}

/** The schema without the `allOf` parts that only narrow: they add no type. */
function withTypedParts(schema: JsonSchema, where: string): JsonSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = schema.allOf.map((part, index) => asSchema(part, `${where}.allOf[${index}]`)).filter(typed);
  if (parts.length > 0) return { ...schema, allOf: parts };
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'allOf'));
}

/**
 * `oneOf` or `anyOf` beside `properties` whose parts only say which properties they require
 * (BillingCustomer: a payment token, or the card's four fields). The type is the properties
 * no part names, and a union of one object per part: its own required, and for `oneOf` the
 * others' as `?: never`, so a value cannot have both. Null when the schema is not of this shape.
 */
function requiredChoice(schema: JsonSchema, where: string, indent: string): string | null {
  const keyword = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : null;
  if (keyword === null || schema.properties === undefined) return null;
  const parts = (schema[keyword] as unknown[]).map((part, index) => asSchema(part, `${where}.${keyword}[${index}]`));
  const properties = asSchema(schema.properties, `${where}.properties`);
  const named = new Set<string>();
  for (const part of parts) {
    const required = part.required;
    if (!Object.keys(part).every((key) => key === 'required' || key === 'description') || !Array.isArray(required)) {
      throw new Error(`${where}: ${keyword} beside properties may only say which properties are required`);
    }
    for (const name of required as unknown[]) {
      if (typeof name !== 'string' || properties[name] === undefined) {
        throw new Error(`${where}.${keyword}: requires ${String(name)}, which is not one of its properties`);
      }
      named.add(name);
    }
  }
  const rest = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'oneOf' && key !== 'anyOf'));
  const shared = Object.fromEntries(Object.entries(properties).filter(([name]) => !named.has(name)));
  const body = objectBody({ ...rest, properties: shared }, where, indent);
  const choices = parts.map((part) => {
    const required = new Set(part.required as string[]);
    const fields = [...named].map((name) => {
      const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
      if (required.has(name)) return `${key}: ${typeOf(asSchema(properties[name], where), `${where}.${name}`, indent)}`;
      if (keyword === 'oneOf') return `${key}?: never`;
      return `${key}?: ${typeOf(asSchema(properties[name], where), `${where}.${name}`, indent)}`;
    });
    return `{ ${fields.join('; ')} }`;
  });
  return `${body} & (${choices.join(' | ')})`;
}

/** The TypeScript type of a schema, as an expression. */
export function typeOf(given: JsonSchema, where: string, indent = ''): string {
  checkKeywords(given, where);
  const schema = withTypedParts(given, where);
  const choice = requiredChoice(schema, where, indent);
  if (choice !== null) return choice;
  if (schema.required !== undefined && schema.properties === undefined) {
    throw new Error(`${where}: the type generator does not read required without properties`);
  }
  if (schema.$ref !== undefined) return refName(schema.$ref, where);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const parts = schema[keyword];
    if (Array.isArray(parts)) {
      return parts
        .map((part, index) => grouped(typeOf(asSchema(part, where), `${where}.${keyword}[${index}]`, indent)))
        .join(' | ');
    }
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part, index) =>
      grouped(typeOf(asSchema(part, where), `${where}.allOf[${index}]`, indent)),
    );
    const own = schema.properties !== undefined ? [objectBody(schema, where, indent)] : [];
    return [...parts, ...own].join(' & ');
  }
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  if (types.length > 1) return types.map((type) => typeOf({ ...schema, type }, where, indent)).join(' | ');
  switch (types[0]) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const items =
        schema.items === undefined ? 'unknown' : typeOf(asSchema(schema.items, `${where}[]`), `${where}[]`, indent);
      return `readonly ${grouped(items)}[]`;
    }
    case 'object': {
      const extra = schema.additionalProperties;
      if (schema.properties === undefined) {
        if (extra === false) return 'Record<string, never>';
        const value =
          extra === undefined || extra === true
            ? 'unknown'
            : typeOf(asSchema(extra, `${where}[*]`), `${where}[*]`, indent);
        return `Readonly<Record<string, ${value}>>`;
      }
      return objectBody(schema, where, indent);
    }
    case undefined:
      throw new Error(`${where}: a schema needs a type, $ref, const, enum, oneOf, anyOf or allOf`);
    default:
      throw new Error(`${where}: unknown type ${JSON.stringify(types[0])}`);
  }
}

/** One named type: an interface for an object with properties, else a type alias. */
function declaration(name: string, given: JsonSchema): string {
  const schema = withTypedParts(given, name);
  const comment = doc(schema, '');
  if (requiredChoice(schema, name, '') !== null) return `${comment}export type ${name} = ${typeOf(schema, name)};\n`;
  const allOf = Array.isArray(schema.allOf) ? (schema.allOf as unknown[]).map((part) => asSchema(part, name)) : null;
  // An object built on other named objects: `interface X extends A, B { ... }`.
  if (allOf !== null && allOf.every((part) => part.$ref !== undefined) && schema.type === 'object') {
    checkKeywords(schema, name);
    const bases = allOf.map((part, index) => refName(part.$ref, `${name}.allOf[${index}]`));
    return `${comment}export interface ${name} extends ${bases.join(', ')} ${objectBody(schema, name, '')}\n`;
  }
  if (allOf === null && schema.type === 'object' && schema.properties !== undefined) {
    checkKeywords(schema, name);
    return `${comment}export interface ${name} ${objectBody(schema, name, '')}\n`;
  }
  return `${comment}export type ${name} = ${typeOf(schema, name)};\n`;
}

/** The module of types for the schemas of one OpenAPI document (a document names its own schemas). */
export function schemaTypesModule(
  document: { components?: { schemas?: Record<string, unknown> } },
  source: string,
): string {
  const schemas = document.components?.schemas ?? {};
  const body = Object.entries(schemas)
    .map(([name, schema]) => declaration(name, asSchema(schema, name)))
    .join('\n');
  const header = [
    `// Generated by \`npm run types\` from ${source}: do not edit. Change the schema, then run it.`,
    '// A test (tests/contract/contract-types.test.ts) fails when this file is not what the schema gives.',
  ].join('\n');
  return `${header}\n\n${body}`;
}

/** The generated modules: each OpenAPI file of schemas/ and the file its types go to. */
export const GENERATED_TYPES = [
  { schema: 'schemas/api.openapi.json', module: 'src/contract/generated/api-schemas.ts' },
  { schema: 'schemas/app.openapi.json', module: 'src/contract/generated/app-schemas.ts' },
] as const;
