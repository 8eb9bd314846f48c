import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { ServerConfigError } from './config-error.ts';
import { readServiceSettings, type ServerServiceSettings } from './service-settings.ts';
import { readMailSettings, type MailSettings } from './mail/mail-settings.ts';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from './session-lifetime.ts';

/** The local server's settings, read from the environment and checked at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where the database and the generated client token live. */
  dataDir: string;
  /**
   * DATA_DIR held a secret an earlier start kept there: this is an existing install, whose
   * database must be there (src/server/database.ts refuses a missing or empty one).
   */
  existingInstall: boolean;
  /** The bearer token the browser sends on the secured calls of SPEC §6. */
  clientToken: string;
  /** The staff and call-centre credential (STAFF_TOKEN, else data/staff-token): never in a page. */
  staffToken: string;
  /** The secret that signs patients' return links (LINK_SECRET, else data/link-secret). */
  linkSecret: string;
  /** A brand to serve regardless of host (`BRAND=female`), or undefined. */
  brand: 'male' | 'female' | undefined;
  /** The built app to serve, or undefined to serve the API only. */
  staticDir: string | undefined;
  /** The outside services (TAG_MANAGER_SCRIPT_URL, FLAGS_CONFIG_URL... see service-settings.ts). */
  services: ServerServiceSettings;
  /** How mail goes out: SMTP_URL or SMTP_HOST..., else the outbox in DATA_DIR (src/server/mail/mail-settings.ts). */
  mail: MailSettings;
  /**
   * Which proxies' X-Forwarded-For and X-Forwarded-Proto are believed (TRUST_PROXY): their
   * addresses and ranges; false when clients connect directly. Rate limits count per
   * client address, and the journey cookie is Secure over https, so both depend on it.
   */
  trustProxy: false | string;
  /** Whether the rate limits of docs/limits.md apply (RATE_LIMITS=off for load tests). */
  rateLimits: boolean;
  /** How long a session lives on the server (SESSION_IDLE_HOURS, SESSION_MAX_DAYS; src/server/session-lifetime.ts). */
  sessionLifetime: SessionLifetime;
}

export { ServerConfigError };

/**
 * A secret of the server: the environment variable when set, else one generated on first
 * start and kept in the data directory (readable by its owner only), so none is ever written
 * in source code and a restart keeps issued links and tokens valid.
 */
function secretFor(
  dataDir: string,
  name: string,
  fileName: string,
  fromEnv: string | undefined,
): { value: string; kept: boolean } {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!/^[A-Za-z0-9._~-]{16,200}$/.test(fromEnv)) {
      throw new ServerConfigError(`${name} must be 16 to 200 URL-safe characters`);
    }
    return { value: fromEnv, kept: false };
  }
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return { value: readFileSync(file, 'utf8').trim(), kept: true };
  const secret = randomBytes(24).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { value: secret, kept: false };
}

/** The files the server keeps in DATA_DIR: its secrets and the database with its WAL and shared memory. */
const DATA_FILES = [
  'client-token',
  'staff-token',
  'link-secret',
  'funnel.sqlite',
  'funnel.sqlite-wal',
  'funnel.sqlite-shm',
] as const;

/**
 * DATA_DIR and the files in it that other users of the machine may read or write (any group or
 * other permission bit), each with its mode: `/srv/funnel (0755)`. They hold patient records
 * and the server's secrets; the server creates them owner-only (0700, 0600), so one listed here
 * was made or changed by someone else (a copy, a restore, an older version).
 */
export function openDataFiles(dataDir: string): string[] {
  return [dataDir, ...DATA_FILES.map((name) => path.join(dataDir, name))].flatMap((file) => {
    if (!existsSync(file)) return [];
    const mode = statSync(file).mode & 0o777;
    return (mode & 0o077) === 0 ? [] : [`${file} (0${mode.toString(8)})`];
  });
}

/** The address ranges proxy-addr knows by name. */
const NAMED_RANGES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * A data directory the server cannot use, in one line: which path, why, and what to do (a
 * stack trace would bury the path). `code` is the file-system error's errno code.
 */
function unusableDataDir(dataDir: string, code: string, failedPath: string | undefined): ServerConfigError {
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? 'is not writable by this user'
      : code === 'EROFS'
        ? 'is on a read-only file system'
        : code === 'ENOSPC'
          ? 'is on a full disk'
          : code === 'ENOTDIR' || code === 'EEXIST'
            ? 'is not a directory'
            : 'cannot be used';
  const where = failedPath !== undefined && failedPath !== dataDir ? `, at ${failedPath}` : '';
  return new ServerConfigError(
    `DATA_DIR ${dataDir} ${reason} (${code}${where}): make it a directory this user can write, or set DATA_DIR to one`,
  );
}

/**
 * TRUST_PROXY: empty for none, or the proxies' addresses and ranges, comma-separated
 * (`127.0.0.1,10.0.0.0/8`, or `loopback`). Neither `true` nor a hop count: either would let a
 * client that reaches the server directly name its own address in X-Forwarded-For and step
 * around the rate limits (Fastify refuses hop counts for that reason).
 */
function trustProxyFrom(value: string | undefined): false | string {
  const setting = (value ?? '').trim();
  if (setting === '' || setting === 'false') return false;
  const items = setting.split(',').map((item) => item.trim());
  const bad = items.filter((item) => !isAddressOrRange(item));
  if (bad.length > 0) {
    throw new ServerConfigError(
      `TRUST_PROXY must be the proxies' addresses or ranges, comma-separated (such as 127.0.0.1,10.0.0.0/8 or loopback), not "${bad.join(',')}"`,
    );
  }
  return items.join(',');
}

/**
 * Reads PORT, HOST, DATA_DIR, CLIENT_TOKEN, STAFF_TOKEN, LINK_SECRET, BRAND, STATIC_DIR,
 * TRUST_PROXY, RATE_LIMITS, SESSION_IDLE_HOURS, SESSION_MAX_DAYS, the outside services' and the
 * mail's settings; throws one error per bad value.
 */
export function readServerConfig(env: NodeJS.ProcessEnv, rootDir: string): ServerConfig {
  const port = Number(env.PORT ?? 4173);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ServerConfigError(`PORT must be a port number from 1 to 65535, not "${env.PORT ?? ''}"`);
  }
  const brand = env.BRAND === undefined || env.BRAND === '' ? undefined : env.BRAND;
  if (brand !== undefined && brand !== 'male' && brand !== 'female') {
    throw new ServerConfigError(`BRAND must be male or female, not "${brand}"`);
  }
  const rateLimits = env.RATE_LIMITS === undefined || env.RATE_LIMITS === '' ? 'on' : env.RATE_LIMITS;
  if (rateLimits !== 'on' && rateLimits !== 'off') {
    throw new ServerConfigError(`RATE_LIMITS must be on or off, not "${rateLimits}"`);
  }
  const trustProxy = trustProxyFrom(env.TRUST_PROXY);
  const sessionLifetime = sessionLifetimeFrom(env);
  const dataDir = path.resolve(rootDir, env.DATA_DIR ?? 'data');
  let secrets: { clientToken: string; staffToken: string; linkSecret: string };
  let existingInstall: boolean;
  try {
    // Readable by its owner only: it holds patient records and the server's secrets.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const clientToken = secretFor(dataDir, 'CLIENT_TOKEN', 'client-token', env.CLIENT_TOKEN);
    const staffToken = secretFor(dataDir, 'STAFF_TOKEN', 'staff-token', env.STAFF_TOKEN);
    const linkSecret = secretFor(dataDir, 'LINK_SECRET', 'link-secret', env.LINK_SECRET);
    secrets = { clientToken: clientToken.value, staffToken: staffToken.value, linkSecret: linkSecret.value };
    existingInstall = clientToken.kept || staffToken.kept || linkSecret.kept;
  } catch (error) {
    const { code, path: failedPath } = error as NodeJS.ErrnoException;
    // Only the file system's errors are about the directory; anything else is a bug to throw.
    if (error instanceof ServerConfigError || typeof code !== 'string') throw error;
    throw unusableDataDir(dataDir, code, failedPath);
  }
  const staticDir = env.STATIC_DIR === '' ? undefined : path.resolve(rootDir, env.STATIC_DIR ?? 'dist');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    existingInstall,
    ...secrets,
    brand,
    services: readServiceSettings(env),
    mail: readMailSettings(env),
    trustProxy,
    rateLimits: rateLimits === 'on',
    sessionLifetime,
    staticDir: staticDir !== undefined && existsSync(path.join(staticDir, 'index.html')) ? staticDir : undefined,
  };
}

/**
 * SESSION_IDLE_HOURS (1 to 720) and SESSION_MAX_DAYS (1 to 90, and no shorter than the idle
 * limit): whole numbers, each its default when unset.
 */
function sessionLifetimeFrom(env: NodeJS.ProcessEnv): SessionLifetime {
  const read = (name: string, fallbackMs: number, unitMs: number, max: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallbackMs;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > max) {
      throw new ServerConfigError(`${name} must be a whole number from 1 to ${String(max)}, not "${text}"`);
    }
    return value * unitMs;
  };
  const HOUR = 60 * 60 * 1000;
  const idleMs = read('SESSION_IDLE_HOURS', DEFAULT_SESSION_LIFETIME.idleMs, HOUR, 720);
  const absoluteMs = read('SESSION_MAX_DAYS', DEFAULT_SESSION_LIFETIME.absoluteMs, 24 * HOUR, 90);
  if (absoluteMs < idleMs) {
    throw new ServerConfigError('SESSION_MAX_DAYS must be no shorter than SESSION_IDLE_HOURS');
  }
  return { idleMs, absoluteMs };
}

/**
 * The file in DATA_DIR that says which port the server of that data directory listens on, so the
 * staff scripts (`npm run return-link`, `npm run end-sessions`) print and call the right one
 * whatever PORT it was started with (issue 39, point 6).
 */
export const SERVER_PORT_FILE = 'server-port';

/** Records the port the server listens on, beside its data. */
export function recordServerPort(dataDir: string, port: number): void {
  writeFileSync(path.join(dataDir, SERVER_PORT_FILE), `${String(port)}\n`, { mode: 0o600 });
}

/** The port of the data directory's server: PORT when set, else the one it recorded, else 4173. */
export function serverPortOf(dataDir: string, env: NodeJS.ProcessEnv): string {
  if (env.PORT !== undefined && env.PORT !== '') return env.PORT;
  const file = path.join(dataDir, SERVER_PORT_FILE);
  const recorded = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return /^\d{1,5}$/.test(recorded) ? recorded : '4173';
}
