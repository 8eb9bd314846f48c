import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { CustomerId } from '../../contract/api-types.ts';
import { useBrand } from '../brand/brand-context.tsx';
import { resolveRouteContext, type RouteContext } from '../../domain/route-context.ts';
import { consoleLogger } from '../console-logger.ts';

/** What the patient's link says about who they are. */
export interface LinkContext extends RouteContext {
  /** The clinic customer id of the link (`ktCustomerId` query), when it has a valid one. */
  ktCustomerId?: CustomerId;
}

/** The contract's CustomerId pattern: anything else is not sent to the API. */
const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads the link's ktCustomerId; a malformed one counts as none (logged by kind only). */
export function ktCustomerIdOf(search: string): CustomerId | undefined {
  const value = new URLSearchParams(search).get('ktCustomerId')?.trim();
  if (value === undefined || value === '') return undefined;
  if (CUSTOMER_ID.test(value)) return value;
  consoleLogger.error('ktCustomerId ignored: not a customer id');
  return undefined;
}

/** The route context of SPEC §3 (landing id, prefill, ...) and the link's customer id, read once per URL. */
export function useLinkContext(): LinkContext {
  const location = useLocation();
  const search = location.search;
  const state: unknown = location.state;
  const { brand } = useBrand();
  return useMemo(() => {
    const context: LinkContext = resolveRouteContext(
      { query: search, state, portalLinkBase: brand.portalLink },
      consoleLogger,
    );
    const ktCustomerId = ktCustomerIdOf(search);
    if (ktCustomerId !== undefined) context.ktCustomerId = ktCustomerId;
    return context;
  }, [search, state, brand.portalLink]);
}
