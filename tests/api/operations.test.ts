import { expect, test } from 'vitest';
import { contractValidator } from '../../src/contract/openapi.ts';
import { API_OPERATIONS } from './client-operations.ts';
import { EXAMPLE_CALLS } from './example-calls.ts';
import {
  CONTRACT_OPERATIONS,
  contractHandlers,
  server,
  successExample,
  useApiServer,
  type CheckedRequest,
} from './msw.ts';

useApiServer();
const validator = contractValidator();

test('every operation of the contract has a client function, and the client has no other', () => {
  const contractIds = CONTRACT_OPERATIONS.map((operation) => operation.operationId).sort();
  const missing = contractIds.filter((id) => !Object.hasOwn(API_OPERATIONS, id));
  expect(missing).toEqual([]);
  expect(Object.keys(API_OPERATIONS).sort()).toEqual(contractIds);
  expect(contractIds).toHaveLength(50);
  for (const fn of Object.values(API_OPERATIONS)) expect(fn).toBeTypeOf('function');
});

test.each(CONTRACT_OPERATIONS.map((operation) => [operation.operationId, operation] as const))(
  '%s sends the contract example request and returns its example data',
  async (operationId, operation) => {
    const log: CheckedRequest[] = [];
    server.use(...contractHandlers(log));
    expect(Object.hasOwn(EXAMPLE_CALLS, operationId), `no example call for ${operationId}`).toBe(true);
    const call = EXAMPLE_CALLS[operationId as keyof typeof EXAMPLE_CALLS];

    const data: unknown = await call();

    expect(log).toEqual([{ operationId, problems: [] }]);
    const { body } = successExample(operation);
    expect(data).toEqual(body.data);
    const response = operation.responses.find((candidate) => candidate.status === String(operation.successStatus));
    if (!response?.schema) throw new Error(`${operationId}: no success schema`);
    const validate = validator.compile(response.schema);
    expect(validate({ data }), JSON.stringify(validate.errors)).toBe(true);
  },
);
