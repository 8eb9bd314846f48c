import type { FastifyBaseLogger } from 'fastify';
import type { FunnelEngine } from '../engine/funnel-plan.ts';
import type { ExperimentSwitch } from './experiments.ts';
import type { Access } from './access.ts';
import type { Db } from './database.ts';
import type { ServerServiceSettings } from './service-settings.ts';
import type { OutgoingMail } from './mail/mailer.ts';
import type { MailThrottle } from './mail/return-link-mail.ts';

/** What a handler may mail, and how the links in it are made. */
export interface RequestMail {
  /**
   * Sends a mail once the request's transaction has committed (a request that fails sends
   * nothing). Its sending is not awaited: the answer does not wait on, or tell of, the mail.
   */
  send: (mail: OutgoingMail) => void;
  /** One return-link mail per customer a while (src/server/mail/return-link-mail.ts). */
  throttle: MailThrottle;
  /** MAIL_FROM, or undefined for each brand's own sender. */
  fromAddress: string | undefined;
  /** The request's Host header: it picks which of config/brands.json's host pairs a link goes on, never a host itself. */
  host: string;
}

/** What a handler receives: the database and the request's validated parts. */
export interface OperationContext {
  db: Db;
  query: Readonly<Record<string, unknown>>;
  params: Readonly<Record<string, string>>;
  body: unknown;
  /** The request's media type without parameters, such as `image/png` ('' when none). */
  contentType: string;
  /** Whether the request came over https, so a cookie set in answer can be Secure. */
  secure: boolean;
  /**
   * The brand the request was made on: the server's BRAND, else the request's host name, as
   * the page chooses it (src/contract/brand.ts). Brand-specific content is read by it.
   */
  site: 'male' | 'female';
  /**
   * Whether that brand is named for this request (the server's BRAND, or a host of the brand in
   * config/brands.json), not the default for a host the config does not know: a return link
   * opens only on a host of its brand (issue 39 point 4).
   */
  siteNamed: boolean;
  /** The outside services this server is configured with (the bot check reads it). */
  services: ServerServiceSettings;
  /** What the request's browser session (or staff credential) may see: src/server/access.ts. */
  access: Access;
  /** The secret that signs patients' return links (src/server/access.ts). */
  linkSecret: string;
  /** The funnels and split tests the server plans with: config/ as built, or a test's. */
  engine: FunnelEngine;
  /** Whether each split test's flag lets it assign new patients (src/server/experiments.ts). */
  experiments: ExperimentSwitch;
  /** Whether the request's address may bring one more new patient into a split test (counts it). */
  admitsSplitTestEntrant: () => boolean;
  /** The clinic's mail to the patient (src/server/mail). */
  mail: RequestMail;
  log: FastifyBaseLogger;
}

/** A handler's answer: a status (200 by default) and the JSON body. */
export interface OperationResult {
  status?: number;
  body: unknown;
}

/**
 * The code of one operation of schemas/api.openapi.json. Handlers are synchronous, as
 * better-sqlite3 is: each runs inside one transaction, so a failed request writes nothing.
 */
export type OperationHandler = (context: OperationContext) => OperationResult;

/** Handlers by operationId; a test checks there is one for every operation of the contract. */
export type OperationHandlers = Readonly<Record<string, OperationHandler>>;
