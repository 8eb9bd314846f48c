import { isDeepStrictEqual } from 'node:util';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  contractOperations,
  isJsonObject,
  type ContractOperation,
  type JsonObject,
} from '../../src/contract/openapi.ts';
import { setRuntimeConfig } from '../../src/shared/api/http.ts';

/** Where the client sends its calls in these tests. */
export const TEST_API_BASE = 'http://api.test/api';
/** The client token the tests configure; a stand-in, not a real token. */
export const TEST_API_TOKEN = 'test-client-token';

export const CONTRACT_OPERATIONS = contractOperations();

export function contractOperation(operationId: string): ContractOperation {
  const operation = CONTRACT_OPERATIONS.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`the contract has no operation ${operationId}`);
  return operation;
}

/** The network boundary of every test in tests/api: a request no handler answers fails the test. */
export const server = setupServer();

/** Starts MSW and points the client at it with the test token; handlers added by a test are reset after it. */
export function useApiServer(): void {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  beforeEach(() => {
    setRuntimeConfig({ apiBase: TEST_API_BASE, apiToken: TEST_API_TOKEN });
  });
  afterEach(() => {
    server.resetHandlers();
    setRuntimeConfig(null);
  });
  afterAll(() => {
    server.close();
  });
}

/** The MSW path of an operation: `{id}` templates become `:id`. */
function handlerPath(operation: ContractOperation): string {
  return `${TEST_API_BASE}${operation.path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

type Resolver = (request: Request) => Response | Promise<Response>;

/** A handler for one contract operation, answering with `resolve`. */
export function operationHandler(operationId: string, resolve: Resolver): HttpHandler {
  const operation = contractOperation(operationId);
  if (!Object.hasOwn(METHODS, operation.method)) throw new Error(`${operationId}: no MSW method ${operation.method}`);
  const method = METHODS[operation.method as keyof typeof METHODS];
  return method(handlerPath(operation), ({ request }) => resolve(request));
}

/** The first success of an operation in the contract, with its example body. */
export function successExample(operation: ContractOperation): { status: number; body: JsonObject } {
  const response = operation.responses.find((candidate) => candidate.status === String(operation.successStatus));
  if (!response || !isJsonObject(response.example))
    throw new Error(`${operation.operationId}: the contract has no example of its ${operation.successStatus} response`);
  return { status: operation.successStatus, body: response.example };
}

/** The example of a parameter; a parameter without one cannot be checked, so it fails loudly. */
function parameterExample(operation: ContractOperation, where: 'query' | 'path' | 'header', name: string): unknown {
  const parameter = operation.parameters.find(
    (candidate) => candidate.in === where && candidate.name.toLowerCase() === name.toLowerCase(),
  );
  if (parameter?.example === undefined) throw new Error(`${operation.operationId}: no example for ${where} ${name}`);
  return parameter.example;
}

/** Decodes the JSON-encoded fields (those with `contentMediaType: application/json`) of a body or query. */
function decodeJsonFields(
  value: Record<string, unknown>,
  schemaOf: (name: string) => unknown,
): Record<string, unknown> {
  const decoded: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const schema = schemaOf(name);
    const encoded = isJsonObject(schema) && schema.contentMediaType === 'application/json';
    if (!encoded) decoded[name] = field;
    else if (typeof field !== 'string') decoded[name] = { notAJsonString: field };
    else {
      try {
        decoded[name] = JSON.parse(field) as unknown;
      } catch {
        decoded[name] = { notJson: field };
      }
    }
  }
  return decoded;
}

function bodyFieldSchema(operation: ContractOperation, name: string): unknown {
  const schema = operation.requestBody?.schema;
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return undefined;
  return Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
}

function queryFieldSchema(operation: ContractOperation, name: string): unknown {
  return operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === name)?.schema;
}

const show = (value: unknown): string => JSON.stringify(value);

/**
 * What is wrong with a request for `operation`, compared with the contract: the method and
 * path, every query and path parameter equal to its example and no others, the bearer token
 * exactly on secured calls, the Idempotency-Key exactly on the order-creating calls, and the
 * body (JSON-encoded fields decoded) equal to the example body in the contract's media type.
 */
export async function requestProblems(operation: ContractOperation, request: Request): Promise<string[]> {
  const problems: string[] = [];
  const url = new URL(request.url);

  if (request.method !== operation.method) problems.push(`method: ${request.method}, expected ${operation.method}`);
  const expectedPath = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(parameterExample(operation, 'path', name))),
  );
  if (url.pathname !== new URL(TEST_API_BASE).pathname + expectedPath)
    problems.push(`path: ${url.pathname}, expected ${new URL(TEST_API_BASE).pathname}${expectedPath}`);

  const declared = operation.parameters.filter((parameter) => parameter.in === 'query');
  const received: Record<string, unknown> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    received[name] = values.length === 1 ? values[0] : values;
  }
  const expectedQuery: Record<string, unknown> = {};
  for (const parameter of declared)
    expectedQuery[parameter.name] = String(parameterExample(operation, 'query', parameter.name));
  const decodeQuery = (query: Record<string, unknown>) =>
    decodeJsonFields(query, (name) => queryFieldSchema(operation, name));
  if (!isDeepStrictEqual(decodeQuery(received), decodeQuery(expectedQuery)))
    problems.push(`query: ${show(received)}, expected ${show(expectedQuery)}`);

  const authorization = request.headers.get('authorization');
  const expectedAuthorization = operation.secured ? `Bearer ${TEST_API_TOKEN}` : null;
  if (authorization !== expectedAuthorization)
    problems.push(`authorization: ${show(authorization)}, expected ${show(expectedAuthorization)}`);

  const key = request.headers.get('idempotency-key');
  const expectedKey = operation.idempotent ? String(parameterExample(operation, 'header', 'Idempotency-Key')) : null;
  if (key !== expectedKey) problems.push(`Idempotency-Key: ${show(key)}, expected ${show(expectedKey)}`);

  const text = await request.text();
  const body = operation.requestBody;
  if (body === null) {
    if (text !== '') problems.push(`body: ${show(text)}, expected none`);
    return problems;
  }
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith(body.mediaType))
    problems.push(`content-type: ${contentType}, expected ${body.mediaType}`);
  let parsed: unknown;
  try {
    parsed =
      body.mediaType === 'application/x-www-form-urlencoded'
        ? Object.fromEntries(new URLSearchParams(text))
        : (JSON.parse(text) as unknown);
  } catch {
    problems.push(`body: not ${body.mediaType}: ${show(text)}`);
    return problems;
  }
  if (!isJsonObject(parsed) || !isJsonObject(body.example)) {
    problems.push(`body: ${show(parsed)}, expected the object ${show(body.example)}`);
    return problems;
  }
  const decodeBody = (value: Record<string, unknown>) =>
    decodeJsonFields(value, (name) => bodyFieldSchema(operation, name));
  if (!isDeepStrictEqual(decodeBody(parsed), decodeBody(body.example)))
    problems.push(`body: ${show(parsed)}, expected ${show(body.example)}`);
  return problems;
}

/** One checked request: which operation, and what was wrong with it. */
export interface CheckedRequest {
  operationId: string;
  problems: string[];
}

/**
 * A handler per contract operation that checks each request against the contract (see
 * requestProblems), logs it, and answers with the contract's success example, or with a 400
 * error body listing the problems.
 */
export function contractHandlers(log: CheckedRequest[]): HttpHandler[] {
  return CONTRACT_OPERATIONS.map((operation) =>
    operationHandler(operation.operationId, async (request) => {
      const problems = await requestProblems(operation, request);
      log.push({ operationId: operation.operationId, problems });
      if (problems.length > 0)
        return HttpResponse.json(
          {
            status: 400,
            message: 'The request does not match the contract',
            details: problems.map((problem) => ({ field: operation.operationId, message: problem })),
          },
          { status: 400 },
        );
      const { status, body } = successExample(operation);
      return HttpResponse.json(body, { status });
    }),
  );
}

/** Answers an operation with each response in turn (the last one repeats), counting the requests. */
export function respondInTurn(
  operationId: string,
  responses: readonly (() => Response | Promise<Response>)[],
): { handler: HttpHandler; requests: Request[] } {
  const requests: Request[] = [];
  const handler = operationHandler(operationId, (request) => {
    requests.push(request);
    const respond = responses[Math.min(requests.length, responses.length) - 1];
    if (!respond) throw new Error(`${operationId}: no response given`);
    return respond();
  });
  return { handler, requests };
}

/** The contract's success answer of an operation. */
export function success(operationId: string): () => Response {
  const { status, body } = successExample(contractOperation(operationId));
  return () => HttpResponse.json(body, { status });
}

/** An error answer with the contract's error body. */
export function failure(status: number, message = 'Internal server error', details?: unknown): () => Response {
  return () => HttpResponse.json({ status, message, ...(details === undefined ? {} : { details }) }, { status });
}
