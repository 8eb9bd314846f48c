/**
 * The query parameter that carries a return link's token: the clinic's email or text to a
 * patient who continues care, restarts, comes back after the clinic or verifies a contact
 * change on another device (docs/security.md).
 */
export const RETURN_LINK_PARAM = 'access';

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

/** What the patient is told when the link could not be checked (offline, the server down). */
export const RETURN_LINK_UNREACHABLE =
  'We could not open your records just now. Check your connection and open the link again.';
