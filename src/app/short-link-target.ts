/** Where a short link's target sends the patient, decided before anything navigates. */
export type ShortLinkTarget =
  /** A page of this app: replace the history entry with `to` (path, merged query, hash). */
  | { kind: 'internal'; to: string }
  /** Outside the app's router: a full page load of `href`. */
  | { kind: 'full'; href: string }
  /** Not followed; `reason` says why, without repeating the URL. */
  | { kind: 'refused'; reason: string };

export interface ShortLinkContext {
  /** This page's origin, e.g. `https://peakmens.example`. */
  origin: string;
  /** This page's query string, with or without the `?`. */
  currentSearch: string;
  /** A same-origin path served outside the router, e.g. `/member-satisfaction`. */
  memberSatisfactionPath: string;
  /** Hosts of the video-visit service, reached by full navigation over https. */
  videoVisitHosts: readonly string[];
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const INVISIBLE = /[\s\u200b-\u200f\u2060\ufeff]/u;

function refused(reason: string): ShortLinkTarget {
  return { kind: 'refused', reason };
}

/** Controls, spaces and invisible characters: browsers drop or reinterpret them, so a URL that holds any is a trick. */
function hasHiddenCharacters(url: string): boolean {
  for (const char of url) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || INVISIBLE.test(char)) return true;
  }
  return false;
}

/**
 * The authority of an http(s) URL, from the raw string: the URL API drops an empty `user@`, and
 * accepts `https:host` or `https:/host` with missing slashes, so both are read the same way here.
 */
function rawAuthority(url: string): string {
  const rest = url.slice(url.indexOf(':') + 1).replace(/^\/+/, '');
  const end = rest.search(/[/?#]/);
  return end === -1 ? rest : rest.slice(0, end);
}

/**
 * Whether a path opens the short-link page (`/s/:pathCode` in config/routes.json) as the router
 * reads it: each segment percent-decoded and compared without case, so `/%73/x` and `/S/x` are
 * `/s/x`. A short link to a short link would look itself up for ever.
 */
function isShortLinkPath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    decoded = first;
  }
  return decoded.toLowerCase() === 's';
}

function isUnderPath(pathname: string, path: string): boolean {
  const base = path.replace(/\/+$/, '').toLowerCase();
  const candidate = pathname.toLowerCase();
  return candidate === base || candidate.startsWith(`${base}/`);
}

/** The target's own query, then each current parameter the target does not set. */
function mergeQuery(targetSearch: string, currentSearch: string): string {
  const merged = new URLSearchParams(targetSearch);
  const targetKeys = new Set(merged.keys());
  for (const [name, value] of new URLSearchParams(currentSearch)) {
    if (!targetKeys.has(name)) merged.append(name, value);
  }
  const query = merged.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * Decides what to do with the URL a short link resolves to (SPEC §4, made safe per issue 3).
 * A path of this app (starting with a single `/`, or an absolute URL on this origin) is
 * navigated in-app with the current query merged in, the target's values winning. The
 * member-satisfaction path on this origin, and https URLs on a video-visit host, get a full
 * page load. Everything else is refused: other origins, other schemes (`javascript:`,
 * `data:`), protocol-relative `//host`, backslashes, credentials, hidden characters, and
 * another short link (however its path is encoded), which would loop.
 *
 * The raw string is checked before the URL API sees it, because the API quietly repairs
 * exactly the things an attacker relies on (`/\evil` becomes `//evil`, tabs vanish).
 */
export function classifyShortLinkTarget(url: string, context: ShortLinkContext): ShortLinkTarget {
  if (url === '') return refused('The link has no address.');
  if (hasHiddenCharacters(url)) return refused('The link address contains spaces or hidden characters.');
  if (url.includes('\\')) return refused('The link address contains a backslash.');
  if (url.startsWith('//')) return refused('The link address is protocol-relative, so it could point to any site.');

  const isPath = url.startsWith('/');
  if (!isPath) {
    const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
    if (scheme === undefined) return refused('The link address is neither a path of this site nor a full URL.');
    if (scheme !== 'https' && scheme !== 'http') {
      return refused(`The link uses the ${scheme}: scheme; only web addresses are followed.`);
    }
    if (rawAuthority(url).includes('@')) return refused('The link address contains a user name or password.');
  }

  let origin: URL;
  let target: URL;
  try {
    origin = new URL(context.origin);
    target = isPath ? new URL(url, origin) : new URL(url);
  } catch {
    return refused('The link address is not a valid URL.');
  }
  if (target.username !== '' || target.password !== '') {
    return refused('The link address contains a user name or password.');
  }

  if (target.origin === origin.origin) {
    // `/.//evil` and `https:host//evil` parse to the path `//evil`, which a router would read as another host.
    if (target.pathname.startsWith('//')) {
      return refused('The link address is protocol-relative, so it could point to any site.');
    }
    if (isShortLinkPath(target.pathname)) return refused('The short link points to another short link.');
    if (isUnderPath(target.pathname, context.memberSatisfactionPath)) return { kind: 'full', href: target.href };
    return {
      kind: 'internal',
      to: `${target.pathname}${mergeQuery(target.search, context.currentSearch)}${target.hash}`,
    };
  }
  const videoHosts = new Set(context.videoVisitHosts.map((host) => host.toLowerCase()));
  if (videoHosts.has(target.hostname)) {
    if (target.protocol !== 'https:') return refused('The video visit link is not secure (https).');
    if (target.port !== '') return refused('The video visit link uses an unexpected port.');
    return { kind: 'full', href: target.href };
  }
  return refused('The link points to another site.');
}
