import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
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

/**
 * The other headers every response of the app carries, set by helmet (@fastify/helmet, in
 * src/server/app.ts): nosniff, a referrer policy that sends other sites the origin only,
 * frames and cross-origin reads refused, the opener severed from other sites' windows. Two of
 * helmet's are ours instead: the content security policy (the page's carries its nonce and the
 * services it talks to, above) and Strict-Transport-Security (over https only, below).
 */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // As the policy's frame-ancestors 'none' says, for browsers that read only this one.
  xFrameOptions: { action: 'deny' },
} as const satisfies HelmetOptions;

/**
 * The headers helmet sets with those options, read once by running it on a stand-in response:
 * the answers Fastify and Node give before any hook runs (a URL Fastify cannot decode, a
 * request Node cannot parse, src/server/limits.ts) carry exactly the same set.
 */
function headersHelmetSets(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a header helmet takes off (X-Powered-By)
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(Object.create(null) as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = headersHelmetSets(HELMET_OPTIONS);

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
