/**
 * For a deployment on a static host (a CDN, object storage) instead of the local server:
 * writes the service settings of this environment (the same variables as the server's, see
 * README "Settings") into the built page, and prints the headers the host must send with it.
 *
 *   npm run build && PLACES_API_KEY=... SCHEDULING_URL=... npm run --silent static-host -- dist
 *
 * The policy names a nonce: a host that can change the page per response (an nginx
 * `sub_filter`, an edge function) puts a fresh one in place of CSP_NONCE_PLACEHOLDER in both
 * the page and the header. One that cannot uses the second policy printed, which allows
 * inline styles (never scripts). docs/services.md explains both.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ServerConfigError } from '../src/server/config-error.ts';
import { contentSecurityPolicy, securityHeadersFor } from '../src/server/content-security-policy.ts';
import { readServiceSettings, withServiceSettings } from '../src/server/service-settings.ts';
import { CSP_NONCE_PLACEHOLDER } from '../src/contract/csp-nonce.ts';

const dir = process.argv[2] ?? 'dist';
let settings;
try {
  settings = readServiceSettings(process.env).page;
} catch (error) {
  if (!(error instanceof ServerConfigError)) throw error;
  console.error(`Cannot write the page: ${error.message}`);
  process.exit(1);
}

const file = path.join(dir, 'index.html');
writeFileSync(file, withServiceSettings(readFileSync(file, 'utf8'), settings));
// Each route's prerendered page (shells/, scripts/lib/prerender-plugin.ts) gets them too.
const manifestFile = path.join(dir, 'shells', 'manifest.json');
const shells = existsSync(manifestFile)
  ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Record<string, string>>)
  : {};
for (const routes of Object.values(shells)) {
  for (const shell of Object.values(routes)) {
    const shellFile = path.join(dir, 'shells', shell);
    writeFileSync(shellFile, withServiceSettings(readFileSync(shellFile, 'utf8'), settings));
  }
}

/**
 * The headers every answer carries, as the server sends them over https (a static host serves
 * patients over https only: its http answers should be redirects to https, without them).
 */
function printSecurityHeaders() {
  for (const [name, value] of Object.entries(securityHeadersFor(true))) console.log(`  ${headerName(name)}: ${value}`);
}

/** A header's name as people write it: Strict-Transport-Security. */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);
}

const withNonce = contentSecurityPolicy(settings, CSP_NONCE_PLACEHOLDER);
const withoutNonce = withNonce.replace(`'nonce-${CSP_NONCE_PLACEHOLDER}'`, "'unsafe-inline'");
console.log(`Wrote the service settings into ${file}.\n`);
console.log('Headers for index.html (every path that is not a file serves it):');
console.log(`  Content-Security-Policy: ${withNonce}`);
printSecurityHeaders();
console.log('  Cache-Control: no-cache');
console.log(`\nIf the host cannot put a fresh nonce in place of ${CSP_NONCE_PLACEHOLDER} per response:`);
console.log(`  Content-Security-Policy: ${withoutNonce}`);
console.log('  (compressed as it is sent when the host can: Content-Encoding: br or gzip, Vary: Accept-Encoding)');
console.log('\nHeaders for /assets/* (hashed names: a new build has new names):');
console.log('  Cache-Control: public, max-age=31536000, immutable');
console.log('  Content-Encoding: br, with the file.br the build wrote, when Accept-Encoding has br;');
console.log('                    else gzip, with file.gz, when it has gzip; else none, with the file');
console.log('  Vary: Accept-Encoding');
printSecurityHeaders();
if (Object.keys(shells).length > 0) {
  console.log('\nEach route has its own page with its first screen in it (docs/performance.md). Serve it');
  console.log("instead of index.html, with index.html's headers, on the brand's host; a host that cannot");
  console.log('route by pattern serves index.html, which draws the same screen once its script has run:');
  for (const [site, routes] of Object.entries(shells)) {
    console.log(`  ${site === 'female' ? "women's" : "men's"} host:`);
    for (const [route, shell] of Object.entries(routes)) console.log(`    ${route.padEnd(48)} shells/${shell}`);
  }
}
