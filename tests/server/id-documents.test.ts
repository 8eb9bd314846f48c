import { afterEach, beforeEach, expect, test } from 'vitest';
import { AUTH, countRows, startTestServer, type TestServer } from './test-server.ts';
import { returnAsCustomer } from './test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  // The calls below are a returning patient's: the demo customer Jane Doe, from her link.
  await returnAsCustomer(server.call, '100235');
});
afterEach(async () => {
  await server.remove();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function upload(body: Buffer, type: string, headers: Record<string, string> = AUTH, id = '100235') {
  return server.call({
    method: 'POST',
    url: `/api/mipH2/uploadId/${id}`,
    payload: body,
    headers: { ...headers, 'content-type': type },
  });
}

test('a customer’s photo of their ID is kept and the customer then has an ID', async () => {
  const before = await server.call({ method: 'GET', url: '/api/mipH2/getHasId/100235', headers: AUTH });
  expect(before.json).toMatchObject({ data: { hasId: false } });
  const sent = await upload(PNG, 'image/png');
  expect(sent.status).toBe(200);
  expect(sent.json).toMatchObject({ data: { customerId: '100235', hasId: true } });
  expect(countRows(server.db, 'id_documents', 'kt_customer_id = ?', '100235')).toBe(1);
  const after = await server.call({ method: 'GET', url: '/api/mipH2/getHasId/100235', headers: AUTH });
  expect(after.json).toMatchObject({ data: { hasId: true } });
});

test('an upload is refused without the token, for an unknown customer, a file of another kind, an empty file or the wrong type', async () => {
  expect((await upload(PNG, 'image/png', {})).status).toBe(401);
  expect((await upload(PNG, 'image/png', AUTH, '999999')).status).toBe(404);
  const renamed = await upload(PNG, 'image/jpeg');
  expect(renamed.status).toBe(400);
  expect(renamed.json).toMatchObject({ details: 'The file is not a JPEG image.' });
  expect((await upload(Buffer.alloc(0), 'application/pdf')).status).toBe(400);
  expect((await upload(Buffer.from('GIF89a'), 'image/gif')).status).toBe(415);
  expect(countRows(server.db, 'id_documents')).toBe(0);
});

test('a file over 10 MiB is refused before it is stored', async () => {
  const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
  expect((await upload(big, 'image/png')).status).toBe(413);
  expect(countRows(server.db, 'id_documents')).toBe(0);
});
