import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020.js';
import { createAjv, parseJson, ROOT_DIR, SCHEMA_DIR } from './schema-files.ts';

/** The OpenAPI document of the `/api` contract: the calls of SPEC.md §7. */
export const CONTRACT_FILE = path.join(SCHEMA_DIR, 'api.openapi.json');
/** The app's own calls, which SPEC does not list (the patient's journey, the ID upload, the local places). */
export const APP_CONTRACT_FILE = path.join(SCHEMA_DIR, 'app.openapi.json');
/** The shared specification; section 7 lists the calls the contract must cover. */
export const SPEC_FILE = path.join(ROOT_DIR, '..', 'shared', 'spec', 'SPEC.md');
/** The `$id` under which the contract's component schemas are added to AJV. */
export const CONTRACT_SCHEMA_ID = 'https://schemas.telehealth-funnel.local/api.openapi.json';

const SCHEMA_REF_PREFIX = '#/components/schemas/';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type JsonObject = Record<string, unknown>;
/** A JSON Schema (2020-12): an object or true/false. */
export type JsonSchema = boolean | JsonObject;

export interface Reference {
  $ref: string;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface MediaTypeObject {
  schema: JsonSchema;
  example?: unknown;
}

export interface RequestBodyObject {
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: SecurityRequirement[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject | Reference;
  responses: Record<string, ResponseObject | Reference>;
}

export type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;

export interface SecuritySchemeObject {
  type: string;
  scheme?: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect?: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  security?: SecurityRequirement[];
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters?: Record<string, ParameterObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    responses?: Record<string, ResponseObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isReference(value: unknown): value is Reference {
  return isJsonObject(value) && typeof value.$ref === 'string';
}

/** Reads the contract; a file that is not JSON fails with its line and column. */
export function loadContract(file: string = CONTRACT_FILE): OpenApiDocument {
  const json = parseJson(readFileSync(file, 'utf8'));
  if (!json.ok) throw new Error(`${path.relative(ROOT_DIR, file)}: ${json.where}: ${json.message}`);
  const doc = json.value;
  if (!isJsonObject(doc) || !isJsonObject(doc.paths) || !isJsonObject(doc.components))
    throw new Error(`${path.relative(ROOT_DIR, file)}: not an OpenAPI document (no paths or components)`);
  return doc as unknown as OpenApiDocument;
}

/** The value at a local JSON pointer (`#/components/schemas/Order`), or undefined. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const pointer = ref.slice(1);
  if (pointer === '') return doc;
  if (!pointer.startsWith('/')) return undefined;
  let at: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(at)) at = at[Number(token)];
    else if (isJsonObject(at) && Object.hasOwn(at, token)) at = at[token];
    else return undefined;
  }
  return at;
}

/** Follows `$ref`s (to components) until a value that is not a reference. */
export function resolveRef<T>(doc: OpenApiDocument, value: T | Reference): T {
  let at: unknown = value;
  for (let hops = 0; isReference(at); hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${at.$ref}`);
    const target = resolvePointer(doc, at.$ref);
    if (target === undefined) throw new Error(`unresolved $ref ${at.$ref}`);
    at = target;
  }
  return at as T;
}

export interface ContractBody {
  mediaType: string;
  required: boolean;
  schema: JsonSchema;
  example: unknown;
}

export interface ContractResponse {
  /** The status code as the document writes it: "200", "404". */
  status: string;
  description: string;
  mediaType: string | null;
  schema: JsonSchema | null;
  example: unknown;
}

export interface ContractOperation {
  operationId: string;
  /** The summary and description, '' when the document has none. */
  summary: string;
  description: string;
  method: Uppercase<HttpMethod>;
  /** The path under the server URL `/api`, with `{name}` templates: `/memoForm/ktCustomer/{id}`. */
  path: string;
  /** Whether the call needs the bearer client token. */
  secured: boolean;
  /** Whether the call accepts an `Idempotency-Key` header (the order-creating calls). */
  idempotent: boolean;
  /** The status of a success: 200, or 201 for creates. */
  successStatus: number;
  /** Parameters with references resolved. */
  parameters: ParameterObject[];
  requestBody: ContractBody | null;
  responses: ContractResponse[];
}

/** Every operation of the contract, in document order, with references resolved. */
export function contractOperations(doc: OpenApiDocument = loadContract()): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [pathName, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []).map((parameter) => resolveRef(doc, parameter));
      const body = operation.requestBody ? resolveRef(doc, operation.requestBody) : null;
      const bodyEntry = body ? Object.entries(body.content)[0] : undefined;
      const responses = Object.entries(operation.responses).map(([status, value]): ContractResponse => {
        const response = resolveRef(doc, value);
        const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [null, null];
        return {
          status,
          description: response.description,
          mediaType,
          schema: media?.schema ?? null,
          example: media?.example,
        };
      });
      const success = responses.find((response) => /^2\d\d$/.test(response.status));
      const security = operation.security ?? doc.security ?? [];
      operations.push({
        operationId: operation.operationId,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        method: method.toUpperCase() as Uppercase<HttpMethod>,
        path: pathName,
        secured: security.some((requirement) => Object.keys(requirement).length > 0),
        idempotent: parameters.some(
          (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
        ),
        successStatus: success ? Number(success.status) : 0,
        parameters,
        requestBody:
          body && bodyEntry
            ? {
                mediaType: bodyEntry[0],
                required: body.required ?? false,
                schema: bodyEntry[1].schema,
                example: bodyEntry[1].example,
              }
            : null,
        responses,
      });
    }
  }
  return operations;
}

export interface SpecCall {
  method: string;
  /** As SPEC writes it, under `/api`: `/memoForm/referral/{id}`. */
  path: string;
  /** Marked `(auth ...)`: sent with the bearer client token. */
  secured: boolean;
  /** The "Query or body" column. */
  input: string;
}

/** `GET /memoForm/answers`: how SPEC calls and contract operations are compared. */
export function callKey(call: { method: string; path: string }): string {
  return `${call.method.toUpperCase()} ${call.path}`;
}

/** The lines of a markdown section, from its `## {number}.` heading to the next `## ` heading. */
function sectionLines(markdown: string, number: string): string[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith(`## ${number}.`));
  if (start < 0) throw new Error(`SPEC.md has no section ${number}`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/**
 * The calls of SPEC §7, one per path: a row such as
 * `POST /idVerification/checkIdentity and /idVerification/identityCheck (auth)` gives two,
 * both secured. Fails on a row it cannot read rather than skipping it.
 */
export function specCalls(markdown: string = readFileSync(SPEC_FILE, 'utf8')): SpecCall[] {
  const calls: SpecCall[] = [];
  const rows = sectionLines(markdown, '7').filter((line) => line.trim().startsWith('|'));
  for (const row of rows) {
    const cells = row
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim());
    const [first = '', input = ''] = cells;
    if (first === 'Method and path' || /^:?-+:?$/.test(first)) continue;
    const match = /^(GET|POST|PUT|PATCH|DELETE)\s+(.+)$/.exec(first);
    if (!match) throw new Error(`SPEC.md §7: cannot read the call "${first}"`);
    const [, method = '', rest = ''] = match;
    const notes = [...rest.matchAll(/\(([^)]*)\)/g)].map((note) => (note[1] ?? '').trim());
    const secured = notes.some((note) => /^auth\b/.test(note));
    const paths = rest
      .replace(/\([^)]*\)/g, '')
      .split(/\s*(?:,|\band\b)\s*/)
      .map((piece) => piece.trim())
      .filter((piece) => piece !== '');
    for (const callPath of paths) {
      if (!callPath.startsWith('/')) throw new Error(`SPEC.md §7: "${callPath}" in "${first}" is not a path`);
      calls.push({ method, path: callPath, secured, input });
    }
  }
  return calls;
}

/** A copy of a schema whose `#/components/schemas/X` references point into the contract's AJV entry. */
export function toAjvSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toAjvSchema);
  if (!isJsonObject(schema)) return schema;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF_PREFIX)
        ? `${CONTRACT_SCHEMA_ID}#/$defs/${value.slice(SCHEMA_REF_PREFIX.length)}`
        : toAjvSchema(value);
  }
  return copy;
}

export interface ContractValidator {
  /** The project's AJV (2020-12, strict, all errors) holding the component schemas under CONTRACT_SCHEMA_ID. */
  ajv: Ajv2020;
  /** Compiles a schema of the document (parameter, body, response or contentSchema). */
  compile(schema: JsonSchema): ValidateFunction;
  /** The validator of a component schema by name, such as `Order`. */
  component(name: string): ValidateFunction;
}

/** AJV loaded with the contract's component schemas, to validate requests and responses against it. */
export function contractValidator(doc: OpenApiDocument = loadContract()): ContractValidator {
  const ajv = createAjv();
  ajv.addSchema({ $id: CONTRACT_SCHEMA_ID, $defs: toAjvSchema(doc.components.schemas) });
  return {
    ajv,
    compile: (schema) => ajv.compile(toAjvSchema(schema) as JsonSchema),
    component: (name) => {
      const validate = ajv.getSchema(`${CONTRACT_SCHEMA_ID}#/$defs/${name}`);
      if (!validate) throw new Error(`the contract has no schema ${name}`);
      return validate;
    },
  };
}
