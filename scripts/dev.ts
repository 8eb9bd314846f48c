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

// Each child leads a process group of its own (detached): npx starts tsx, tsx watch starts the
// server, and killing npx alone left those running. Stopping kills each whole group.
// A group in the background may not read the terminal (it would be stopped), so the children get
// no stdin: Vite's key shortcuts are off; Ctrl-C reaches this process, which stops them all.
const stdio = ['ignore', 'inherit', 'inherit'] as const;
// The app's local bot check makes tokens only a server told to accept them takes.
const api = spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
  stdio: [...stdio],
  detached: true,
  env: { ...env, PORT: apiPort, STATIC_DIR: '', BOT_CHECK_LOCAL: process.env.BOT_CHECK_LOCAL ?? 'accept' },
});
const vite = spawn('npx', ['vite'], { stdio: [...stdio], detached: true, env });

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // The group has gone already.
  }
}

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  killGroup(api.pid);
  killGroup(vite.pid);
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
process.on('SIGHUP', () => {
  stopAll(0);
});
