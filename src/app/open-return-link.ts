import { hostOfSite, type SelectedBrand } from '../contract/brand.ts';
import { funnelConfig } from '../contract/funnel-config.ts';
import type { Site } from '../engine/config-types.ts';
import { ApiError } from '../shared/api/http.ts';
import { claimReturnLink, renewReturnLink } from '../shared/api/session.ts';
import { RETURN_LINK_PARAM } from '../contract/return-link.ts';
import type { ReturnLinkOutcome } from './return-link.ts';

/** How long to wait when the server refuses for too many tries but says no time: its limits' window. */
const DEFAULT_WAIT_SECONDS = 60;

/**
 * Exchanges the token for this browser's access to the patient's records, before any screen
 * asks for them: opened (with the customer's brand), or why not, in the terms the patient is
 * told (src/app/return-link-gate.tsx).
 */
export async function openReturnLink(token: string, now: () => number = Date.now): Promise<ReturnLinkOutcome> {
  try {
    const claimed = await claimReturnLink({ token });
    return { kind: 'opened', site: claimed.site };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'unreachable' };
    // A forged, tampered, expired or unknown token is one 404 (a malformed one a 400): the server
    // tells them apart to no one, and the patient is told the same for all.
    if (error.status === 404 || error.status === 400) return { kind: 'not-valid' };
    if (error.status === 409) {
      const { reason, site } = error.body ?? {};
      if (reason === 'link-used') return { kind: 'used' };
      if (reason === 'other-brand' && (site === 'male' || site === 'female')) return { kind: 'other-brand', site };
      return { kind: 'not-valid' };
    }
    if (error.status === 429) {
      return { kind: 'busy', retryAt: now() + (error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS) * 1000 };
    }
    return { kind: 'unreachable' };
  }
}

/**
 * Where a link that came back `other-brand`, or opened for a customer of the other brand, goes:
 * this page on their brand's host (customerSiteUrl), or null to stay (and say why).
 */
export function movesTo(
  outcome: ReturnLinkOutcome,
  selected: Pick<SelectedBrand, 'site' | 'source'>,
  href: string,
  token: string,
): string | null {
  if (outcome.kind !== 'opened' && outcome.kind !== 'other-brand') return null;
  return customerSiteUrl(outcome.site, selected, href, token);
}

/**
 * "Email me a new link": a fresh link for this page (its path and query; the token is out of
 * the address already) goes to the email on the customer's record. True when the server took
 * the request (whether a mail went is not told), false when the token is not the clinic's;
 * an ApiError when no answer came or the server asks to wait.
 */
export async function emailNewLink(token: string, page: string): Promise<boolean> {
  try {
    await renewReturnLink({ token, page: page.slice(0, 600) });
    return true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return false;
    throw error;
  }
}

/**
 * The address of this page on the host of the customer's own brand, with the token, for a link
 * opened on the other brand's host: the same path and query, scheme and port (docs/shell.md).
 * null when the page is on the customer's brand already, the brand is fixed by the deployment
 * (`VITE_BRAND`, the server's `BRAND`), or config/brands.json pairs no host of theirs with this one.
 */
export function customerSiteUrl(
  customerSite: Site,
  selected: Pick<SelectedBrand, 'site' | 'source'>,
  href: string,
  token: string,
): string | null {
  if (customerSite === selected.site || selected.source === 'build' || selected.source === 'environment') return null;
  const url = new URL(href);
  const host = hostOfSite(funnelConfig.brands, url.hostname, customerSite);
  if (host === null || host === url.hostname) return null;
  url.hostname = host;
  url.searchParams.set(RETURN_LINK_PARAM, token);
  return url.href;
}
