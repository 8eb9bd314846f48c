/**
 * Prints the links the clinic's emails and texts would send a returning customer of the local
 * server, each carrying a signed, expiring return-link token (docs/security.md), for demos and
 * manual tests: `npm run --silent return-link -- 100235 [days]`. Signs with LINK_SECRET, else
 * the secret the server generated in DATA_DIR (start the server once first). In production
 * staff make these with POST /api/staff/return-link and their own credential.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RETURN_LINK_PARAM } from '../src/app/return-link.ts';
import { signLinkToken } from '../src/server/access.ts';
import { RETURN_LINK_DAYS } from '../src/server/handlers/sessions.ts';

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

const port = process.env.PORT ?? '4173';
const token = signLinkToken(secret, { ktCustomerId: customerId, expiresAt: new Date(Date.now() + days * 86_400_000) });
const access = `${RETURN_LINK_PARAM}=${token}`;
const sites = { men: `http://localhost:${port}`, women: `http://femme.localhost:${port}` };
const links: readonly [string, string][] = [
  ['continuing care (men)', `${sites.men}/mip/cont/chrt?ktCustomerId=${customerId}&${access}`],
  ['continuing care (women)', `${sites.women}/f/cont/fha1?ktCustomerId=${customerId}&${access}`],
  ['restart', `${sites.men}/restart-hrt?ktCustomerId=${customerId}&${access}`],
  ['after the clinic visit', `${sites.men}/post-clinic/${customerId}?${access}`],
  ['confirm a new email', `${sites.men}/comm-verify/email?customerId=${customerId}&${access}`],
  ['update card details', `${sites.men}/commerce-info-update?ktCustomerId=${customerId}&${access}`],
];
for (const [what, link] of links) console.log(`${what.padEnd(26)}${link}`);
