import { signLinkToken } from '../../src/server/access.ts';
import { RETURN_LINK_PARAM } from '../../src/app/return-link.ts';
import { E2E_LINK_SECRET } from './sites.ts';

/** The token of a return link for a customer, good for `days` (negative: already expired). */
export function returnLinkToken(ktCustomerId: string, days = 14): string {
  return signLinkToken(E2E_LINK_SECRET, {
    ktCustomerId,
    expiresAt: new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  });
}

/**
 * A link as the clinic's email or text sends it to a returning customer: the page's URL with
 * `access=<token>`, which opens that customer's records in whatever browser opens it.
 */
export function withReturnLink(url: string, ktCustomerId: string, days = 14): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${RETURN_LINK_PARAM}=${returnLinkToken(ktCustomerId, days)}`;
}
