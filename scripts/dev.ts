/**
 * npm run dev: the local API (with its database) and the Vite dev server with hot reload in
 * front of it, which forwards /api. The app is on http://localhost:4173 (PORT overrides) and
 * the API on API_PORT (4180).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const apiPort = process.env.API_PORT ?? '4180';
// One token for both: the API checks it and the dev server writes it into the page.
const clientToken = process.env.CLIENT_TOKEN ?? randomBytes(24).toString('base64url');
const env = { ...process.env, API_PORT: apiPort, CLIENT_TOKEN: clientToken };

// The app's local bot check makes tokens only a server told to accept them takes.
const api = spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...env, PORT: apiPort, STATIC_DIR: '', BOT_CHECK_LOCAL: process.env.BOT_CHECK_LOCAL ?? 'accept' },
});
const vite = spawn('npx', ['vite'], { stdio: 'inherit', env });

function stopAll(code: number) {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
  process.exit(code);
}
api.on('exit', (code) => {
  stopAll(code ?? 1);
});
vite.on('exit', (code) => {
  stopAll(code ?? 1);
});
process.on('SIGINT', () => {
  stopAll(0);
});
process.on('SIGTERM', () => {
  stopAll(0);
});
