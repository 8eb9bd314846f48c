import { afterEach, expect, test } from 'vitest';
import { sameSecret } from '../../src/server/access.ts';
import { STAFF_TRIES_PER_MINUTE, staffGuard } from '../../src/server/staff-guard.ts';
import { STAFF, STAFF_TOKEN, startTestServer, type TestServer } from './test-server.ts';

/**
 * Issue 39, point 6: wrong staff credentials were tried without limit outside the rate-limited
 * groups, were not logged, and the comparison could tell the token's length.
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.remove();
  server = undefined;
});

const WAITLIST = '/api/staff/state-waitlist';

test('past ten wrong staff credentials in a minute, an address gets 429 on every staff call, the right token too', async () => {
  server = await startTestServer({ logs: true, rateLimits: true });
  const attacker = server.browser();
  for (let guess = 0; guess < STAFF_TRIES_PER_MINUTE; guess += 1) {
    const reply = await attacker({
      method: 'GET',
      url: WAITLIST,
      headers: { 'x-staff-token': `guess-number-${String(guess).padStart(8, '0')}` },
    });
    expect(reply.status).toBe(401);
  }
  const stopped = await attacker({
    method: 'GET',
    url: WAITLIST,
    headers: { 'x-staff-token': 'guess-number-99999999' },
  });
  expect(stopped.status).toBe(429);
  expect(Number(stopped.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  // Guessing right now gains nothing: the address waits first.
  expect((await attacker({ method: 'GET', url: WAITLIST, headers: STAFF })).status).toBe(429);
  // Patients' calls without the header go on.
  expect((await attacker({ method: 'GET', url: '/api/journey?pathCode=shrt' })).status).toBe(200);

  const warnings = server.logs.filter((line) => line.includes('wrong staff credential'));
  expect(warnings).toHaveLength(STAFF_TRIES_PER_MINUTE);
  expect(warnings[0]).toContain('"operationId":"listStateWaitlist"');
  expect(server.logs.join('\n')).not.toContain('guess-number-');
  expect(server.logs.join('\n')).not.toContain(STAFF_TOKEN);
});

test('the right credential is never counted, and the window ends', () => {
  let now = 0;
  const guard = staffGuard(STAFF_TOKEN, { limited: true, now: () => now });
  const log = { warn: () => undefined };
  const check = (token: string) => guard.check({ ip: '203.0.113.9', token, operationId: 'listStateWaitlist', log });
  for (let call = 0; call < 50; call += 1) expect(check(STAFF_TOKEN)).toBeUndefined();
  for (let guess = 0; guess < STAFF_TRIES_PER_MINUTE; guess += 1) expect(check('wrong-token-000000')).toBeUndefined();
  expect(check(STAFF_TOKEN)).toBe(60);
  now += 60_000;
  expect(check(STAFF_TOKEN)).toBeUndefined();
});

test('secrets are compared as hashes: any length of guess takes the same path', () => {
  expect(sameSecret(STAFF_TOKEN, STAFF_TOKEN)).toBe(true);
  expect(sameSecret('', STAFF_TOKEN)).toBe(false);
  expect(sameSecret(`${STAFF_TOKEN}x`, STAFF_TOKEN)).toBe(false);
  expect(sameSecret('x'.repeat(10_000), STAFF_TOKEN)).toBe(false);
});
