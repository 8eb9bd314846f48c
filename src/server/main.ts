/**
 * The local server: the built app and the API on one port (4173 unless PORT says otherwise),
 * with its SQLite database under DATA_DIR (./data), checked, created, migrated and seeded on
 * start. A setting, a data directory or a database it cannot use stops it with one line on
 * stderr ("Cannot start: ...", naming the path and what to do) and exit code 1. Beside an
 * install's secrets the database must be there: `--init` starts a new one in its place.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import {
  databaseFile,
  databaseProblem,
  openDatabase,
  startCheckpointer,
  type Db,
  type InstallState,
} from './database.ts';
import { MIGRATIONS } from './migrations.ts';
import { seedDemoData } from './seed.ts';
import { SERVER_HANDLERS, serverRoutes } from './server-routes.ts';
import { openDataFiles, readServerConfig, recordServerPort, ServerConfigError } from './server-config.ts';
import { chooseMailer } from './mail/choose-mailer.ts';
import { OUTBOX_DIR } from './mail/outbox-mailer.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Stops before serving anything, with the one line an operator needs (no stack trace). */
function refuseToStart(message: string): never {
  console.error(`Cannot start: ${message}`);
  process.exit(1);
}

let config;
try {
  config = readServerConfig(process.env, ROOT_DIR);
} catch (error) {
  if (error instanceof ServerConfigError) refuseToStart(error.message);
  throw error;
}

/** The database, checked, migrated and seeded, or a refusal to start naming what is wrong. */
function openServedDatabase(file: string, install: InstallState | undefined): Db {
  let opened: Db | undefined;
  try {
    opened = openDatabase(file, MIGRATIONS, install);
    // Seeding is the first write of a new database: a full disk shows here.
    seedDemoData(opened);
    return opened;
  } catch (error) {
    const problem = databaseProblem(file, error);
    if (problem === undefined) throw error;
    opened?.close();
    return refuseToStart(problem.message);
  }
}

// `--init`: a new database where an install's secrets would otherwise require one.
const init = process.argv.slice(2).includes('--init');
const db = openServedDatabase(
  databaseFile(config.dataDir),
  init ? 'init' : config.existingInstall ? 'existing' : undefined,
);
const openToOthers = openDataFiles(config.dataDir);
if (openToOthers.length > 0) {
  // Made or changed by someone else (a copy, a restore, an older version): the server would
  // rather not change an operator's permissions itself, but says what to do.
  console.warn(
    `Warning: patient data and secrets readable by others: ${openToOthers.join(', ')}: chmod 700 ${config.dataDir} && chmod 600 ${config.dataDir}/*`,
  );
}
if (config.services.page.botCheck.provider === 'off') {
  // A production deployment without its site key would otherwise go unnoticed.
  console.warn('No bot check: set RECAPTCHA_SITE_KEY, or BOT_CHECK_LOCAL=accept for development');
}
const app = buildApp({
  db,
  routes: serverRoutes(),
  handlers: SERVER_HANDLERS,
  clientToken: config.clientToken,
  staffToken: config.staffToken,
  linkSecret: config.linkSecret,
  staticDir: config.staticDir,
  brand: config.brand,
  services: config.services,
  trustProxy: config.trustProxy,
  rateLimits: config.rateLimits,
  sessionLifetime: config.sessionLifetime,
  logLevel: process.env.LOG_LEVEL ?? 'info',
  mailer: chooseMailer(config.mail, config.dataDir),
  mailFrom: config.mail.fromAddress,
});

// Checkpoints off the request thread (database.ts says why); a failure is logged and the
// serving connection checkpoints itself instead.
const checkpointer = startCheckpointer(db, (code) => {
  app.log.error({ code }, 'checkpoint failed');
});

/** How long each stage of a shutdown may take before it is cut short (and logged as stalled). */
const SHUTDOWN_STAGE_MS = 10_000;

/**
 * Runs a stage of the shutdown. Past SHUTDOWN_STAGE_MS it logs the stage and runs `cut` instead
 * of waiting on; a stage that fails is logged, and the shutdown goes on to the next.
 */
async function stage(name: string, run: Promise<void>, cut: () => void | Promise<void>): Promise<void> {
  const settled = run.then(
    () => 'done' as const,
    (error: unknown) => {
      app.log.error({ stage: name, err: error }, 'shutdown stage failed');
      return 'failed' as const;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => {
      resolve('stalled');
    }, SHUTDOWN_STAGE_MS);
  });
  try {
    if ((await Promise.race([settled, stalled])) === 'stalled') {
      app.log.error({ stage: name, afterMs: SHUTDOWN_STAGE_MS }, 'shutdown stage stalled; cutting it short');
      await cut();
    }
  } finally {
    clearTimeout(timer);
  }
}

// An operator's SIGTERM (systemd, a container stop, Ctrl-C in npm start) ends the process
// within seconds: a client that never finished its request once held a stop for over a minute.
let shuttingDown = false;
async function shutDown(signal: string) {
  // A second signal while stopping (an impatient Ctrl-C) changes nothing.
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  await stage('close connections', app.close(), () => {
    app.server.closeAllConnections();
  });
  await stage('last checkpoint', checkpointer.stop(), () => {
    // The checkpointer is inside SQLite waiting on the disk, which nothing in this process can
    // interrupt, and closing the serving connection would checkpoint on the same disk. Every
    // commit is already in the WAL file, which the next start reads (a killed process loses no
    // committed transaction in WAL mode: tests/server/durability.test.ts), so the process ends
    // here, by a signal an operator's tools report as what it was.
    process.kill(process.pid, 'SIGKILL');
  });
  db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutDown('SIGINT'));
process.on('SIGTERM', () => void shutDown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE' ? `Cannot start: port ${config.port} is in use (set PORT to use another)` : error,
  );
  await checkpointer.stop();
  db.close();
  process.exit(1);
}
recordServerPort(config.dataDir, config.port);
console.log(
  config.staticDir === undefined
    ? `Funnel API on http://127.0.0.1:${config.port}/api (no built app to serve); data in ${config.dataDir}`
    : `Patient funnel on http://localhost:${config.port} (men's brand) and http://femme.localhost:${config.port} (women's brand); data in ${config.dataDir}`,
);
// Where the patients' mail goes: said once, so a developer knows where to read it.
console.log(
  config.mail.transport.kind === 'smtp'
    ? 'Mail goes out through SMTP'
    : `Mail is written to ${path.join(config.dataDir, OUTBOX_DIR)} (set SMTP_URL or SMTP_HOST to send it)`,
);
