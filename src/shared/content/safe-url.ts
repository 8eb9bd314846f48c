/**
 * URL checks for markdown from the content service. The content is ours, but it is edited by
 * people and could be tampered with, so a link may only do what a plain link should: go to a
 * page, open mail or dial a number. Anything that could run code becomes a link to nowhere.
 */

/** The address a refused link gets: it stays a link, but goes nowhere. */
export const NO_OP_HREF = '#';

const LINK_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https']);

/** A scheme as the URL standard reads one: a letter, then letters, digits, `+`, `-` or `.`, then `:`. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function isControlOrSpace(code: number): boolean {
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

/**
 * What a browser does to an href before reading it: it trims C0 controls and spaces from both
 * ends and drops every tab and newline inside, so `java\tscript:` is `javascript:`.
 */
function asBrowserReadsIt(href: string): string {
  let start = 0;
  let end = href.length;
  while (start < end && href.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && href.charCodeAt(end - 1) <= 0x20) end -= 1;
  return href.slice(start, end).replace(/[\t\n\r]/g, '');
}

/**
 * The scheme, lowercased, or null for a relative URL. Every control, space and Unicode space is
 * removed first, which is stricter than any browser: a string that only looks like a scheme
 * once they are gone is judged as that scheme, so no browser quirk can turn it into one.
 */
function schemeOf(href: string): string | null {
  let squeezed = '';
  for (const char of href) {
    if (!isControlOrSpace(char.charCodeAt(0)) && !/\s|[\u200b-\u200f\u2060\ufeff]/u.test(char)) squeezed += char;
  }
  const match = SCHEME.exec(squeezed);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * The href to render for a markdown link: relative URLs (`/x`, `x`, `./x`, `../x`, `?q`),
 * anchors (`#x`) and http, https, mailto and tel URLs are kept, as the browser will read them;
 * any other scheme (javascript:, data:, vbscript:, file:, unknown ones) becomes {@link NO_OP_HREF}.
 *
 * Protocol-relative `//host` is kept: it is a relative URL that takes the page's own scheme, so
 * it can only reach what an https link could, and https links to other sites are allowed.
 */
export function safeLinkHref(href: string): string {
  const cleaned = asBrowserReadsIt(href);
  const scheme = schemeOf(cleaned);
  return scheme === null || LINK_SCHEMES.has(scheme) ? cleaned : NO_OP_HREF;
}

/**
 * The src to render for a markdown image, or null to drop the image: only relative, http and
 * https sources load; data: and the rest could carry a script (SVG) or a tracking payload.
 */
export function safeImageSrc(src: string): string | null {
  const cleaned = asBrowserReadsIt(src);
  if (cleaned === '') return null;
  const scheme = schemeOf(cleaned);
  return scheme === null || IMAGE_SCHEMES.has(scheme) ? cleaned : null;
}
