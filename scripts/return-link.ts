/**
 * Prints the links the clinic's emails and texts would send a returning customer of the local
 * server, each carrying a signed, expiring return-link token (docs/security.md), for demos and
 * manual tests: `npm run --silent return-link -- 100235 [days]`. The links go on the customer's
 * own brand's host (the women's for a women's customer), read from the server's database.
 * Signs with LINK_SECRET, else the secret the server generated in DATA_DIR (start the server
 * once first). In production staff make these with POST /api/staff/return-link and their own
 * credential, which also answers the customer's brand.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverPortOf } from '../src/server/server-config.ts';
import Database from 'better-sqlite3';
import { funnelConfig } from '../src/contract/funnel-config.ts';
import type { Site } from '../src/engine/config-types.ts';
import { RETURN_LINK_PARAM } from '../src/contract/return-link.ts';
import { signLinkToken } from '../src/server/access.ts';
import { databaseFile } from '../src/server/database.ts';
import { customerSite, RETURN_LINK_DAYS } from '../src/server/handlers/sessions.ts';

const [customerId = '', daysText] = process.argv.slice(2);
const days = daysText === undefined ? RETURN_LINK_DAYS : Number(daysText);
if (!/^\d{6,12}$/.test(customerId) || !Number.isFinite(days)) {
  console.error(
    'Usage: npm run --silent return-link -- <ktCustomerId> [days]   (demo customers: 100234 Jane, 100235 John)',
  );
  process.exit(2);
}

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const secretFile = path.join(dataDir, 'link-secret');
const secret = process.env.LINK_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : '');
if (secret === '') {
  console.error(`No link secret: set LINK_SECRET, or start the server once so it writes ${secretFile}`);
  process.exit(1);
}
const file = databaseFile(dataDir);
if (!existsSync(file)) {
  console.error(`No database at ${file}: start the server once (npm start) so it creates one`);
  process.exit(1);
}

const db = new Database(file, { readonly: true, fileMustExist: true });
let site: Site | null;
try {
  site = customerSite(db, customerId);
} finally {
  db.close();
}
if (site === null) {
  console.error(`No customer ${customerId} in ${file}   (demo customers: 100234 Jane, 100235 John)`);
  process.exit(1);
}

// The local server's hosts are the first pair of config/brands.json: localhost and femme.localhost,
// on the port the data directory's server recorded (PORT overrides).
const port = serverPortOf(dataDir, process.env);
const origin = `http://${funnelConfig.brands.hostPairs[0]?.[site] ?? 'localhost'}:${port}`;
// A token of its own for each link: a link opens the customer's records in the one browser that opens it first.
const expiresAt = new Date(Date.now() + days * 86_400_000);
const access = () => `${RETURN_LINK_PARAM}=${signLinkToken(secret, { ktCustomerId: customerId, expiresAt, site })}`;
/** Each brand's own pages for continuing care and a restart; the rest are pages of both sites. */
const ownPages: Readonly<Record<Site, readonly [string, string][]>> = {
  male: [
    ['continuing care', `/mip/cont/chrt?ktCustomerId=${customerId}&${access()}`],
    ['restart', `/restart-hrt?ktCustomerId=${customerId}&${access()}`],
  ],
  female: [
    ['continuing care', `/f/cont/fha1?ktCustomerId=${customerId}&${access()}`],
    ['restart', `/f/restart-hrt?ktCustomerId=${customerId}&${access()}`],
  ],
};
const links: readonly [string, string][] = [
  ...ownPages[site],
  ['after the clinic visit', `/post-clinic/${customerId}?${access()}`],
  ['confirm a new email', `/comm-verify/email?customerId=${customerId}&${access()}`],
  ['update card details', `/commerce-info-update?ktCustomerId=${customerId}&${access()}`],
];
console.log(`Customer ${customerId}: ${funnelConfig.brands.brands[site].brandName}`);
for (const [what, link] of links) console.log(`${what.padEnd(26)}${origin}${link}`);
