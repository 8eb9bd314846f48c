import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { afterEach, expect, test } from 'vitest';
import { contractOperations, contractValidator, loadContract } from '../../src/contract/openapi.ts';
import { readServiceSettings } from '../../src/server/service-settings.ts';
import { handleRecaptcha } from '../fakes/recaptcha.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const contract = loadContract();
const answerSchema = contractOperations(contract)
  .find((operation) => operation.operationId === 'verifyRecaptcha')
  ?.responses.find((response) => response.status === '200')?.schema;
if (answerSchema === undefined || answerSchema === null)
  throw new Error('the contract documents no verifyRecaptcha answer');
const answerIsInContract = contractValidator(contract).compile(answerSchema);

let running: TestServer | null = null;
let fakes: Server | null = null;

afterEach(async () => {
  await running?.remove();
  running = null;
  await new Promise<void>((resolve) => {
    if (fakes === null) resolve();
    else
      fakes.close(() => {
        resolve();
      });
  });
  fakes = null;
});

async function serverWith(env: NodeJS.ProcessEnv | null): Promise<TestServer> {
  running = await startTestServer(env === null ? {} : { services: readServiceSettings(env) });
  return running;
}

async function verify(server: TestServer, recaptchaToken: string, action = 'payment') {
  const reply = await server.call({
    method: 'POST',
    url: '/api/memoForm/verifyRecaptcha',
    payload: { recaptchaToken, action, email: 'avery.quinn@example.com', phone: '2125550123' },
  });
  expect(reply.status).toBe(200);
  expect(answerIsInContract(reply.json), JSON.stringify(answerIsInContract.errors)).toBe(true);
  return (reply.json as { data: { success: boolean; score: number; action: string; reason?: string } }).data;
}

const LOCAL_TOKEN = 'local.payment.0f6c1d2e3a4b5c6d7e8f901a2b3c4d5e';

test('a server started with BOT_CHECK_LOCAL=accept (npm start, the dev server) takes a local token for a person', async () => {
  const server = await serverWith({ BOT_CHECK_LOCAL: 'accept' });
  expect(await verify(server, LOCAL_TOKEN)).toEqual({ success: true, score: 0.9, action: 'payment' });
});

test('a server without BOT_CHECK_LOCAL refuses local tokens, so nobody passes production with a token anyone can make', async () => {
  const server = await serverWith({});
  const answer = await verify(server, LOCAL_TOKEN);
  expect(answer.success).toBe(false);
  expect(answer.reason).toMatch(/local bot-check tokens are not accepted/);
});

test('BOT_CHECK_LOCAL=refuse refuses local tokens too', async () => {
  const server = await serverWith({ BOT_CHECK_LOCAL: 'refuse' });
  expect((await verify(server, LOCAL_TOKEN)).success).toBe(false);
});

test('the unit tests’ server (no settings given) accepts local tokens', async () => {
  const server = await serverWith(null);
  expect((await verify(server, LOCAL_TOKEN)).success).toBe(true);
});

test('other tokens are judged as before whatever the setting: "bot" or "fail" first is a bot', async () => {
  const server = await serverWith({});
  expect(await verify(server, 'fake-enterprise.payment.1')).toEqual({ success: true, score: 0.9, action: 'payment' });
  expect(await verify(server, 'bot.fake-enterprise.payment.1')).toEqual({
    success: false,
    score: 0.1,
    action: 'payment',
  });
  expect((await verify(server, 'fail-token')).success).toBe(false);
});

test('a token that cannot be assessed is refused with its reason, so the page knows it is no bot verdict', async () => {
  const server = await serverWith({});
  expect(await verify(server, 'invalid-token')).toEqual({
    success: false,
    score: 0,
    action: 'payment',
    reason: 'invalid token (MALFORMED)',
  });
  expect(await verify(server, 'expired.fake-enterprise.payment.1')).toMatchObject({
    success: false,
    reason: 'invalid token (EXPIRED)',
  });
  // A bot is refused on its score alone: no reason.
  expect(await verify(server, 'bot.fake-enterprise.payment.1')).not.toHaveProperty('reason');
});

/** The fake reCAPTCHA server on a free port; returns its origin. */
async function startFake(): Promise<string> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!handleRecaptcha(request, response, url)) response.writeHead(404).end();
  });
  fakes = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

interface FakeEnterprise {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** Runs the fake's script as a page would, and returns what it defined on `window`. */
async function loadFakeScript(origin: string, siteKey: string): Promise<FakeEnterprise | undefined> {
  const response = await fetch(`${origin}/recaptcha/enterprise.js?render=${siteKey}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
  const window: { grecaptcha?: { enterprise?: FakeEnterprise } } = {};
  runInNewContext(await response.text(), { window, setTimeout, Promise, String });
  return window.grecaptcha?.enterprise;
}

test('tokens of the fake reCAPTCHA script are taken for a person by a server that refuses local tokens', async () => {
  const origin = await startFake();
  const enterprise = await loadFakeScript(origin, 'e2e-site-key-0001');
  if (enterprise === undefined) throw new Error('the fake defined no grecaptcha.enterprise');
  await new Promise<void>((resolve) => {
    enterprise.ready(resolve);
  });
  const token = await enterprise.execute('e2e-site-key-0001', { action: 'payment' });
  expect(token).toBe('fake-enterprise.payment.1');
  await expect(enterprise.execute('another-key-0001', { action: 'payment' })).rejects.toThrow(/Invalid site key/);

  const server = await serverWith({});
  expect((await verify(server, token)).success).toBe(true);
});

test('the fake’s site key chooses its failure: empty tokens, bot tokens, nothing defined, no script', async () => {
  const origin = await startFake();
  const empty = await loadFakeScript(origin, 'empty-site-key');
  expect(await empty?.execute('empty-site-key', { action: 'payment' })).toBe('');
  const bot = await loadFakeScript(origin, 'bot-site-key-01');
  const botToken = await bot?.execute('bot-site-key-01', { action: 'payment' });
  expect(botToken).toBe('bot.fake-enterprise.payment.1');
  const server = await serverWith({});
  expect((await verify(server, botToken ?? '')).success).toBe(false);
  expect(await loadFakeScript(origin, 'broken-site-key')).toBeUndefined();
  expect((await fetch(`${origin}/recaptcha/enterprise.js?render=missing-site-key`)).status).toBe(404);
  expect((await fetch(`${origin}/recaptcha/enterprise.js?render=${encodeURIComponent('<script>')}`)).status).toBe(400);
});
