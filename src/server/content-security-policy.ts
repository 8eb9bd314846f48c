import type { ServiceSettings } from '../contract/service-settings.ts';

/** The origin of a service's address, or nothing for a first-party path ('self' covers it). */
function originOf(address: string): string[] {
  return address.startsWith('/') ? [] : [new URL(address).origin];
}

/**
 * What reCAPTCHA Enterprise loads (Google's CSP guide): its script from www.google.com, which
 * loads more from www.gstatic.com, and its challenge frames. A script at another address (the
 * tests' fake) is its own origin.
 */
function botCheckSources(scriptUrl: string): { script: string[]; frame: string[]; connect: string[] } {
  const origin = new URL(scriptUrl).origin;
  if (origin !== 'https://www.google.com') return { script: [origin], frame: [origin], connect: [origin] };
  return {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
  };
}

function list(...sources: (string | readonly string[])[]): string {
  return [...new Set(sources.flat())].join(' ');
}

/**
 * The page's Content-Security-Policy: the app's own origin, and exactly the outside services
 * `settings` name. No 'unsafe-eval' and no inline script: the app validates its config at
 * build time, not in the browser. Styles Mantine writes at run time carry the page's nonce.
 */
export function contentSecurityPolicy(settings: ServiceSettings, nonce: string): string {
  const tags = settings.tagManager === null ? [] : originOf(settings.tagManager.scriptUrl);
  const flags = settings.flags.provider === 'configcat' ? originOf(settings.flags.configUrl) : [];
  const bot =
    settings.botCheck.provider === 'recaptcha-enterprise'
      ? botCheckSources(settings.botCheck.scriptUrl)
      : { script: [], frame: [], connect: [] };
  const places = settings.places.provider === 'google' ? originOf(settings.places.baseUrl) : [];
  const scheduling = settings.scheduling.provider === 'calendly' ? originOf(settings.scheduling.baseUrl) : [];
  const media = settings.media.baseUrl === null ? [] : originOf(settings.media.baseUrl);
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", tags, bot.script)],
    ['style-src', list("'self'", `'nonce-${nonce}'`)],
    ['img-src', list("'self'", 'data:', tags, media)],
    ['font-src', "'self'"],
    ['connect-src', list("'self'", tags, flags, bot.connect, places)],
    ['media-src', list("'self'", media)],
    ['frame-src', bot.frame.length + scheduling.length === 0 ? "'none'" : list(bot.frame, scheduling)],
    ['worker-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** The other headers every response of the app carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
};

/**
 * What every response to a request that came over https adds: the browser goes to this host
 * and its subdomains over https only, for a year from its last visit, so no one on the network
 * can talk it into plain http, where the session cookie and the patient's answers would travel
 * in clear. Not sent over plain http (browsers ignore it there, RFC 6797 §7.2), so a
 * development server stays reachable. No `preload`: that is a promise about the whole domain
 * its owner makes, not this server.
 */
export const HTTPS_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

/** The security headers of a response, by whether its request came over https. */
export function securityHeadersFor(secure: boolean): Readonly<Record<string, string>> {
  return secure ? { ...SECURITY_HEADERS, ...HTTPS_HEADERS } : SECURITY_HEADERS;
}
