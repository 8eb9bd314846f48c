import type { Site } from '../engine/config-types.ts';

import { RETURN_LINK_PARAM } from '../contract/return-link.ts';

/**
 * Takes the return link's token out of the address bar, before anything else on the page runs,
 * so it stays out of history, bookmarks, analytics and referrers. The rest of the URL is kept.
 */
export function takeReturnLinkToken(win: Pick<Window, 'location' | 'history'>): string | null {
  const url = new URL(win.location.href);
  const token = url.searchParams.get(RETURN_LINK_PARAM);
  if (token === null) return null;
  url.searchParams.delete(RETURN_LINK_PARAM);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}

/**
 * What came of opening a return link: the customer's records are open to this browser (and
 * they are the customer of `site`'s brand), or why not, as the patient is told: the link opens
 * on the host of `site`'s brand, not this one (the page moves there with it, where it can); it
 * opened the records in another browser already (each link opens them in one, issue 39 point 4);
 * it is not valid or has expired; the server asks to wait until `retryAt` (epoch ms) before
 * another try (too many tries from this address, docs/limits.md); or no answer came.
 */
export type ReturnLinkOutcome =
  | { kind: 'opened'; site: Site }
  | { kind: 'other-brand'; site: Site }
  | { kind: 'used' }
  | { kind: 'not-valid' }
  | { kind: 'busy'; retryAt: number }
  | { kind: 'unreachable' };

/** A return link that did not open, with its token, kept in memory only, for another try. */
export interface FailedReturnLink {
  token: string;
  outcome: Exclude<ReturnLinkOutcome, { kind: 'opened' }>;
}
