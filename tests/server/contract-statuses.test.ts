import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  APP_CONTRACT_FILE,
  CONTRACT_FILE,
  contractOperations,
  contractValidator,
  loadContract,
  type ContractOperation,
} from '../../src/contract/openapi.ts';
import { RATE_LIMITS, type RateLimitGroup } from '../../src/server/limits.ts';
import { AUTH, STAFF, startTestServer, type Reply, type TestServer } from './test-server.ts';

/**
 * Issue 39, point 5: the contracts list every status the server sends. An OpenAPI proxy in front
 * of the server found 71 of 317 answers undescribed: no operation listed 429 though 34 are rate
 * limited, nor 413 and 415 though every call with a body sends them. Each operation of both
 * documents is sent here through the real server the ways that earn those answers, and each
 * answer must be one its operation describes: the status listed, the body of that status's
 * schema. (tests/server/contract-operations.test.ts sends the successes and the 400s.)
 */

const documents = [CONTRACT_FILE, APP_CONTRACT_FILE].map((file) => {
  const doc = loadContract(file);
  return { doc, operations: contractOperations(doc), validator: contractValidator(doc) };
});
const everyOperation = documents.flatMap(({ operations, validator }) =>
  operations.map((operation) => ({ operation, validator })),
);

/** The operation's own URL, with its example path parameters (or a plain one) and required query filled in. */
function urlOf(operation: ContractOperation): string {
  const exampleOf = (where: 'path' | 'query', name: string) => {
    const example = operation.parameters.find(
      (parameter) => parameter.in === where && parameter.name === name,
    )?.example;
    return typeof example === 'string' || typeof example === 'number' ? String(example) : '100234';
  };
  const query = new URLSearchParams(
    operation.parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required === true)
      .map((parameter) => [parameter.name, exampleOf('query', parameter.name)]),
  ).toString();
  const pathName = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(exampleOf('path', name)),
  );
  return `/api${pathName}${query === '' ? '' : `?${query}`}`;
}

/** Whether the answer is one the contract describes for the operation; why not when it is not. */
function undescribed({ operation, validator }: (typeof everyOperation)[number], reply: Reply): string | null {
  const response = operation.responses.find((candidate) => candidate.status === String(reply.status));
  if (response === undefined) {
    return `${operation.operationId} answered ${String(reply.status)}, which it does not list (${operation.responses.map((candidate) => candidate.status).join(', ')})`;
  }
  if (response.schema === null) return null;
  const validate = validator.compile(response.schema);
  return validate(reply.json)
    ? null
    : `${operation.operationId} answered ${String(reply.status)} with a body its schema refuses: ${JSON.stringify(validate.errors)}`;
}

function send(
  server: TestServer,
  operation: ContractOperation,
  headers: Record<string, string>,
  payload: string | Buffer,
) {
  return server.browser()({
    method: operation.method as 'POST',
    url: urlOf(operation),
    headers: { ...(operation.secured ? AUTH : {}), ...headers },
    ...(operation.method === 'GET' ? {} : { payload }),
  });
}

describe('bodies the server refuses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: false });
  });
  afterAll(async () => {
    await server.remove();
  });

  const withBody = everyOperation.filter(({ operation }) => operation.requestBody !== null);
  test('every call that takes a body is in this test', () => {
    expect(withBody.length).toBeGreaterThan(25);
  });

  for (const entry of withBody) {
    const { operation } = entry;
    test(`${operation.operationId}: a body too large gets a 413 its contract describes`, async () => {
      const mediaType = operation.requestBody?.mediaType ?? 'application/json';
      // Past the server's limits: 256 KiB for JSON and forms, 10 MiB for an ID document.
      const size = mediaType.startsWith('application/') ? 300 * 1024 : 11 * 1024 * 1024;
      const payload =
        mediaType === 'application/json'
          ? JSON.stringify({ filler: 'x'.repeat(size) })
          : mediaType === 'application/x-www-form-urlencoded'
            ? `filler=${'x'.repeat(size)}`
            : Buffer.alloc(size, 1);
      const reply = await send(server, operation, { 'content-type': mediaType }, payload);
      expect(reply.status).toBe(413);
      expect(undescribed(entry, reply)).toBeNull();
    });

    test(`${operation.operationId}: a body of the wrong type gets a 415 its contract describes`, async () => {
      const reply = await send(server, operation, { 'content-type': 'text/plain' }, 'not the body it takes');
      expect(reply.status).toBe(415);
      expect(undescribed(entry, reply)).toBeNull();
    });
  }
});

describe('calls the server refuses before their handler runs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: false });
  });
  afterAll(async () => {
    await server.remove();
  });

  for (const entry of everyOperation) {
    const { operation } = entry;
    const staffHeader = operation.parameters.find(
      (parameter) => parameter.in === 'header' && parameter.name === 'x-staff-token',
    );
    if (operation.secured) {
      test(`${operation.operationId}: without the client token, a 401 its contract describes`, async () => {
        const reply = await server.browser()({ method: operation.method as 'POST', url: urlOf(operation) });
        expect(reply.status).toBe(401);
        expect(undescribed(entry, reply)).toBeNull();
      });
    }
    if (staffHeader !== undefined) {
      test(`${operation.operationId}: a wrong staff credential gets a 401 its contract describes`, async () => {
        const reply = await send(
          server,
          operation,
          { 'x-staff-token': 'not-the-staff-token-0000', 'content-type': 'application/json' },
          JSON.stringify(operation.requestBody?.example ?? {}),
        );
        expect(reply.status).toBe(401);
        expect(undescribed(entry, reply)).toBeNull();
      });
    }
    const mediaType = operation.requestBody?.mediaType;
    if (mediaType === 'application/json' || mediaType === 'application/x-www-form-urlencoded') {
      test(`${operation.operationId}: an empty body gets a 400 its contract describes`, async () => {
        const reply = await send(
          server,
          operation,
          { 'content-type': mediaType, ...(staffHeader === undefined ? {} : STAFF) },
          mediaType === 'application/json' ? '{}' : '',
        );
        expect(reply.status).toBe(400);
        expect(undescribed(entry, reply)).toBeNull();
      });
    }
  }
});

test('every staff call lists the 429 of an address past its wrong staff credentials', () => {
  for (const { operation } of everyOperation) {
    if (!operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'x-staff-token'))
      continue;
    expect(
      operation.responses.map((response) => response.status),
      operation.operationId,
    ).toContain('429');
  }
});

describe('calls past their rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: true });
  });
  afterAll(async () => {
    await server.remove();
  });

  for (const [group, limit] of Object.entries(RATE_LIMITS) as [
    RateLimitGroup,
    (typeof RATE_LIMITS)[RateLimitGroup],
  ][]) {
    test(`every ${group} call past ${String(limit.max)} a minute gets a 429 with Retry-After, as its contract says`, async () => {
      const members = everyOperation.filter(({ operation }) => limit.operations.includes(operation.operationId));
      expect(members.map(({ operation }) => operation.operationId).sort()).toEqual([...limit.operations].sort());
      const [first] = members;
      if (first === undefined) throw new Error(`no ${group} operation in the contracts`);
      // One count for the group: whatever the calls answered, the group is spent after `max`.
      for (let call = 0; call < limit.max; call += 1) {
        await send(server, first.operation, { 'content-type': 'application/json' }, '{}');
      }
      for (const entry of members) {
        const reply = await send(server, entry.operation, { 'content-type': 'application/json' }, '{}');
        expect(reply.status, entry.operation.operationId).toBe(429);
        expect(Number(reply.headers['retry-after']), entry.operation.operationId).toBeGreaterThanOrEqual(1);
        expect(undescribed(entry, reply)).toBeNull();
      }
    });
  }
});
