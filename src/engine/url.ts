import type { Redirect } from './config-types.ts';

/**
 * URLs in the engine are a path plus the raw query string. The query is kept exactly as the
 * patient's link had it (no re-encoding), because campaign links carry tracking parameters
 * that downstream systems compare byte for byte.
 */
export interface PathAndQuery {
  /** The path, such as `/results/shrt`. */
  pathname: string;
  /** The raw query string without its `?`, or `''`. */
  query: string;
}

/** Splits `/path?query#hash` into its path and raw query. The hash is dropped. */
export function splitUrl(url: string): PathAndQuery {
  const withoutHash = url.split('#', 1)[0] ?? '';
  const mark = withoutHash.indexOf('?');
  if (mark === -1) return { pathname: withoutHash, query: '' };
  return { pathname: withoutHash.slice(0, mark), query: withoutHash.slice(mark + 1) };
}

/** Joins a path and a raw query: `/error` with `a=1` is `/error?a=1`; an empty query adds nothing. */
export function joinUrl(pathname: string, query: string): string {
  return query === '' ? pathname : `${pathname}?${query}`;
}

/** Removes trailing slashes (`/payment/` is `/payment`); the root stays `/`. */
export function stripTrailingSlash(pathname: string): string {
  const stripped = pathname.replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}

function decodeQueryPart(part: string): string {
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

/** A query string read into values, with the pieces that could not be decoded. */
export interface ParsedQuery {
  /** The first value of a parameter, or undefined. */
  get(name: string): string | undefined;
  /** Raw pieces skipped because they were not valid percent-encoding; callers log these. */
  readonly skipped: readonly string[];
}

/** Reads a raw query string. A piece that cannot be decoded is skipped, not fatal. */
export function parseQuery(query: string): ParsedQuery {
  const values = new Map<string, string>();
  const skipped: string[] = [];
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    const rawKey = equals === -1 ? piece : piece.slice(0, equals);
    const rawValue = equals === -1 ? '' : piece.slice(equals + 1);
    try {
      const key = decodeQueryPart(rawKey);
      const value = decodeQueryPart(rawValue);
      if (!values.has(key)) values.set(key, value);
    } catch {
      skipped.push(piece);
    }
  }
  return { get: (name) => values.get(name), skipped };
}

/** The query without any piece named `name`, every other piece kept as it was. */
export function withoutQueryParam(query: string, name: string): string {
  return query
    .split('&')
    .filter((piece) => {
      if (piece === '') return false;
      const single = parseQuery(piece);
      return single.skipped.length > 0 || single.get(name) === undefined;
    })
    .join('&');
}

/**
 * Removes `landing_id` when it is empty or "0" (a campaign tool's placeholder), keeping every
 * other piece of the query as it was.
 */
export function removeEmptyLandingId(query: string): string {
  return query
    .split('&')
    .filter((piece) => {
      if (piece === '') return false;
      const single = parseQuery(piece);
      if (single.skipped.length > 0) return true;
      const value = single.get('landing_id');
      return value === undefined || (value !== '' && value !== '0');
    })
    .join('&');
}

/** Redirects compiled for lookup. Paths compare without regard to case, as the router does. */
export interface RedirectTable {
  /** Where a path redirects to, following chains, or null when it does not redirect. */
  resolve(pathname: string): string | null;
}

export function compileRedirects(redirects: readonly Redirect[]): RedirectTable {
  const targets = new Map<string, string>();
  for (const redirect of redirects) {
    for (const from of redirect.from) {
      const key = from.toLowerCase();
      if (!targets.has(key)) targets.set(key, redirect.to);
    }
  }
  return {
    resolve(pathname) {
      // Config validation rejects loops; should one slip through, the path does not redirect.
      const seen = new Set([pathname.toLowerCase()]);
      let current = pathname;
      for (
        let next = targets.get(current.toLowerCase());
        next !== undefined;
        next = targets.get(current.toLowerCase())
      ) {
        if (seen.has(next.toLowerCase())) return null;
        seen.add(next.toLowerCase());
        current = next;
      }
      return current === pathname ? null : current;
    },
  };
}

/** What the browser's address bar should show for a URL, and why it differs, if it does. */
export interface NormalizedUrl extends PathAndQuery {
  url: string;
  /** True when the normalised URL differs from the one given. */
  changed: boolean;
}

/**
 * Applies the global URL rules of SPEC.md section 2 in the order the browser meets them: the
 * trailing slash goes, an empty or "0" landing_id goes, then redirects apply. The query is
 * kept on every redirect.
 */
export function normalizeUrl(url: string, redirects: RedirectTable): NormalizedUrl {
  const given = splitUrl(url);
  let pathname = stripTrailingSlash(given.pathname === '' ? '/' : given.pathname);
  const query = removeEmptyLandingId(given.query);
  pathname = redirects.resolve(pathname) ?? pathname;
  const normalized = joinUrl(pathname, query);
  return { pathname, query, url: normalized, changed: normalized !== joinUrl(given.pathname, given.query) };
}
