import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { signLinkToken } from '../../src/server/access.ts';
import { RETURN_LINK_PARAM } from '../../src/contract/return-link.ts';
import { E2E_DATA_DIR, E2E_LINK_SECRET } from './sites.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The token of a return link for a customer, good for `days` from the end of today (negative:
 * already expired). Each call makes a new one, as each of the clinic's emails does: a link
 * opens the records in the first browser that opens it only (issue 39 point 4), so each test
 * opens its own. A test names a link without its token (withoutToken): Playwright loads the
 * test files once per worker, and a title that differed between loads would not be found.
 */
export function returnLinkToken(ktCustomerId: string, days = 14): string {
  const endOfToday = Math.ceil(Date.now() / DAY_MS) * DAY_MS;
  return signLinkToken(E2E_LINK_SECRET, { ktCustomerId, expiresAt: new Date(endOfToday + days * DAY_MS) });
}

/** A URL as a test names it: the return link's token left out (`access=…`). */
export function withoutToken(url: string): string {
  return url.replace(new RegExp(`([?&]${RETURN_LINK_PARAM}=)[^&#]+`), '$1…');
}

/**
 * A link as the clinic's email or text sends it to a returning customer: the page's URL with
 * `access=<token>`, which opens that customer's records in the first browser that opens it.
 */
export function withReturnLink(url: string, ktCustomerId: string, days = 14): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${RETURN_LINK_PARAM}=${returnLinkToken(ktCustomerId, days)}`;
}

/** The link of the newest "Your new link" mail to an address in the outbox (quoted-printable undone). */
export function newestNewLinkTo(email: string): string | null {
  const folder = path.resolve(E2E_DATA_DIR, 'outbox');
  const mails = (existsSync(folder) ? readdirSync(folder) : [])
    .filter((name) => name.endsWith('.eml'))
    .map((name) => ({
      at: statSync(path.join(folder, name)).mtimeMs,
      raw: readFileSync(path.join(folder, name), 'utf8'),
    }))
    .map(({ at, raw }) => ({
      at,
      text: raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    }))
    .filter(({ text }) => text.toLowerCase().includes(`to: ${email}`) && text.includes('Subject: Your new link'))
    .sort((a, b) => b.at - a.at);
  return /https?:\/\/\S+access=[\w.-]+/.exec(mails[0]?.text ?? '')?.[0] ?? null;
}
