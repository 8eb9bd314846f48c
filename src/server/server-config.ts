import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ServerConfigError } from './config-error.ts';
import { readServiceSettings, type ServerServiceSettings } from './service-settings.ts';

/** The local server's settings, read from the environment and checked at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where the database and the generated client token live. */
  dataDir: string;
  /** The bearer token the browser sends on the secured calls of SPEC §6. */
  clientToken: string;
  /** A brand to serve regardless of host (`BRAND=female`), or undefined. */
  brand: 'male' | 'female' | undefined;
  /** The built app to serve, or undefined to serve the API only. */
  staticDir: string | undefined;
  /** The outside services (TAG_MANAGER_SCRIPT_URL, FLAGS_CONFIG_URL... see service-settings.ts). */
  services: ServerServiceSettings;
}

export { ServerConfigError };

/**
 * The client token: CLIENT_TOKEN when set, else one generated on first start and kept in the
 * data directory, so it is never written in source code.
 */
function clientTokenFor(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!/^[A-Za-z0-9._~-]{16,200}$/.test(fromEnv)) {
      throw new ServerConfigError('CLIENT_TOKEN must be 16 to 200 URL-safe characters');
    }
    return fromEnv;
  }
  const file = path.join(dataDir, 'client-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const token = randomBytes(24).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/**
 * Reads PORT, HOST, DATA_DIR, CLIENT_TOKEN, BRAND, STATIC_DIR and the outside services'
 * settings; throws one error per bad value.
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
  const dataDir = path.resolve(rootDir, env.DATA_DIR ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const staticDir = env.STATIC_DIR === '' ? undefined : path.resolve(rootDir, env.STATIC_DIR ?? 'dist');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    clientToken: clientTokenFor(dataDir, env.CLIENT_TOKEN),
    brand,
    services: readServiceSettings(env),
    staticDir: staticDir !== undefined && existsSync(path.join(staticDir, 'index.html')) ? staticDir : undefined,
  };
}
