import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  contractOperations,
  contractValidator,
  isJsonObject,
  loadContract,
  resolveRef,
  type JsonSchema,
} from '../contract/openapi.ts';
import { HttpProblem, type FieldProblem } from './problem.ts';

/**
 * The JSON-encoded fields of the contract (order, lead, scores, customer, names) and the
 * validators of their decoded values, compiled once from each field's `contentSchema`. Fastify
 * checks that such a field is a string; what the string holds is checked here.
 */
function compileFieldValidators(): Map<string, ValidateFunction> {
  const doc = loadContract();
  const validator = contractValidator(doc);
  const compiled = new Map<string, ValidateFunction>();
  const byField = new Map<string, ValidateFunction>();
  const add = (operationId: string, pointer: string, schema: unknown) => {
    const resolved = isJsonObject(schema) ? resolveRef<unknown>(doc, schema) : schema;
    if (!isJsonObject(resolved) || resolved.contentMediaType !== 'application/json') return;
    if (resolved.contentSchema === undefined) return;
    const contentSchema = resolved.contentSchema as JsonSchema;
    const key = JSON.stringify(contentSchema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = validator.compile(contentSchema);
      compiled.set(key, validate);
    }
    byField.set(`${operationId} ${pointer}`, validate);
  };
  for (const operation of contractOperations(doc)) {
    for (const parameter of operation.parameters) {
      add(operation.operationId, `/${parameter.in}/${parameter.name}`, parameter.schema);
    }
    const body = operation.requestBody ? resolveRef<unknown>(doc, operation.requestBody.schema) : null;
    if (isJsonObject(body) && isJsonObject(body.properties)) {
      for (const [name, schema] of Object.entries(body.properties)) add(operation.operationId, `/body/${name}`, schema);
    }
  }
  return byField;
}

const FIELD_VALIDATORS = compileFieldValidators();

/** The JSON-encoded fields the contract has, as `operationId /body/order`; for tests. */
export function jsonFieldsOfContract(): string[] {
  return [...FIELD_VALIDATORS.keys()];
}

function fieldOf(pointer: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const named = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  return `${pointer}${error.instancePath}${typeof named === 'string' ? `/${named}` : ''}`;
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (typeof params.additionalProperty === 'string' || typeof params.unevaluatedProperty === 'string') {
    return 'is not an accepted field';
  }
  if (error.keyword === 'false schema') return 'is not accepted here';
  return error.message ?? 'is invalid';
}

/** AJV's errors as field-level details under `pointer`, without the `if` keyword's echoes. */
export function decodedProblems(pointer: string, errors: readonly ErrorObject[]): FieldProblem[] {
  const useful = errors.filter((error) => error.keyword !== 'if');
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of useful.length > 0 ? useful : errors) {
    const problem = { field: fieldOf(pointer, error), message: messageOf(error) };
    const key = `${problem.field} ${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/**
 * Decodes a JSON-encoded field of an operation and checks it against the field's
 * `contentSchema`; throws a 400 naming the field (`/body/order/contact/email`) otherwise.
 * What it returns has the contentSchema's shape, so callers may assert their type for it.
 */
export function decodeJsonField(operationId: string, pointer: string, raw: unknown): unknown {
  const validate = FIELD_VALIDATORS.get(`${operationId} ${pointer}`);
  if (!validate) throw new Error(`The contract has no JSON-encoded field ${pointer} in ${operationId}`);
  if (typeof raw !== 'string') {
    throw new HttpProblem(400, 'The request is not valid', [
      { field: pointer, message: 'must be a JSON-encoded string' },
    ]);
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch {
    // The parser's message quotes the input, which may be patient data: say only what is wrong.
    throw new HttpProblem(400, 'The request is not valid', [{ field: pointer, message: 'must be valid JSON' }]);
  }
  if (!validate(decoded)) {
    throw new HttpProblem(400, 'The request is not valid', decodedProblems(pointer, validate.errors ?? []));
  }
  return decoded;
}
