/**
 * npm run bench:api: a load test of the local API on loopback with autocannon. Starts the
 * server (API only) on a fresh database, then sends saveLead, getProductInfo and createOrder
 * at a fixed 1,000 requests per second each and prints throughput and latency (p50, p99).
 * Budget on this 2-core machine: p99 under 20 ms at 1,000 requests per second. Figures, not
 * assertions.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT_DIR } from './lib/config-validation.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4191);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BASE = `http://127.0.0.1:${PORT}/api`;
const token = randomBytes(24).toString('base64url');
const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-bench-'));

interface Example {
  [key: string]: unknown;
}

/** The contract's request example for an operation, so the load is what the funnel sends. */
function requestExample(apiPath: string): Example {
  const contract = JSON.parse(readFileSync(path.join(ROOT_DIR, 'schemas', 'api.openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: Example }> } }>>;
  };
  const example = contract.paths[apiPath]?.post?.requestBody?.content['application/json']?.example;
  if (!example) throw new Error(`The contract has no request example for POST ${apiPath}`);
  return example;
}

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${BASE}/memoForm/getProductInfo?id=1682&category=hrt&type=mpid`);
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The API server did not start within 30 s');
}

// One process (node with tsx's loader), so SIGTERM reaches the server itself.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: ROOT_DIR,
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    CLIENT_TOKEN: token,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitForServer();

  // createOrder needs a billing token, as the payment screen gets one from saveBillingInfo.
  const billing = await fetch(`${BASE}/mipH2/billingInfo/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(requestExample('/mipH2/billingInfo/save')),
  });
  const billingBody = (await billing.json()) as { data?: { billingToken?: string } };
  const billingToken = billingBody.data?.billingToken;
  if (!billing.ok || billingToken === undefined) throw new Error(`saveBillingInfo failed: ${billing.status}`);
  const order = JSON.parse(String(requestExample('/memoForm/createOrder').order)) as Record<string, unknown>;
  const orderBody = JSON.stringify({ order: JSON.stringify({ ...order, billingToken }) });

  const scenarios: { name: string; options: autocannon.Options }[] = [
    {
      name: 'saveLead',
      options: {
        url: `${BASE}/memoForm/saveLead`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(requestExample('/memoForm/saveLead')),
      },
    },
    {
      name: 'getProductInfo',
      options: { url: `${BASE}/memoForm/getProductInfo?id=1682&category=hrt&type=mpid`, method: 'GET' },
    },
    {
      name: 'createOrder (a new Idempotency-Key each)',
      options: {
        url: `${BASE}/memoForm/createOrder`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: orderBody,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'idempotency-key': randomUUID() },
            }),
          },
        ],
      },
    },
  ];

  console.log(`Local API on loopback, ${RATE} requests/s for ${SECONDS} s each, 20 connections\n`);
  console.log(
    `${'call'.padEnd(42)} ${'req/s'.padStart(8)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'non-2xx'.padStart(8)}  budget`,
  );
  for (const scenario of scenarios) {
    // A short warm-up first, so the figures are of a running server, not of its first requests.
    await autocannon({ connections: 20, duration: 2, overallRate: RATE, ...scenario.options });
    const result = await autocannon({ connections: 20, duration: SECONDS, overallRate: RATE, ...scenario.options });
    const p99 = result.latency.p99;
    console.log(
      `${scenario.name.padEnd(42)} ${result.requests.average.toFixed(0).padStart(8)} ${`${result.latency.p50} ms`.padStart(8)} ${`${p99} ms`.padStart(8)} ${String(result.non2xx + result.errors).padStart(8)}  ${p99 < 20 ? 'met' : 'NOT MET'} (p99 < 20 ms)`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
