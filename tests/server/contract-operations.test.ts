import type { ValidateFunction } from 'ajv';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  contractOperations,
  contractValidator,
  isJsonObject,
  loadContract,
  resolveRef,
  type ContractOperation,
  type JsonSchema,
} from '../../src/contract/openapi.ts';
import { HANDLERS } from '../../src/server/handlers.ts';
import {
  AUTH,
  JANE_LANDING_ID,
  saveBilling,
  saveLead,
  SECOND_LANDING_ID,
  startTestServer,
  type Reply,
  type TestServer,
} from './test-server.ts';
import { returnAsCustomer, STAFF } from './test-server.ts';
import { agreementFor } from '../support/agreement.ts';

const doc = loadContract();
const operations = contractOperations(doc);
const validator = contractValidator(doc);
const errorBody = validator.component('Error');

/** One request to send: its parts before they become a URL and a payload. */
interface PlannedRequest {
  operation: ContractOperation;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** The request the contract's own examples make. */
function exampleRequest(operation: ContractOperation): PlannedRequest {
  const request: PlannedRequest = { operation, pathParams: {}, query: {}, headers: {}, body: undefined };
  for (const parameter of operation.parameters) {
    const { example } = parameter;
    if (typeof example !== 'string' && typeof example !== 'number' && typeof example !== 'boolean') continue;
    const value = String(example);
    if (parameter.in === 'path') request.pathParams[parameter.name] = value;
    if (parameter.in === 'query') request.query[parameter.name] = value;
    if (parameter.in === 'header') request.headers[parameter.name] = value;
  }
  const example = operation.requestBody?.example;
  if (operation.requestBody) request.body = isJsonObject(example) ? { ...example } : {};
  return request;
}

function send(server: TestServer, request: PlannedRequest, withToken = true): Promise<Reply> {
  const { operation } = request;
  const pathName = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(request.pathParams[name] ?? ''),
  );
  const search = new URLSearchParams(request.query).toString();
  const form = operation.requestBody?.mediaType === 'application/x-www-form-urlencoded';
  const headers: Record<string, string> = { ...request.headers, ...(withToken ? AUTH : {}) };
  if (request.body !== undefined && form) headers['content-type'] = 'application/x-www-form-urlencoded';
  return server.call({
    method: operation.method as 'GET',
    url: `/api${pathName}${search === '' ? '' : `?${search}`}`,
    headers,
    ...(request.body === undefined
      ? {}
      : { payload: form ? new URLSearchParams(request.body as Record<string, string>).toString() : request.body }),
  });
}

/** Replaces one field of the JSON-encoded `order` of a request body. */
function withOrderField(request: PlannedRequest, field: string, value: unknown): void {
  const order = JSON.parse(String(request.body?.order)) as Record<string, unknown>;
  order[field] = value;
  request.body = { ...request.body, order: JSON.stringify(order) };
}

const asStaff = (_server: TestServer, request: PlannedRequest) => {
  request.headers = { ...request.headers, ...STAFF };
  return Promise.resolve();
};

/**
 * What a valid request needs beyond the examples: state the examples assume (a billing token,
 * a second lead, an earlier save) and the seeded ids where an example names none.
 */
const PREPARE: Readonly<Record<string, (server: TestServer, request: PlannedRequest) => Promise<void>>> = {
  createOrder: async (server, request) => {
    // The example lead's assessment is partial: shrt pays only after a whole one (src/server/step-doors.ts).
    await saveLead(server, JANE_LANDING_ID);
    withOrderField(
      request,
      'billingToken',
      await saveBilling(server, JANE_LANDING_ID, { paymentToken: 'tok_visa_4242' }),
    );
    // The example's hashes stand for texts; the server takes only the seeded texts' and today's statement.
    withOrderField(request, 'agreement', agreementFor('1682'));
  },
  createOrderNonLinear: async (server, request) => {
    // The example lead's assessment is partial: shrt pays only after a whole one (src/server/step-doors.ts).
    await saveLead(server, JANE_LANDING_ID);
    withOrderField(
      request,
      'billingToken',
      await saveBilling(server, JANE_LANDING_ID, { cardNumber: '4242424242424242' }),
    );
    withOrderField(request, 'agreement', agreementFor('1682'));
  },
  getConsentRecord: asStaff,
  // The seeded pages are numbered, the seeded terms versioned 1 and 2, the short links demo-*.
  getPageQuestions: (_server, request) => {
    request.query.pageIds = '1,2';
    return Promise.resolve();
  },
  getTermsOfService: (_server, request) => {
    request.query.version = '2';
    return Promise.resolve();
  },
  resolveUrl: (_server, request) => {
    request.query.hash = 'demo-results';
    return Promise.resolve();
  },
  getKtOrderContinuous: async (server) => {
    const reply = await server.call({
      method: 'POST',
      url: '/api/memoForm/updateKtOrderContinuous?ktCustomerId=100234&medicationEffectiveness=effective&isRestart=false',
      payload: { sideEffects: 'none' },
    });
    expect(reply.status).toBe(200);
  },
  // The contract's example appointment is seeded, booked by no browser: the member portal and
  // the clinic's tools reach it with the staff credential.
  getAppointment: asStaff,
  appointmentMade: asStaff,
  appointmentMadeFromFlow: asStaff,
  updateChrtStatus: (server) => saveLead(server, SECOND_LANDING_ID),
  updateFchrtStatus: (server) => saveLead(server, SECOND_LANDING_ID),
  newChrtZeroDollarOrder: (server) => saveLead(server, SECOND_LANDING_ID),
};

function successValidator(operation: ContractOperation): ValidateFunction {
  const success = operation.responses.find((response) => response.status === String(operation.successStatus));
  if (!success?.schema) throw new Error(`${operation.operationId} documents no success body`);
  return validator.compile(success.schema);
}

function requiredOf(schema: JsonSchema | undefined): string[] {
  const resolved = isJsonObject(schema) ? resolveRef<unknown>(doc, schema) : schema;
  return isJsonObject(resolved) && Array.isArray(resolved.required) ? (resolved.required as string[]) : [];
}

/**
 * A request the contract refuses, and the field the 400 must name: a required query
 * parameter left out, else a path or query parameter no schema accepts, else a required
 * body field left out.
 */
function invalidRequest(operation: ContractOperation): { request: PlannedRequest; field: string } {
  const request = exampleRequest(operation);
  const query = operation.parameters.find((parameter) => parameter.in === 'query' && parameter.required === true);
  if (query) {
    request.query = Object.fromEntries(Object.entries(request.query).filter(([name]) => name !== query.name));
    return { request, field: `/query/${query.name}` };
  }
  const pathParameter = operation.parameters.find((parameter) => parameter.in === 'path');
  if (pathParameter) {
    request.pathParams[pathParameter.name] = ' not<valid>!';
    return { request, field: `/path/${pathParameter.name}` };
  }
  const optional = operation.parameters.find((parameter) => parameter.in === 'query');
  if (optional) {
    request.query[optional.name] = ' not<valid>!';
    return { request, field: `/query/${optional.name}` };
  }
  const [required] = requiredOf(operation.requestBody?.schema);
  if (required !== undefined && request.body) {
    request.body = Object.fromEntries(Object.entries(request.body).filter(([name]) => name !== required));
    return { request, field: `/body/${required}` };
  }
  throw new Error(`no way to make an invalid ${operation.operationId} request`);
}

/** A Basic authorization header: not a bearer token at all. */
const TEST_BASIC = 'Basic dXNlcjpwYXNz';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  // The calls below are a returning patient's: the demo customer Jane Doe, from her link.
  await returnAsCustomer(server.call);
});
afterEach(async () => {
  await server.remove();
});

test('the contract has 50 operations and the server a handler for each, and no other', () => {
  expect(operations).toHaveLength(50);
  expect(Object.keys(HANDLERS).sort()).toEqual(operations.map((operation) => operation.operationId).sort());
});

for (const operation of operations) {
  const { operationId, method, path, successStatus } = operation;

  test(`${operationId} (${method} ${path}): a valid request gets ${successStatus} and a body of the contract`, async () => {
    const request = exampleRequest(operation);
    await PREPARE[operationId]?.(server, request);
    const reply = await send(server, request);
    expect(reply.status, reply.text).toBe(successStatus);
    const validate = successValidator(operation);
    expect(validate(reply.json), JSON.stringify(validate.errors)).toBe(true);
  });

  test(`${operationId}: an invalid request gets 400 naming the field`, async () => {
    const { request, field } = invalidRequest(operation);
    const reply = await send(server, request);
    expect(reply.status, reply.text).toBe(400);
    expect(errorBody(reply.json), JSON.stringify(errorBody.errors)).toBe(true);
    const details = (reply.json as { details?: unknown }).details;
    expect(details).toEqual(expect.arrayContaining([{ field, message: expect.any(String) as string }]));
  });

  if (operation.secured) {
    test(`${operationId}: without the client token, or with another token, it gets 401`, async () => {
      const wrongTokens: Record<string, string>[] = [
        {},
        { authorization: 'Bearer not-the-client-token-000' },
        { authorization: TEST_BASIC },
      ];
      for (const headers of wrongTokens) {
        const request = exampleRequest(operation);
        request.headers = { ...request.headers, ...headers };
        const reply = await send(server, request, false);
        expect(reply.status, reply.text).toBe(401);
        expect(errorBody(reply.json)).toBe(true);
      }
    });
  }
}

test('a secured call without the token gets 401 before its input is looked at', async () => {
  const reply = await server.call({ method: 'GET', url: '/api/memoForm/userEmailMF?email=not-an-email' });
  expect(reply.status).toBe(401);
});

test('a wrong type gets 400: a query number, a JSON body string and a boolean', async () => {
  const lat = await server.call({ method: 'GET', url: '/api/mipH2/microClinic?lat=north&lng=-97.7' });
  expect(lat.status).toBe(400);
  expect(lat.json).toMatchObject({ details: [{ field: '/query/lat' }] });

  const cedNumber = await server.call({
    method: 'POST',
    url: '/api/memoForm/updateCEDStatus',
    payload: { landing_id: 42 },
  });
  expect(cedNumber.status).toBe(400);
  expect(cedNumber.json).toMatchObject({ details: [{ field: '/body/landing_id', message: 'must be string' }] });

  const restart = await server.call({
    method: 'GET',
    url: '/api/memoForm/getKtOrderContinuous?ktCustomerId=100234&isRestart=maybe',
  });
  expect(restart.status).toBe(400);
  expect(restart.json).toMatchObject({ details: [{ field: '/query/isRestart' }] });
});

test('a field the contract does not name gets 400', async () => {
  const reply = await server.call({
    method: 'POST',
    url: '/api/memoForm/updateCEDStatus',
    payload: { landing_id: JANE_LANDING_ID, ssn: '123-45-6789' },
  });
  expect(reply.status).toBe(400);
  expect(reply.json).toEqual({
    status: 400,
    message: 'The request is not valid',
    details: [{ field: '/body/ssn', message: 'is not an accepted field' }],
  });
});

test('an unknown /api path gets a JSON 404, whatever the method', async () => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const reply = await server.call({ method, url: '/api/memoForm/noSuchCall?x=1' });
    expect(reply.status).toBe(404);
    expect(errorBody(reply.json)).toBe(true);
    expect(reply.json).toEqual({ status: 404, message: `No such call: ${method} /api/memoForm/noSuchCall` });
  }
  const root = await server.call({ method: 'GET', url: '/api' });
  expect(root.status).toBe(404);
  expect(errorBody(root.json)).toBe(true);
});
