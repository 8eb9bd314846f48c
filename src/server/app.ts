import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type Ajv2020 from 'ajv/dist/2020.js';
import { createAjv } from '../contract/schema-files.ts';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import brands from '../../config/brands.json';
import { selectBrand } from '../contract/brand.ts';
import { funnelEngine } from '../contract/funnel-config.ts';
import type { FunnelEngine } from '../engine/funnel-plan.ts';
import { normalizeUrl } from '../engine/url.ts';
import { experimentSwitch, splitTestEntrants, type ExperimentSwitch } from './experiments.ts';
import type { BrandsFile } from '../engine/config-types.ts';
import { CSP_NONCE_PLACEHOLDER } from '../contract/csp-nonce.ts';
import {
  accessFor,
  RETIRED_HTTP_COOKIE,
  sameSecret,
  sessionIdOf,
  sessionSigner,
  STAFF_HEADER,
  type CookieToSet,
  type SessionSigner,
} from './access.ts';
import { staffGuard } from './staff-guard.ts';
import { LOCAL_SERVICES, type ServiceSettings } from '../contract/service-settings.ts';
import { contentSecurityPolicy, HELMET_OPTIONS, HTTPS_HEADERS } from './content-security-policy.ts';
import { withServiceSettings, type ServerServiceSettings } from './service-settings.ts';
import type { ContractRoute } from './contract-routes.ts';
import { ID_DOCUMENT_MAX_BYTES, ID_DOCUMENT_TYPES } from './handlers/id-documents.ts';
import { once, requestHash } from './idempotency.ts';
import { isPageFilePath, limitServerOptions, registerLimits } from './limits.ts';
import type { OperationHandlers, OperationResult } from './operation.ts';
import { HttpProblem, type FieldProblem } from './problem.ts';
import { registerTags } from './tags.ts';
import { loadPages, type PageVisitor } from './pages.ts';
import type { Db } from './database.ts';
import { questionPageJson } from './handlers/content.ts';
import { productAnswer } from './handlers/products.ts';
import { journeyLandingId } from './handlers/journeys.ts';
import { memoryMailer, type Mailer, type OutgoingMail } from './mail/mailer.ts';
import { mailThrottle } from './mail/return-link-mail.ts';
import { pageStepOpen } from './step-doors.ts';
import { DEFAULT_SESSION_LIFETIME, sessionIsLive, type SessionLifetime } from './session-lifetime.ts';

export interface AppOptions {
  db: Db;
  routes: readonly ContractRoute[];
  handlers: OperationHandlers;
  clientToken: string;
  /**
   * The credential of staff and call-centre tools that read a patient's records by id
   * (header x-staff-token). Never written into a page.
   */
  staffToken: string;
  /** The secret that signs patients' return links (src/server/access.ts). */
  linkSecret: string;
  /** The built app to serve, or undefined for the API only. */
  staticDir?: string | undefined;
  /** Written into the page as `<html data-brand>` (the environment flag of brand selection). */
  brand?: 'male' | 'female' | undefined;
  /**
   * The outside services: the page's (which its CSP allows) and the server's own view of them.
   * The local defaults when absent, with local bot-check tokens accepted (tests).
   */
  services?: ServerServiceSettings | undefined;
  /** false in tests; a pino level otherwise. */
  logLevel?: string | false;
  /** Where log lines go instead of stdout (tests read them to prove no patient data is logged). */
  logStream?: { write: (line: string) => void } | undefined;
  /** Whose address `request.ip` is behind a proxy (TRUST_PROXY); false when clients connect directly. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** false turns the rate limits of docs/limits.md off (RATE_LIMITS=off). @default true */
  rateLimits?: boolean;
  /** The funnels and split tests to plan with; config/ by default (tests give a copy with a split test running). */
  engine?: FunnelEngine | undefined;
  /** Whether split tests' flags are on; by default read from the services' flags, and stopped with the server. */
  experimentSwitch?: ExperimentSwitch | undefined;
  /** How mail goes out (src/server/mail); kept in memory when absent (tests that read no mail). */
  mailer?: Mailer | undefined;
  /** MAIL_FROM: the sender's address of every brand; each brand's own when absent. */
  mailFrom?: string | undefined;
  /** SESSION_IDLE_HOURS and SESSION_MAX_DAYS (src/server/session-lifetime.ts); the defaults when absent. */
  sessionLifetime?: SessionLifetime | undefined;
  /** The time sessions are judged by: the system clock, or a test's. */
  clock?: (() => Date) | undefined;
}

/**
 * Validators in the contract's dialect (JSON Schema 2020-12: `unevaluatedProperties`,
 * `contentSchema`), which Fastify's built-in draft-07 AJV refuses. Query, path and headers are
 * text, so their values are coerced to the schema's types; JSON bodies are not, so a number
 * sent for a string is a 400 rather than quietly accepted.
 */
/** How long a client is asked to wait while the server cannot store anything. */
const STORAGE_FULL_RETRY_SECONDS = 60;
const STORAGE_FULL_MESSAGE = 'We cannot save anything right now: please try again in a minute';

function contractValidatorCompiler(): (route: { schema: object; httpPart?: string }) => ReturnType<Ajv2020['compile']> {
  const coercing = createAjv({ coerceTypes: 'array', verbose: false });
  const exact = createAjv({ verbose: false });
  return ({ schema, httpPart }) => (httpPart === 'body' ? exact : coercing).compile(schema);
}

/**
 * What a page request says of its visitor's session. The session cookie is SameSite=Strict, so
 * a browser keeps it back on a navigation from another site (a link in an email): only a
 * navigation the browser says is its own or from this very origin (Sec-Fetch-Site: none or
 * same-origin) is sure to carry it; a browser that does not say (an older one) may not have.
 */
function pageVisitorOf(
  request: FastifyRequest,
  signer: SessionSigner,
  live: (sessionId: string) => boolean,
): PageVisitor {
  const fetchSite = request.headers['sec-fetch-site'];
  const sessionId = sessionIdOf(request.cookies, signer, request.protocol === 'https');
  return {
    cookiesSent: fetchSite === 'none' || fetchSite === 'same-origin',
    // An ended session is no session: its page is a new visitor's.
    sessionId: sessionId !== undefined && live(sessionId) ? sessionId : undefined,
  };
}

/** Sets a cookie on the answer through @fastify/cookie (which signs it when asked). */
function setCookie(
  reply: { setCookie: (name: string, value: string, options: CookieToSet['options']) => unknown },
  cookie: CookieToSet,
): void {
  reply.setCookie(cookie.name, cookie.value, cookie.options);
}

/** The request part a validation error is about, as the contract's field pointers name it. */
const PARTS: Readonly<Record<string, string>> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'headers',
};

/** AJV's errors as the contract's field-level details: `{ field: '/query/landing_id', message }`. */
function fieldProblems(error: {
  validation?: { instancePath: string; keyword?: string; message?: string; params: Record<string, unknown> }[];
  validationContext?: string;
}): FieldProblem[] {
  const context = error.validationContext ?? 'body';
  const part = Object.hasOwn(PARTS, context) ? PARTS[context] : context;
  // An `if` error ("must match then schema") only sums up the errors listed beside it.
  return (error.validation ?? [])
    .filter((item) => item.keyword !== 'if')
    .map((item) => {
      const missing = typeof item.params.missingProperty === 'string' ? `/${item.params.missingProperty}` : '';
      const unexpected = item.params.additionalProperty ?? item.params.unevaluatedProperty;
      const extra = typeof unexpected === 'string' ? `/${unexpected}` : '';
      return {
        field: `/${part ?? context}${item.instancePath}${missing}${extra}`,
        message: extra === '' ? (item.message ?? 'is invalid') : 'is not an accepted field',
      };
    });
}

/**
 * The page every route serves: the built index.html with what this server knows written in:
 * the client token and brand on `<html>`, and the service settings.
 */
function pageTemplate(
  indexHtml: string,
  clientToken: string,
  brand: 'male' | 'female' | undefined,
  services: ServiceSettings,
): string {
  return withServiceSettings(
    indexHtml.replace(
      /<html([^>]*)>/,
      `<html$1 data-api-token="${clientToken}"${brand === undefined ? '' : ` data-brand="${brand}"`}>`,
    ),
    services,
  );
}

/**
 * The local API and the built app on one Fastify server. Every call of the contract is
 * validated against its schemas (400 with field-level details), secured calls need the
 * client token (401), each request runs in one database transaction, and order calls with an
 * Idempotency-Key are answered once. Logs carry the method, route and status only: never a
 * URL's query, a body or a header, which may hold patient data.
 */
export function buildApp(options: AppOptions): FastifyInstance {
  const { db, routes, handlers, clientToken } = options;
  const sessionLifetime = options.sessionLifetime ?? DEFAULT_SESSION_LIFETIME;
  const clock = options.clock ?? (() => new Date());
  const staffTries = staffGuard(options.staffToken, { limited: options.rateLimits ?? true });
  const serverServices = options.services ?? { page: LOCAL_SERVICES, acceptLocalBotTokens: true };
  const app = Fastify({
    logger:
      options.logLevel === false
        ? false
        : {
            level: options.logLevel ?? 'info',
            ...(options.logStream === undefined ? {} : { stream: options.logStream }),
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                route: request.routeOptions.url ?? 'unmatched',
              }),
              res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
            },
          },
    bodyLimit: 256 * 1024,
    trustProxy: options.trustProxy ?? false,
    ...limitServerOptions(options.trustProxy !== undefined && options.trustProxy !== false),
  });
  const engine = options.engine ?? funnelEngine;
  // The flag service is read only when a running split test has a flag to read.
  const flagged = Object.values(engine.config.experiments.experiments).some(
    (experiment) => experiment.running && experiment.flag !== undefined,
  );
  const experiments =
    options.experimentSwitch ??
    experimentSwitch(flagged ? serverServices.page.flags : { provider: 'local', overrides: {} }, {
      onFallback: () => {
        app.log.warn('flag service unavailable: split tests keep the last flag values or the defaults');
      },
    });
  const mailer = options.mailer ?? memoryMailer();
  const throttle = mailThrottle();
  const entrants = splitTestEntrants({ limited: options.rateLimits ?? true });
  app.addHook('onClose', (_instance, done) => {
    experiments.stop();
    mailer.close();
    done();
  });
  app.setValidatorCompiler(contractValidatorCompiler());
  // Every response carries helmet's headers (where it may send referrers, that its type is what
  // it says, that no other site may frame or read it): registered first, so an answer a limit
  // gives before any route (a 429) carries them too.
  void app.register(fastifyHelmet, { ...HELMET_OPTIONS, global: true });
  registerLimits(app, { routes, rateLimits: options.rateLimits ?? true });
  // What is written per response (the page with its nonce, the API's JSON) is compressed as it
  // is sent; the built files were compressed at build and go as they are (preCompressed below).
  // No BREACH: the page's one secret, its nonce, changes every response, and the API's answers
  // go only to the patient's own pages (SameSite=Strict cookie, no CORS).
  void app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  // Cookies are read and written by @fastify/cookie; the session's are signed by our signer, in
  // the format issued before the plugin came. The link secret signs session ids too (with a
  // prefix of their own): one secret to keep.
  const signer = sessionSigner(options.linkSecret);
  void app.register(fastifyCookie, { secret: signer, hook: 'onRequest' });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // ID documents arrive as the file itself (schemas/app.openapi.json), with their own size limit.
  app.addContentTypeParser(
    Object.keys(ID_DOCUMENT_TYPES),
    { parseAs: 'buffer', bodyLimit: ID_DOCUMENT_MAX_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpProblem) return reply.code(error.status).send(error.toBody());
    const withValidation = error as Parameters<typeof fieldProblems>[0];
    if (withValidation.validation) {
      return reply
        .code(400)
        .send({ status: 400, message: 'The request is not valid', details: fieldProblems(withValidation) });
    }
    const known = error as { statusCode?: unknown; name?: unknown; code?: unknown; message?: unknown };
    if (known.code === 'SQLITE_FULL') {
      // The disk (or the database's size limit) is full: nothing of the request was stored (its
      // transaction rolled back), and the server goes on once there is room (issue 39, point 6).
      request.log.error({ err: { type: known.name, code: known.code } }, 'storage full');
      return reply
        .code(503)
        .header('retry-after', String(STORAGE_FULL_RETRY_SECONDS))
        .send({ status: 503, message: STORAGE_FULL_MESSAGE });
    }
    const status =
      typeof known.statusCode === 'number' && known.statusCode >= 400 && known.statusCode < 500
        ? known.statusCode
        : 500;
    // Only the error's kind is logged: its message may quote the request.
    if (status === 500) request.log.error({ err: { type: known.name, code: known.code } }, 'request failed');
    const message =
      status === 500 || typeof known.message !== 'string' ? 'Something went wrong on our side' : known.message;
    return reply.code(status).send({ status, message });
  });

  /** The brand of a request, as the page chooses it: the server's BRAND, else the host name. */
  const brandOf = (hostname: string) =>
    selectBrand(brands as BrandsFile, {
      environment: options.brand,
      hostname: (hostname.split(':', 1)[0] ?? '').toLowerCase(),
    });

  // One transaction wrapper for every request: better-sqlite3 prepares BEGIN and COMMIT when
  // a wrapper is made, so making one per request would cost a prepare each time.
  const inTransaction = db.transaction((run: () => OperationResult) => run());

  // Added once the plugins above have loaded, so @fastify/compress sees each route (its onRoute hook).
  app.after(() => {
    for (const route of routes) {
      const handler = Object.hasOwn(handlers, route.operationId) ? handlers[route.operationId] : undefined;
      if (!handler) throw new Error(`No handler for the contract's operation ${route.operationId}`);
      app.route({
        method: route.method,
        url: route.url,
        schema: route.schema,
        // Before the body is read or validated: a caller without the token learns nothing about the input.
        onRequest: (request, reply, done) => {
          const header = request.headers.authorization ?? '';
          const token = header.startsWith('Bearer ') ? header.slice(7) : '';
          if (route.secured && !sameSecret(token, clientToken)) {
            done(new HttpProblem(401, 'This call needs the client token', 'Authorization'));
            return;
          }
          const staffHeader = request.headers[STAFF_HEADER];
          const wait = staffTries.check({
            ip: request.ip,
            token: typeof staffHeader === 'string' ? staffHeader : undefined,
            operationId: route.operationId,
            log: request.log,
          });
          if (wait !== undefined) {
            void reply.header('retry-after', String(wait));
            done(new HttpProblem(429, `Too many requests: try again in ${String(wait)} seconds`));
            return;
          }
          done();
        },
        handler: async (request, reply) => {
          const staffHeader = request.headers[STAFF_HEADER];
          const secure = request.protocol === 'https';
          const outgoing: OutgoingMail[] = [];
          const context = {
            db,
            query: (request.query ?? {}) as Record<string, unknown>,
            params: (request.params ?? {}) as Record<string, string>,
            body: request.body,
            access: accessFor(
              db,
              {
                cookies: request.cookies,
                staffToken: typeof staffHeader === 'string' ? staffHeader : undefined,
                secure,
              },
              { staffToken: options.staffToken, signer },
              { lifetime: sessionLifetime, now: clock() },
            ),
            linkSecret: options.linkSecret,
            contentType: (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '',
            secure,
            site: brandOf(request.hostname).site,
            siteNamed: brandOf(request.hostname).source !== 'default',
            services: serverServices,
            engine,
            experiments,
            admitsSplitTestEntrant: () => entrants.admit(request.ip),
            mail: {
              send: (mail: OutgoingMail) => {
                outgoing.push(mail);
              },
              throttle,
              fromAddress: options.mailFrom,
              host: request.host,
            },
            log: request.log,
          };
          const key = request.headers['idempotency-key'];
          let result: OperationResult;
          try {
            result = inTransaction(() =>
              route.idempotent && typeof key === 'string' && key !== ''
                ? once(
                    db,
                    route.operationId,
                    key,
                    requestHash([context.query, context.params, context.body]),
                    context.access,
                    () => handler(context),
                  )
                : handler(context),
            );
          } catch (error) {
            // A session that had ended is most often noticed by a refusal: the browser forgets it then too.
            const ended = context.access.endedCookie();
            if (ended !== undefined) setCookie(reply, ended);
            throw error;
          }
          // Committed: the mail it asked for goes now, unawaited. Only that it failed is logged, and
          // how: never to whom or what (a patient's name, a return link).
          for (const mail of outgoing) {
            mailer.send(mail).catch((error: unknown) => {
              const known = error as { name?: unknown; code?: unknown };
              request.log.error({ err: { type: known.name, code: known.code }, mailer: mailer.kind }, 'mail not sent');
            });
          }
          // A session this request started or renewed (it gained a lead, a customer, a claimed
          // link...) is given to the browser.
          const cookie = context.access.newCookie();
          // Over http, the cookie on the path it had before (/api) goes: both at once, the API
          // would be sent that one first.
          if (cookie !== undefined) {
            setCookie(reply, cookie);
            if (!secure) setCookie(reply, RETIRED_HTTP_COOKIE);
          }
          return reply.code(result.status ?? 200).send(result.body);
        },
      });
    }
  });

  registerTags(app, db);

  const services = options.services?.page ?? LOCAL_SERVICES;
  // Each route's page as the build rendered it for each brand, or the plain page.
  const pageFor =
    options.staticDir === undefined
      ? null
      : loadPages(options.staticDir, engine, (html) => pageTemplate(html, clientToken, options.brand, services), {
          // The rows GET /memoForm/pageQuestions answers with: the first page of a form goes in its page.
          pageJson: (formId, pageId) => questionPageJson(db, formId, pageId),
          // As GET /journey reads it: the results page's note is for a journey with no lead.
          journeyHasLead: (sessionId, pathCode) => journeyLandingId(db, sessionId, pathCode) !== undefined,
          // As the order's door reads it (src/server/step-doors.ts): the billing form only where Pay could pass.
          stepOpen: (page, sessionId) =>
            pageStepOpen(db, engine, page, {
              sessionId,
              landingId: () => (sessionId === undefined ? undefined : journeyLandingId(db, sessionId, page.code)),
            }),
          // The product GET /memoForm/getProductInfo answers: a payment page's order summary.
          productJson: (id, category) => {
            const product = productAnswer(db, id, category);
            return product === undefined ? null : JSON.stringify(product);
          },
          onError: (error, what) => {
            app.log.error(
              { err: error },
              `The page went without what the server puts in it early: ${what} could not be rendered`,
            );
          },
        });

  // The headers helmet does not set: over https, that the browser must never come back over
  // plain http; the page gets its policy below, anything else (JSON, files) may load nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') void reply.headers(HTTPS_HEADERS);
    if (!reply.hasHeader('content-security-policy')) {
      void reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    }
    done(null, payload);
  });
  if (options.staticDir !== undefined) {
    void app.register(fastifyStatic, {
      root: options.staticDir,
      index: false,
      // The .br and .gz the build wrote beside each file (scripts/lib/precompress-plugin.ts),
      // chosen by Accept-Encoding, with Content-Encoding and Vary set by the plugin.
      preCompressed: true,
      // The plugin's own Cache-Control (public, max-age=0) would replace the one set below.
      cacheControl: false,
      wildcard: true,
      // The built page is never sent as it is (its nonce placeholder, no settings): /index.html,
      // however spelled, gets the page like every route does.
      allowedPath: (pathname) => !isPageFilePath(pathname),
      setHeaders: (response, file) => {
        response.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The answer depends on Accept-Encoding (preCompressed): caches keep one per encoding.
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }

  // The site root has no screen of its own: it sends the patient to their brand's start (the
  // first page of its main funnel), keeping the query string, before any script runs.
  // docs/shell.md. The app does the same for a static host that serves index.html at /.
  if (pageFor !== null) {
    app.get('/', (request, reply) => {
      const { brand } = brandOf(request.hostname);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.header('cache-control', 'no-cache').redirect(`${brand.startPath}${query}`, 302);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      pageFor === null ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ status: 404, message: `No such call: ${request.method} ${pathname}` });
    }
    // Every page of the app is the same app; its HTML already shows the route's layout and
    // heading for the brand (src/server/pages.ts), and the router decides the rest.
    // A fresh nonce each time, for the styles Mantine writes while the page runs.
    const nonce = randomBytes(16).toString('base64');
    const page = await pageFor(
      brandOf(request.hostname).site,
      request.url,
      pageVisitorOf(request, signer, (id) => sessionIsLive(db, id, sessionLifetime, clock())),
    );
    // A path no route of config names (after the trailing slash and config's redirects, as the
    // app applies them) is the app's not-found page, with the status that says so (issue 39,
    // point 6): a crawler, a monitor or a scanner is not told every path exists.
    const routed = engine.locate(normalizeUrl(request.url, engine.redirects).pathname) !== null;
    return (
      reply
        .code(routed ? 200 : 404)
        .header('cache-control', 'no-cache')
        // A results page differs for a visitor with no session (src/server/pages.ts).
        .header('vary', 'cookie, sec-fetch-site')
        .header('content-security-policy', contentSecurityPolicy(services, nonce))
        .type('text/html; charset=utf-8')
        .send(page.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
    );
  });

  return app;
}
