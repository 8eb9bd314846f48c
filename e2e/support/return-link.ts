import { signLinkToken } from '../../src/server/access.ts';
import { RETURN_LINK_PARAM } from '../../src/contract/return-link.ts';
import { E2E_LINK_SECRET } from './sites.ts';

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
