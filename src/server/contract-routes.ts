import { loadContract } from '../contract/openapi.ts';

/** One operation of the contract, ready to register with Fastify. */
export interface ContractRoute {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, such as `/mipH2/getHasId/{id}`. */
  path: string;
  /** The same path in Fastify's syntax, under `/api`: `/api/mipH2/getHasId/:id`. */
  url: string;
  secured: boolean;
  /** Takes an Idempotency-Key header. */
  idempotent: boolean;
  /** The media type of the request body, when there is one. */
  bodyType: 'application/json' | 'application/x-www-form-urlencoded' | null;
  schema: {
    querystring?: object;
    params?: object;
    headers?: object;
    body?: object;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
  $ref?: string;
}

interface OperationObject {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  security?: Record<string, string[]>[];
}

interface Document {
  paths: Record<string, Record<string, OperationObject | Parameter[]>>;
  components?: Record<string, Record<string, Json>>;
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Keywords that document a schema for people but that validators do not know. */
const DOCUMENTATION_ONLY = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'deprecated']);

/** Resolves `#/components/...` references in place and drops documentation-only keywords. */
function dereference(value: Json, document: Document, seen: readonly string[] = []): Json {
  if (Array.isArray(value)) return value.map((item) => dereference(item, document, seen));
  if (value === null || typeof value !== 'object') return value;
  const ref = value.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`The contract has a reference cycle through ${ref}`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json | undefined>(
        (node, key) => (node !== null && typeof node === 'object' && !Array.isArray(node) ? node[key] : undefined),
        document as unknown as Json,
      );
    if (target === undefined) throw new Error(`The contract's reference ${ref} points nowhere`);
    return dereference(target, document, [...seen, ref]);
  }
  const result: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) {
    if (DOCUMENTATION_ONLY.has(key) || key.startsWith('x-')) continue;
    // `properties` maps names to schemas: a property may itself be called "example".
    result[key] =
      key === 'properties'
        ? mapValues(child, (schema) => dereference(schema, document, seen))
        : dereference(child, document, seen);
  }
  return result;
}

function mapValues(value: Json, map: (child: Json) => Json): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, map(child)]));
}

function objectSchema(parameters: Parameter[], lowerCase = false): object | undefined {
  if (parameters.length === 0) return undefined;
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    const name = lowerCase ? parameter.name.toLowerCase() : parameter.name;
    properties[name] = parameter.schema ?? {};
    if (parameter.required === true) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Reads schemas/api.openapi.json into routes: method, Fastify URL, validation schemas, security. */
export function contractRoutes(file: string): ContractRoute[] {
  // The one loader of the OpenAPI files; this module reads its routes with its own narrower types.
  const document = loadContract(file) as unknown as Document;
  const routes: ContractRoute[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared: Parameter[] = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...(operation.parameters ?? [])].map(
        (parameter) => dereference(parameter as unknown as Json, document) as unknown as Parameter,
      );
      const content = operation.requestBody?.content ?? {};
      const bodyType =
        'application/json' in content
          ? 'application/json'
          : 'application/x-www-form-urlencoded' in content
            ? 'application/x-www-form-urlencoded'
            : null;
      const bodySchema =
        bodyType === null ? undefined : (dereference(content[bodyType]?.schema ?? {}, document) as object);
      const security = operation.security ?? document.security ?? [];
      const headers = parameters.filter((parameter) => parameter.in === 'header');
      const querystring = objectSchema(parameters.filter((parameter) => parameter.in === 'query'));
      const params = objectSchema(parameters.filter((parameter) => parameter.in === 'path'));
      const headerSchema = objectSchema(headers, true);
      routes.push({
        operationId: operation.operationId,
        method: method.toUpperCase() as ContractRoute['method'],
        path,
        url: `/api${path.replace(/\{([^}]+)\}/g, ':$1')}`,
        secured: security.some((requirement) => Object.keys(requirement).length > 0),
        idempotent: headers.some((parameter) => parameter.name.toLowerCase() === 'idempotency-key'),
        bodyType,
        schema: {
          ...(querystring ? { querystring } : {}),
          ...(params ? { params } : {}),
          ...(headerSchema ? { headers: headerSchema } : {}),
          ...(bodySchema ? { body: bodySchema } : {}),
        },
      });
    }
  }
  return routes;
}
