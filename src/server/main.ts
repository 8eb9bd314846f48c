/**
 * The local server: the built app and the API on one port (4173 unless PORT says otherwise),
 * with its SQLite database under DATA_DIR (./data), created, migrated and seeded on start.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { databaseFile, openDatabase } from './database.ts';
import { MIGRATIONS } from './migrations.ts';
import { seedDemoData } from './seed.ts';
import { SERVER_HANDLERS, serverRoutes } from './server-routes.ts';
import { readServerConfig, ServerConfigError } from './server-config.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let config;
try {
  config = readServerConfig(process.env, ROOT_DIR);
} catch (error) {
  if (error instanceof ServerConfigError) {
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const db = openDatabase(databaseFile(config.dataDir), MIGRATIONS);
if (config.services.page.botCheck.provider === 'off') {
  // A production deployment without its site key would otherwise go unnoticed.
  console.warn('No bot check: set RECAPTCHA_SITE_KEY, or BOT_CHECK_LOCAL=accept for development');
}
seedDemoData(db);
const app = buildApp({
  db,
  routes: serverRoutes(),
  handlers: SERVER_HANDLERS,
  clientToken: config.clientToken,
  staticDir: config.staticDir,
  brand: config.brand,
  services: config.services,
  logLevel: process.env.LOG_LEVEL ?? 'info',
});

async function shutDown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  await app.close();
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
  db.close();
  process.exit(1);
}
console.log(
  config.staticDir === undefined
    ? `Funnel API on http://127.0.0.1:${config.port}/api (no built app to serve); data in ${config.dataDir}`
    : `Patient funnel on http://localhost:${config.port} (men's brand) and http://femme.localhost:${config.port} (women's brand); data in ${config.dataDir}`,
);
