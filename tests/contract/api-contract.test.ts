import { expect, test } from 'vitest';
import {
  callKey,
  contractOperations,
  contractValidator,
  isJsonObject,
  loadContract,
  resolvePointer,
  resolveRef,
  specCalls,
  type ContractValidator,
  type JsonObject,
  type JsonSchema,
} from '../../src/contract/openapi.ts';

const doc = loadContract();
const operations = contractOperations(doc);
const calls = specCalls();

/** Every schema the operations use, with the examples given for it. */
interface SchemaSite {
  where: string;
  schema: JsonSchema;
  examples: unknown[];
}

function schemaSites(): SchemaSite[] {
  const sites: SchemaSite[] = [];
  for (const operation of operations) {
    for (const parameter of operation.parameters) {
      sites.push({
        where: `${operation.operationId} ${parameter.in} parameter ${parameter.name}`,
        schema: parameter.schema,
        examples: parameter.example === undefined ? [] : [parameter.example],
      });
    }
    const body = operation.requestBody;
    if (body) {
      sites.push({
        where: `${operation.operationId} request body`,
        schema: body.schema,
        examples: body.example === undefined ? [] : [body.example],
      });
    }
    for (const response of operation.responses) {
      if (response.schema === null) continue;
      sites.push({
        where: `${operation.operationId} ${response.status} response`,
        schema: response.schema,
        examples: response.example === undefined ? [] : [response.example],
      });
    }
  }
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    const examples = isJsonObject(schema) && Array.isArray(schema.examples) ? schema.examples : [];
    sites.push({ where: `components/schemas/${name}`, schema, examples });
  }
  return sites;
}

/** Calls `visit` on every object in a JSON value, with its JSON pointer. */
function walk(value: unknown, visit: (node: JsonObject, pointer: string) => void, pointer = ''): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      walk(item, visit, `${pointer}/${index}`);
    });
  } else if (isJsonObject(value)) {
    visit(value, pointer);
    for (const [key, child] of Object.entries(value))
      walk(child, visit, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  }
}

/** A schema object with a `$ref` to the components followed. */
function schemaObject(schema: unknown): JsonObject | null {
  const resolved: unknown = isJsonObject(schema) ? resolveRef<unknown>(doc, schema) : schema;
  return isJsonObject(resolved) ? resolved : null;
}

/**
 * Problems with the JSON-encoded strings of an example (order, lead, customer, names): each
 * must parse and match its field's `contentSchema`.
 */
function encodedContentProblems(
  validator: ContractValidator,
  schema: unknown,
  value: unknown,
  where: string,
): string[] {
  const resolved = schemaObject(schema);
  if (!resolved) return [];
  if (resolved.contentMediaType === 'application/json' && resolved.contentSchema !== undefined) {
    if (typeof value !== 'string') return [];
    let decoded: unknown;
    try {
      decoded = JSON.parse(value);
    } catch {
      return [`${where}: not JSON`];
    }
    const validate = validator.compile(resolved.contentSchema as JsonSchema);
    return validate(decoded) ? [] : [`${where}: ${validator.ajv.errorsText(validate.errors, { dataVar: 'decoded' })}`];
  }
  const properties = isJsonObject(resolved.properties) ? resolved.properties : {};
  if (!isJsonObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    Object.hasOwn(properties, key) ? encodedContentProblems(validator, properties[key], child, `${where}/${key}`) : [],
  );
}

/** The property names a schema allows, following references, with whether each is write-only. */
function propertiesOf(schema: unknown, found = new Map<string, boolean>(), seen = new Set<unknown>()) {
  const resolved = schemaObject(schema);
  if (!resolved || seen.has(resolved)) return found;
  seen.add(resolved);
  if (isJsonObject(resolved.properties)) {
    for (const [name, property] of Object.entries(resolved.properties)) {
      const writeOnly = schemaObject(property)?.writeOnly === true;
      found.set(name, (found.get(name) ?? false) || writeOnly);
      propertiesOf(property, found, seen);
    }
  }
  for (const key of ['items', 'additionalProperties', 'contentSchema', 'not', 'if', 'then', 'else'])
    propertiesOf(resolved[key], found, seen);
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
    const list = resolved[key];
    if (Array.isArray(list)) for (const item of list) propertiesOf(item, found, seen);
  }
  return found;
}

test('SPEC §7 is read as 50 calls, 12 of them secured', () => {
  expect(calls).toHaveLength(50);
  expect(calls.filter((call) => call.secured)).toHaveLength(12);
});

test('a SPEC row can list two paths and mark them secured', () => {
  const markdown = [
    '## 7. Calls',
    '| Method and path | Query or body |',
    '|---|---|',
    '| POST /a/one and /a/two (auth) | customer |',
    '| POST /b/one, /b/two | landing_id |',
    '| GET /c/{id} (auth; up to 3 retries) | none |',
    '## 8. Errors',
    '| GET /not/a/call | x |',
  ].join('\n');
  expect(specCalls(markdown).map((call) => `${callKey(call)}${call.secured ? ' (auth)' : ''}`)).toEqual([
    'POST /a/one (auth)',
    'POST /a/two (auth)',
    'POST /b/one',
    'POST /b/two',
    'GET /c/{id} (auth)',
  ]);
});

test('every call of SPEC §7 is in the contract', () => {
  const documented = new Set(operations.map(callKey));
  const missing = calls.map(callKey).filter((key) => !documented.has(key));
  expect(missing, 'calls of SPEC §7 missing from schemas/api.openapi.json').toEqual([]);
});

test('the contract has no call that SPEC §7 does not list', () => {
  const listed = new Set(calls.map(callKey));
  const extra = operations.map(callKey).filter((key) => !listed.has(key));
  expect(extra, 'operations SPEC §7 does not list').toEqual([]);
});

test('the calls SPEC marks (auth) need the bearer client token, and no others do', () => {
  const secured = new Set(calls.filter((call) => call.secured).map(callKey));
  const unsecured = operations.filter((operation) => secured.has(callKey(operation)) && !operation.secured);
  const overSecured = operations.filter((operation) => operation.secured && !secured.has(callKey(operation)));
  expect.soft(unsecured.map(callKey), 'secured calls without the bearer security').toEqual([]);
  expect.soft(overSecured.map(callKey), 'operations with security that SPEC does not list').toEqual([]);
});

test('the client token is an http bearer scheme, and secured operations use only it', () => {
  expect(doc.components.securitySchemes?.clientToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(doc.security, 'no document-wide security: each call says for itself').toBeUndefined();
  const wrong = Object.entries(doc.paths).flatMap(([pathName, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.security !== undefined)
      .filter(([, operation]) => JSON.stringify(operation.security) !== JSON.stringify([{ clientToken: [] }]))
      .map(([method]) => `${method.toUpperCase()} ${pathName}`),
  );
  expect(wrong).toEqual([]);
});

test('the document is OpenAPI 3.1.0 in the 2020-12 dialect, served under /api', () => {
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  expect(doc.servers).toEqual([expect.objectContaining({ url: '/api' })]);
});

test('operation ids are unique and camelCase', () => {
  const ids = operations.map((operation) => operation.operationId);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  expect(repeated).toEqual([]);
  expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
});

test('every $ref resolves', () => {
  const unresolved: string[] = [];
  walk(doc, (node, pointer) => {
    if (typeof node.$ref === 'string' && resolvePointer(doc, node.$ref) === undefined)
      unresolved.push(`${pointer}: ${node.$ref}`);
  });
  expect(unresolved).toEqual([]);
});

/** Compiling every schema of the contract takes about 3 s alone, and more beside the other test files. */
const COMPILES_EVERY_SCHEMA_MS = 30_000;

test('every schema compiles with AJV 2020 in strict mode', { timeout: COMPILES_EVERY_SCHEMA_MS }, () => {
  const validator = contractValidator(doc);
  const failures: string[] = [];
  for (const site of schemaSites()) {
    try {
      if (site.where.startsWith('components/schemas/'))
        validator.component(site.where.slice('components/schemas/'.length));
      else validator.compile(site.schema);
    } catch (error) {
      failures.push(`${site.where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // The decoded shapes of JSON-encoded fields are schemas too.
  walk(doc, (node, pointer) => {
    if (node.contentSchema === undefined) return;
    try {
      validator.compile(node.contentSchema as JsonSchema);
    } catch (error) {
      failures.push(`${pointer}/contentSchema: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  expect(failures).toEqual([]);
});

test('every example matches its schema, JSON-encoded fields included', { timeout: COMPILES_EVERY_SCHEMA_MS }, () => {
  const validator = contractValidator(doc);
  const problems: string[] = [];
  for (const site of schemaSites()) {
    if (site.examples.length === 0) continue;
    const validate = validator.compile(site.schema);
    site.examples.forEach((example, index) => {
      const where = site.examples.length > 1 ? `${site.where} example ${index}` : `${site.where} example`;
      if (!validate(example)) problems.push(`${where}: ${validator.ajv.errorsText(validate.errors)}`);
      problems.push(...encodedContentProblems(validator, site.schema, example, where));
    });
  }
  expect(problems).toEqual([]);
});

test('an invalid example is caught', () => {
  const validator = contractValidator(doc);
  const createOrder = operations.find((operation) => operation.operationId === 'createOrder');
  const schema = createOrder?.requestBody?.schema;
  if (schema === undefined) throw new Error('createOrder has no request body');
  expect(validator.compile(schema)({ order: '{}', extra: 1 })).toBe(false);
  expect(encodedContentProblems(validator, schema, { order: '{"productId":"1682"}' }, 'order')).not.toEqual([]);
});

test('every operation documents itself and its answers', () => {
  const problems: string[] = [];
  for (const operation of operations) {
    const { operationId: id } = operation;
    if (operation.summary === '' || operation.description === '') problems.push(`${id}: no summary or description`);
    const statuses = operation.responses.map((response) => response.status);
    const success = operation.responses.find((response) => response.status === String(operation.successStatus));
    if (![200, 201].includes(operation.successStatus)) problems.push(`${id}: no 200 or 201 response`);
    if (success?.example === undefined) problems.push(`${id}: the success response has no example`);
    const data = schemaObject(success?.schema);
    if (!isJsonObject(data?.properties) || !Object.keys(data.properties).includes('data'))
      problems.push(`${id}: the success body is not a { data } envelope`);
    const expected = ['400', '500', ...(operation.secured ? ['401'] : []), ...(operation.idempotent ? ['409'] : [])];
    for (const status of expected) if (!statuses.includes(status)) problems.push(`${id}: no ${status} response`);
    for (const response of operation.responses.filter((item) => /^[45]/.test(item.status)))
      if (!isJsonObject(response.schema) || response.schema.$ref !== '#/components/schemas/Error')
        problems.push(`${id}: the ${response.status} response is not the Error schema`);
    const postOrPatch = operation.method === 'POST' || operation.method === 'PATCH';
    if (operation.idempotent && !postOrPatch) problems.push(`${id}: Idempotency-Key on a ${operation.method}`);
    if (operation.idempotent && !operation.description.includes('409'))
      problems.push(`${id}: the description does not say a reused key with another body gets 409`);
  }
  expect(problems).toEqual([]);
  expect(
    operations.find((operation) => operation.operationId === 'createOrder')?.responses.map((r) => r.status),
  ).toContain('422');
});

test('the order-creating calls require an Idempotency-Key', () => {
  const keyRequired = (operation: (typeof operations)[number]) =>
    operation.parameters.some(
      (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key' && parameter.required === true,
    );
  expect(
    operations
      .filter((operation) => operation.idempotent && keyRequired(operation))
      .map((operation) => operation.operationId)
      .sort(),
  ).toEqual([
    'createFollowOnProductOrder',
    'createOrder',
    'createOrderNonLinear',
    'newChrtZeroDollarOrder',
    'updateHrtInfoCreateOrder',
  ]);
});

test('an unknown short-link hash is a 404 "short url hash not found"', () => {
  const resolveUrl = operations.find((operation) => operation.operationId === 'resolveUrl');
  expect(resolveUrl?.responses.find((response) => response.status === '404')?.example).toEqual({
    status: 404,
    message: 'short url hash not found',
  });
});

test('no response can carry a card number, a CVC, an SSN or any write-only field', () => {
  const forbidden = new Set(['cardNumber', 'cvc', 'cvv', 'ssn']);
  const leaks: string[] = [];
  for (const operation of operations) {
    for (const response of operation.responses) {
      for (const [name, writeOnly] of propertiesOf(response.schema)) {
        if (forbidden.has(name) || writeOnly) leaks.push(`${operation.operationId} ${response.status}: ${name}`);
      }
    }
  }
  expect(leaks).toEqual([]);
  // The check can see a leak: the billing request does accept a card number.
  expect(propertiesOf(doc.components.schemas.BillingCustomer).get('cardNumber')).toBe(true);
});

test('request bodies the funnel team designed are closed', () => {
  const open: string[] = [];
  for (const operation of operations) {
    const schema = schemaObject(operation.requestBody?.schema);
    if (!schema) continue;
    const freeForm = typeof schema.description === 'string' && schema.description.includes('free-form');
    if (!freeForm && schema.additionalProperties !== false && schema.unevaluatedProperties !== false)
      open.push(operation.operationId);
  }
  expect(open).toEqual([]);
});
