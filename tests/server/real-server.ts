/**
 * The real server process (src/server/main.ts under node with tsx's loader), for the tests that
 * need what only a process has: its exit code, its stderr, and a SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** How a server process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ServerProcess {
  child: ChildProcess;
  /** The API's base URL, http://127.0.0.1:PORT/api. */
  api: string;
  /** Settles when the process has ended, with what it wrote. */
  exited: Promise<Exit>;
}

export interface ServerOptions {
  dataDir: string;
  port: number;
  /** Run as this user and group (both), as root may write where others may not. */
  uid?: number;
  /** More environment (CLIENT_TOKEN...). */
  env?: Record<string, string>;
  /** Arguments after main.ts (`--init`). */
  args?: string[];
  /** The project to run it from (a copy with other config); this one by default. */
  cwd?: string;
}

/** Starts src/server/main.ts as `npm run serve` does, API only, on its own data directory and port. */
export function startServer(options: ServerOptions): ServerProcess {
  // One process (node with tsx's loader, no npm or tsx wrapper), so a signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...(options.args ?? [])], {
    cwd: options.cwd ?? ROOT_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, api: `http://127.0.0.1:${options.port}/api`, exited };
}

/**
 * Resolves once this process says it is listening (its own line, so a stray server on the same
 * port cannot pass for it), or rejects with what it wrote if it ends or takes 30 s.
 */
export async function untilServing(server: ServerProcess): Promise<void> {
  const listening = new Promise<void>((resolve) => {
    let seen = '';
    const onData = (chunk: string) => {
      seen += chunk;
      if (seen.includes(`Funnel API on ${server.api}`)) {
        server.child.stdout?.off('data', onData);
        resolve();
      }
    };
    server.child.stdout?.on('data', onData);
  });
  const ended = server.exited.then((exit) => {
    throw new Error(`The server ended (${exit.code ?? exit.signal}) before serving: ${exit.stderr}`);
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      reject(new Error('The server did not start within 30 s'));
    }, 30_000);
  });
  try {
    await Promise.race([listening, ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a server as an operator would (SIGTERM), and waits for it to end. */
export async function stopServer(server: ServerProcess): Promise<Exit> {
  server.child.kill('SIGTERM');
  return server.exited;
}
