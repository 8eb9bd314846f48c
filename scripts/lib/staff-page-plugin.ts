import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Plugin } from 'vite';
import { CONFIG_DIR, ROOT_DIR } from '../../src/contract/schema-files.ts';
import { createFunnelEngine } from '../../src/engine/funnel-plan.ts';
import { databaseFile } from '../../src/server/database.ts';
import { validateConfigDir, type ValidationResult } from './config-validation.ts';
import { buildReachReport, readExperimentEvents, type ReachReport } from './reach-report.ts';
import { renderStaffPage, STAFF_PAGE_PATH } from './staff-page.ts';
import type { DemoPatient } from '../demo-patient.ts';

/**
 * Serves the staff page (scripts/lib/staff-page.ts) at /__funnels from the dev server alone
 * (`apply: 'serve'`): a production build neither contains nor serves it, which
 * e2e/staff-page.spec.ts checks. A step link (/__funnels/open?url=…&step=N) starts a demo walk
 * (scripts/demo-patient.ts) and shows its progress; when the walk is done, /__funnels/open/ID/enter
 * gives this browser the demo patient's session cookie and sends it to the step.
 */

interface Walk {
  state: 'walking' | 'ready' | 'failed';
  /** What the walk has told so far: the step it is on, then its error. */
  lines: string[];
  result: DemoPatient | null;
  child: ChildProcess;
  startedAt: number;
}

/** A walk's result waits this long for its browser to come for it. */
const WALK_KEPT_MS = 10 * 60_000;
/** At most this many walks at once: each is a headless Chromium on a small machine. */
const MAX_WALKS = 3;
/** A walk that takes longer than this is stopped (a step that never leads on). */
const WALK_LIMIT_MS = 4 * 60_000;
/** A host of this dev server: localhost, femme.localhost or 127.0.0.1, with its port. */
const DEV_HOST = /^(?:[a-z0-9-]+\.)*localhost(?::\d{1,5})?$|^127\.0\.0\.1(?::\d{1,5})?$/;

/**
 * The reach report of split tests from the dev API's database (DATA_DIR as the server reads it,
 * ./data by default), opened read-only on each request so the page shows the events as they
 * are now. Null when there is no database yet, or it cannot be read (mid-migration, locked,
 * corrupt): the section says "no data" and the rest of the page is served all the same.
 */
function readReach(result: ValidationResult): ReachReport | null {
  if (result.config === null) return null;
  const file = databaseFile(path.resolve(ROOT_DIR, process.env.DATA_DIR ?? 'data'));
  if (!existsSync(file)) return null;
  try {
    // Wait briefly, not the default 5 s: the page comes back at once even when the database is held.
    const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 250 });
    try {
      return buildReachReport(readExperimentEvents(db), createFunnelEngine(result.config));
    } finally {
      db.close();
    }
  } catch (error) {
    console.warn(`staff page: the split tests' events could not be read from ${file}: ${String(error)}`);
    return null;
  }
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', `${type}; charset=utf-8`);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>:root{font-family:system-ui,sans-serif;color:#1f2a37}body{max-width:720px;margin:40px auto;padding:0 16px}pre{background:#f3f4f6;padding:12px;border-radius:8px;white-space:pre-wrap}[role=alert]{color:#b91c1c}</style></head><body><main>${body}</main></body></html>`;
}

/** The page a step link opens: the walk's progress, then on to the step (or its error). */
function progressPage(id: string, url: string): string {
  const statusUrl = `${STAFF_PAGE_PATH}/open/${id}`;
  return page(
    'Preparing a demo patient',
    `<h1>Preparing a demo patient</h1><p>Walking the steps before <code>${escapeHtml(url)}</code> as a patient would (a few seconds a step); this browser then becomes that patient.</p><pre id="lines" aria-live="polite">Starting…</pre><p id="failed" role="alert" hidden></p><p><a href="${STAFF_PAGE_PATH}">Back to the funnels</a></p>
<script type="module">
const lines = document.getElementById('lines');
const failed = document.getElementById('failed');
for (;;) {
  const walk = await fetch(${JSON.stringify(statusUrl)}, { cache: 'no-store' }).then((response) => response.json(), () => null);
  if (walk === null) { failed.hidden = false; failed.textContent = 'The dev server did not answer: is npm run dev still running?'; break; }
  lines.textContent = walk.lines.join('\\n') || 'Starting…';
  if (walk.state === 'ready') { location.replace(${JSON.stringify(`${statusUrl}/enter`)}); break; }
  if (walk.state === 'failed') { failed.hidden = false; failed.textContent = 'The demo patient could not be made: ' + (walk.lines.at(-1) ?? 'the walk stopped'); break; }
  await new Promise((resolve) => setTimeout(resolve, 400));
}
</script>`,
  );
}

/** The Set-Cookie header of a cookie the walk's browser held. */
function setCookie(cookie: DemoPatient['cookies'][number]): string {
  const parts = [`${cookie.name}=${cookie.value}`, `Path=${cookie.path}`, `SameSite=${cookie.sameSite}`];
  if (cookie.httpOnly) parts.push('HttpOnly');
  if (cookie.expires > 0) parts.push(`Max-Age=${String(Math.max(0, Math.floor(cookie.expires - Date.now() / 1000)))}`);
  return parts.join('; ');
}

/** Stops a walk's whole process group (tsx's node and its Chromium), if it still runs. */
function stopWalk(walk: Walk): void {
  if (walk.child.pid === undefined || walk.child.exitCode !== null) return;
  try {
    process.kill(-walk.child.pid, 'SIGTERM');
  } catch {
    // Gone already.
  }
}

export function staffPage({ dir = CONFIG_DIR }: { dir?: string } = {}): Plugin {
  const walks = new Map<string, Walk>();

  const startWalk = (origin: string, url: string, step: string): string => {
    const id = randomUUID();
    // Node with tsx's CLI, no npx between, leading a process group of its own: stopping the walk
    // stops tsx's node too (Playwright closes its Chromium on SIGTERM).
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'),
        'scripts/demo-patient.ts',
        `${origin}${url}`,
        '--step',
        step,
      ],
      { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    const walk: Walk = { state: 'walking', lines: [], result: null, child, startedAt: Date.now() };
    walks.set(id, walk);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      walk.lines = err.split('\n').filter((line) => line.trim() !== '');
    });
    let tooLong = false;
    const limit = setTimeout(() => {
      tooLong = true;
      stopWalk(walk);
    }, WALK_LIMIT_MS);
    // 'close', not 'exit': the walk's output has all arrived by then.
    child.on('close', (code) => {
      clearTimeout(limit);
      try {
        if (tooLong) throw new Error(`it took longer than ${String(WALK_LIMIT_MS / 60_000)} minutes and was stopped`);
        if (code !== 0) throw new Error(`exit ${String(code)}`);
        walk.result = JSON.parse(out.trim().split('\n').at(-1) ?? '') as DemoPatient;
        walk.state = 'ready';
      } catch (error) {
        if (walk.lines.length === 0 || tooLong) {
          walk.lines.push(`The walk failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        walk.state = 'failed';
      }
    });
    return id;
  };

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const host = req.headers.host ?? '';
    const requested = new URL(req.url ?? '/', 'http://dev.invalid');
    const { pathname } = requested;
    if (pathname !== STAFF_PAGE_PATH && !pathname.startsWith(`${STAFF_PAGE_PATH}/`)) return false;
    if (!DEV_HOST.test(host)) {
      send(
        res,
        400,
        'text/plain',
        'The staff page answers on this machine’s own hosts only (localhost, femme.localhost).',
      );
      return true;
    }
    const port = host.includes(':') ? `:${host.split(':').pop() ?? ''}` : '';
    if (pathname === STAFF_PAGE_PATH || pathname === `${STAFF_PAGE_PATH}/`) {
      const origins = { male: `http://localhost${port}`, female: `http://femme.localhost${port}` };
      const result = validateConfigDir(dir);
      send(res, 200, 'text/html', renderStaffPage({ result, origins, reach: readReach(result) }));
      return true;
    }
    if (pathname === `${STAFF_PAGE_PATH}/open`) {
      const url = requested.searchParams.get('url') ?? '';
      const step = requested.searchParams.get('step') ?? '';
      // A path of this site only: never another origin, nor a step number that is not one.
      if (!url.startsWith('/') || url.startsWith('//') || !/^[1-9]\d{0,2}$/.test(step)) {
        send(
          res,
          400,
          'text/html',
          page(
            'Not a step link',
            `<h1>Not a step link</h1><p role="alert">The link needs a step's path (url=/payment/shrt) and its number (step=3).</p><p><a href="${STAFF_PAGE_PATH}">Back to the funnels</a></p>`,
          ),
        );
        return true;
      }
      // A walk starts a browser and writes records: not for another site's page to set off (an
      // image or a link of a page open in the same browser), and only a few at a time.
      if (req.headers['sec-fetch-site'] === 'cross-site') {
        send(
          res,
          403,
          'text/html',
          page(
            'Not from another site',
            `<h1>Open the step from the staff page</h1><p role="alert">A demo walk starts only from this dev server's own pages.</p><p><a href="${STAFF_PAGE_PATH}">The funnels</a></p>`,
          ),
        );
        return true;
      }
      const running = [...walks.values()].filter((walk) => walk.state === 'walking').length;
      if (running >= MAX_WALKS) {
        send(
          res,
          429,
          'text/html',
          page(
            'Busy',
            `<h1>${String(running)} demo walks are running</h1><p role="alert">Wait for one to finish, then open the step again.</p><p><a href="${STAFF_PAGE_PATH}">Back to the funnels</a></p>`,
          ),
        );
        return true;
      }
      const id = startWalk(`http://${host}`, url, step);
      send(res, 200, 'text/html', progressPage(id, url));
      return true;
    }
    const match = /^\/__funnels\/open\/([0-9a-f-]{36})(\/enter)?$/.exec(pathname);
    const walk = match?.[1] === undefined ? undefined : walks.get(match[1]);
    if (match === null || walk === undefined) {
      send(
        res,
        404,
        'text/html',
        page(
          'No such walk',
          `<h1>No such demo walk</h1><p>It may have been used already or expired. <a href="${STAFF_PAGE_PATH}">Back to the funnels</a></p>`,
        ),
      );
      return true;
    }
    if (match[2] === undefined) {
      send(res, 200, 'application/json', JSON.stringify({ state: walk.state, lines: walk.lines }));
      return true;
    }
    if (walk.result === null) {
      send(
        res,
        409,
        'text/html',
        page(
          'Not ready',
          `<h1>The demo patient is not ready</h1><p><a href="${STAFF_PAGE_PATH}">Back to the funnels</a></p>`,
        ),
      );
      return true;
    }
    if (match[1] !== undefined) walks.delete(match[1]);
    res.statusCode = 303;
    res.setHeader('Set-Cookie', walk.result.cookies.map(setCookie));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Location', walk.result.url);
    res.end();
    return true;
  };

  return {
    name: 'staff-page',
    apply: 'serve',
    configureServer(server) {
      const sweep = setInterval(() => {
        for (const [id, walk] of walks) if (Date.now() - walk.startedAt > WALK_KEPT_MS) walks.delete(id);
      }, 60_000);
      sweep.unref();
      server.httpServer?.on('close', () => {
        clearInterval(sweep);
        for (const walk of walks.values()) stopWalk(walk);
      });
      server.middlewares.use((req, res, next) => {
        if (!handle(req, res)) next();
      });
    },
  };
}
