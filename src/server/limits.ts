import type { Socket } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { SECURITY_HEADERS, securityHeadersFor } from './content-security-policy.ts';
import type { ContractRoute } from './contract-routes.ts';
import { HttpProblem } from './problem.ts';

/**
 * The server's limits (docs/limits.md): rate limits per client address on the calls that
 * confirm who someone is or create records, the shape and type of request bodies, no caching
 * of API answers, and the security headers on the framework's own errors.
 */

/** A rate limit: at most `max` calls of its group per client address in `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
  /** The contract's operationIds the limit counts, together. */
  operations: readonly string[];
}

export type RateLimitGroup = 'identity' | 'records' | 'saves';

/**
 * The limits per client address (`request.ip`, so TRUST_PROXY decides whose address that is).
 * Each group is one count shared by its calls, so spreading guesses over several calls gains
 * nothing.
 */
export const RATE_LIMITS: Readonly<Record<RateLimitGroup, RateLimit>> = {
  /** Calls whose answer confirms a guess: that a landing id, customer id, email, phone or person exists. */
  identity: {
    max: 20,
    windowMs: 60_000,
    operations: [
      'checkLandingId',
      'checkLinkChrt',
      'validateKtCustomerId',
      'getKtCustomerLandingId',
      'checkIdentity',
      'identityCheck',
      'userEmailMf',
      'userPhoneMf',
      'getOrder',
      'portalLogin',
      'commChangeConfirmation',
      'claimReturnLink',
      'renewReturnLink',
    ],
  },
  /** Calls that add rows: leads, billing, orders, appointments, referrals, notes, status updates, ID documents, refund requests. */
  records: {
    max: 60,
    windowMs: 60_000,
    operations: [
      'saveLead',
      'saveBillingInfo',
      'updateCard',
      'createOrder',
      'createOrderNonLinear',
      'createFollowOnProductOrder',
      'newChrtZeroDollarOrder',
      'updateHrtInfoCreateOrder',
      'createReferral',
      'restartHrt',
      'orderSaveSoapNotes',
      'updateKtOrderContinuous',
      'updateCedStatus',
      'updateChrtStatus',
      'updateFchrtStatus',
      'appointmentMade',
      'appointmentMadeFromFlow',
      'uploadIdDocument',
      'createReturnLink',
      'requestRefund',
      'joinStateWaitlist',
      'endCustomerSessions',
    ],
  },
  /** The journey saves and page tracking, which a patient makes on every step: a higher limit. */
  saves: {
    max: 600,
    windowMs: 60_000,
    operations: ['saveJourney', 'deleteJourney', 'updateHrtPatient', 'signOut'],
  },
};

/** How deep a JSON body, or a JSON document carried in one of its string fields, may nest. */
export const MAX_JSON_DEPTH = 32;

/** Media types a page of another site can send without the browser asking first (CORS "simple" requests). */
const CROSS_SITE_FORM_TYPES: ReadonlySet<string> = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

/** The media type of a Content-Type header, lowercased and without parameters; '' when absent. */
function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/**
 * How deep the arrays and objects of a JSON text nest, read without parsing it: a string's
 * brackets do not count. Stops counting past `limit`, so a deep document costs no more than
 * a shallow one.
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * Whether a parsed body holds a string field that is itself a JSON document nested deeper than
 * the limit (the contract carries leads, orders and customers as JSON strings).
 */
function hasDeepJsonString(value: unknown, level = 0): boolean {
  if (level > MAX_JSON_DEPTH) return true;
  if (typeof value === 'string') {
    const start = value.trimStart()[0];
    return (start === '{' || start === '[') && jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH;
  }
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some((child) => hasDeepJsonString(child, level + 1));
}

const TOO_DEEP = `The request body nests deeper than ${MAX_JSON_DEPTH} levels`;

function unsupportedTypeMessage(bodyType: ContractRoute['bodyType'], type: string): string {
  if (bodyType === 'application/json') return `This call takes a JSON body (application/json), not ${type}`;
  if (bodyType !== null) return `This call takes a form-encoded body (${bodyType}), not ${type}`;
  return `This call takes no ${type} body`;
}

/** The route's contract, by method and Fastify URL (HEAD is answered by the GET route). */
function routeIndex(routes: readonly ContractRoute[]): Map<string, ContractRoute> {
  return new Map(routes.map((route) => [`${route.method} ${route.url}`, route]));
}

function routeOf(index: Map<string, ContractRoute>, request: FastifyRequest): ContractRoute | undefined {
  const url = request.routeOptions.url;
  if (url === undefined) return undefined;
  return index.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${url}`);
}

/**
 * Whether a request path is one of the API's: every answer under /api may carry patient data,
 * so none may be kept by a browser or a shared cache.
 */
function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Whether a path of the static files names an HTML document, or the build's prerendered pages
 * (shells/). Every page is the server's own (its nonce, settings and token written in), so
 * none is sent as a file, however its path is spelled (`//index.html`, `/assets/../index.html`,
 * `%69ndex.html`).
 */
export function isPageFilePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return /\.htm/i.test(decoded) || /(?:^|[\\/])shells(?:[\\/]|$)/i.test(decoded);
}

/** The policy of every answer that is not the page: it may load nothing and be framed nowhere. */
const API_ONLY_POLICY = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" } as const;

function answerBadUrl(error: FastifyError, secure: boolean, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .headers({ ...securityHeadersFor(secure), ...API_ONLY_POLICY, 'cache-control': 'no-store' })
    .send({ status, message: 'The request URL is not valid' });
}

/**
 * The options of the limits that Fastify takes at construction. `behindProxy`: TRUST_PROXY
 * names the proxies that terminate TLS in front of this server.
 */
export function limitServerOptions(
  behindProxy: boolean,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    // A URL Fastify cannot decode (`/%`) is answered before any hook runs: same headers and
    // error shape as every other answer. Fastify hands this answer a request that ignores
    // TRUST_PROXY (its protocol is always the socket's), so X-Forwarded-Proto is read here:
    // behind a proxy that says https, the answer gets Strict-Transport-Security too. A client
    // that reaches the server directly and claims https gets it over plain http, where
    // browsers ignore it (RFC 6797 §8.1): nothing to gain.
    frameworkErrors: (error, request, reply) => {
      const secure = request.protocol === 'https' || (behindProxy && request.headers['x-forwarded-proto'] === 'https');
      answerBadUrl(error, secure, reply);
    },
    // A request Node cannot parse (bad request line, headers too large) never reaches Fastify.
    // No Strict-Transport-Security on it: nothing read of it (X-Forwarded-Proto included) can
    // be believed. The browser keeps the one its last good answer gave.
    clientErrorHandler: (error, socket) => {
      answerBrokenRequest(error, socket);
    },
  };
}

function answerBrokenRequest(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({ status, message: 'The request could not be read' });
  const headers = {
    ...SECURITY_HEADERS,
    ...API_ONLY_POLICY,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n\r\n${body}`);
}

export interface LimitOptions {
  routes: readonly ContractRoute[];
  /** false turns the rate limits off (load tests; a gateway in front that limits instead). */
  rateLimits: boolean;
}

/** How long until a window ends, as the 429 says it: whole seconds, rounded up as Retry-After is. */
function secondsText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${String(seconds)} seconds`;
}

/**
 * Registers the limits on the app: call it before the routes are added. Rate limits run first
 * on a request (before the token check), the body's media type is checked before the body is
 * read, and its depth as it is parsed.
 */
export function registerLimits(app: FastifyInstance, options: LimitOptions): void {
  const index = routeIndex(options.routes);

  if (options.rateLimits) {
    const groupOf = new Map<string, RateLimitGroup>();
    for (const [group, limit] of Object.entries(RATE_LIMITS) as [RateLimitGroup, RateLimit][]) {
      for (const operation of limit.operations) groupOf.set(operation, group);
    }
    const limiters = new Map<RateLimitGroup, ReturnType<FastifyInstance['rateLimit']>>();
    // `global: false`: the plugin adds no hooks of its own; the contract's routes are added
    // before it loads, so the hook below applies each group's limiter.
    void app.register(rateLimit, { global: false });
    app.after(() => {
      for (const [group, limit] of Object.entries(RATE_LIMITS) as [RateLimitGroup, RateLimit][]) {
        limiters.set(
          group,
          app.rateLimit({
            max: limit.max,
            timeWindow: limit.windowMs,
            // In seconds, as Retry-After counts them (the plugin's own `after` says "1 minute").
            errorResponseBuilder: (_request, context) =>
              new HttpProblem(429, `Too many requests: try again in ${secondsText(context.ttl)}`),
          }),
        );
      }
    });
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = routeOf(index, request);
      const group = route === undefined ? undefined : groupOf.get(route.operationId);
      const limiter = group === undefined ? undefined : limiters.get(group);
      if (limiter !== undefined) await limiter.call(app, request, reply);
    });
  }

  // JSON routes take JSON only, and form-encoded routes (the identity checks, per the
  // contract) form-encoded only: a page of another site can POST a form or text/plain to any
  // URL without asking, but never application/json. 415 before the body is read.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const route = routeOf(index, request);
    const type = mediaTypeOf(request.headers['content-type']);
    if (route !== undefined && type !== '') {
      const accepted = route.bodyType === null ? !CROSS_SITE_FORM_TYPES.has(type) : type === route.bodyType;
      if (!accepted) {
        done(new HttpProblem(415, unsupportedTypeMessage(route.bodyType, type)));
        return;
      }
    }
    done(null, payload);
  });

  // Fastify's own JSON parser (prototype poisoning refused), after a depth check on the text:
  // a deeply nested body is a 400 that says why, refused before any parser or validator recurses into it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) done(new HttpProblem(400, TOO_DEEP), undefined);
    else void parseJson(request, text, done);
  });

  // The contract carries leads, orders and customers as JSON text in string fields (JSON and
  // form-encoded bodies alike): the same depth limit for them, before they are validated.
  app.addHook('preValidation', (request, _reply, done) => {
    done(hasDeepJsonString(request.body) ? new HttpProblem(400, TOO_DEEP) : undefined);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
