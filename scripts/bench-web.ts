/**
 * npm run bench:web: Lighthouse (mobile) on the assessment, results and payment pages of both
 * brands, against a production build served on loopback. Prints performance score, LCP, TBT
 * and CLS per page, and whether each meets the aim (95+, LCP under 1.5 s, CLS under 0.02).
 * Figures, not assertions: a slow run prints, it does not fail.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { ROOT_DIR } from './lib/config-validation.ts';

const PORT = 4176;
const PAGES = [
  { brand: "men's", url: `http://localhost:${PORT}/hormone-assessment/shrt` },
  { brand: "men's", url: `http://localhost:${PORT}/results/shrt` },
  { brand: "men's", url: `http://localhost:${PORT}/payment/shrt` },
  { brand: "women's", url: `http://femme.localhost:${PORT}/f/hormone-assessment/fha1` },
  { brand: "women's", url: `http://femme.localhost:${PORT}/f/results/fha1` },
  { brand: "women's", url: `http://femme.localhost:${PORT}/f/payment/fha1` },
];
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The preview server did not answer at ${url} within ${timeoutMs} ms`);
}

function stop(server: ChildProcess) {
  if (server.pid !== undefined) {
    try {
      process.kill(-server.pid);
    } catch {
      server.kill();
    }
  }
}

console.error('Building the app...');
const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT_DIR, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], {
  cwd: ROOT_DIR,
  stdio: 'ignore',
  detached: true,
});
process.on('exit', () => {
  stop(server);
});

try {
  await waitForServer(`http://127.0.0.1:${PORT}/`, 30_000);
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    console.log('Lighthouse, mobile (simulated throttling), production build on loopback\n');
    console.log(
      `${'page'.padEnd(56)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(7)}  aim`,
    );
    for (const { brand, url } of PAGES) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
      const met = score >= 95 && lcp < 1500 && cls < 0.02;
      const label = `${brand} ${new URL(url).pathname}`;
      console.log(
        `${label.padEnd(56)} ${String(score).padStart(5)} ${`${(lcp / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(tbt)} ms`.padStart(8)} ${cls.toFixed(3).padStart(7)}  ${met ? 'met' : 'NOT MET'}`,
      );
    }
    console.log('\nAim: performance 95+, LCP under 1.5 s, CLS under 0.02.');
  } finally {
    chrome.kill();
  }
} finally {
  stop(server);
}
