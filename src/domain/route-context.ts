import { parseQuery } from '../engine/url.ts';
import { parsePrefill } from './prefill.ts';
import type { FormId, LandingId, ProductId } from '../contract/api-types.ts';
import type { DomainLogger } from './logger.ts';
import type { Prefill } from './prefill.ts';

/** What a screen reads from its URL and navigation state (SPEC §3). */
export interface RouteContext {
  /** `''` when neither the query nor the navigation state has one. */
  landingId: LandingId;
  formId?: FormId;
  prefill: Prefill;
  calendlyPage?: string;
  ptState?: string;
  /** The member-portal link to go back to, only when it stays on the portal's origin. */
  portalBackLink?: string;
  mpid?: ProductId;
}

export interface RouteInput {
  /** The raw query string, with or without its `?`. */
  query: string;
  /** The router's navigation state, whatever shape it has. */
  state: unknown;
  /** The brand's member-portal link, to which `portal` is appended. */
  portalLinkBase: string;
}

function field(source: unknown, key: string): unknown {
  return typeof source === 'object' && source !== null && Object.hasOwn(source, key)
    ? (source as Record<string, unknown>)[key]
    : undefined;
}

function text(source: unknown, key: string): string | undefined {
  const value = field(source, key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Resolves the landing id in the order of SPEC §3: the query's `landing_id`, else the
 * navigation state's user data (`userData.landing_id`, then `userData.landingId`), else the
 * state's own `landingId`, then `landing_id`, else `''`. An empty value counts as absent so
 * it does not hide a later source.
 */
export function resolveLandingId(queryLandingId: string | undefined, state: unknown): LandingId {
  const userData = field(state, 'userData');
  return (
    (queryLandingId === '' ? undefined : queryLandingId) ??
    text(userData, 'landing_id') ??
    text(userData, 'landingId') ??
    text(state, 'landingId') ??
    text(state, 'landing_id') ??
    ''
  );
}

/**
 * Appends the `portal` path to the portal link base, and refuses (null) anything that would
 * leave the portal's origin, such as `@evil.example` or `.evil.example`: the back link must
 * not become an open redirect.
 */
export function portalBackLink(portalLinkBase: string, portal: string): string | null {
  let base: URL;
  let link: URL;
  try {
    base = new URL(portalLinkBase);
    link = new URL(portalLinkBase + portal);
  } catch {
    return null;
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return null;
  if (link.origin !== base.origin || link.username !== '' || link.password !== '') return null;
  return link.href;
}

/**
 * Reads the route context of SPEC §3 from the query and navigation state. Query pieces that
 * are not valid percent-encoding are skipped and logged by count only (SPEC §8: they may hold
 * patient data); a refused portal link is logged and left out.
 */
export function resolveRouteContext(input: RouteInput, logger: DomainLogger): RouteContext {
  const query = parseQuery(input.query.replace(/^\?/, ''));
  if (query.skipped.length > 0) {
    logger.error('query pieces skipped: not valid percent-encoding', { count: query.skipped.length });
  }
  const fromQuery = (name: string): string | undefined => {
    const value = query.get(name);
    return value === '' ? undefined : value;
  };
  const context: RouteContext = {
    landingId: resolveLandingId(query.get('landing_id'), input.state),
    prefill: parsePrefill(query.get('prefill'), logger),
  };
  const formId = fromQuery('formId');
  if (formId !== undefined) context.formId = formId;
  const calendlyPage = text(input.state, 'calendlyPage') ?? fromQuery('calendlyPage');
  if (calendlyPage !== undefined) context.calendlyPage = calendlyPage;
  const ptState = text(input.state, 'ptState') ?? fromQuery('ptState');
  if (ptState !== undefined) context.ptState = ptState;
  const mpid = fromQuery('mpid');
  if (mpid !== undefined) context.mpid = mpid;
  const portal = fromQuery('portal');
  if (portal !== undefined) {
    const link = portalBackLink(input.portalLinkBase, portal);
    if (link === null) logger.error('portal back link refused: it would leave the portal origin');
    else context.portalBackLink = link;
  }
  return context;
}
