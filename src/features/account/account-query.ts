import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { CustomerId, LandingId } from '../../contract/api-types.ts';
import { useBrand } from '../../shared/brand/brand-context.tsx';
import { resolveRouteContext } from '../../domain/route-context.ts';
import { parseQuery } from '../../engine/url.ts';
import { consoleLogger } from '../../shared/console-logger.ts';

/** The contract's CustomerId: what a clinic link may carry as a customer id. */
const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The contract's LandingId. */
const LANDING_ID = /^[A-Za-z0-9_=-]{1,512}$/;

/**
 * Who an account page (upload, comm-verify, commerce-info-update) is about, as the clinic's
 * link says: a customer id and/or a landing id. A value that is not a well-formed id is
 * dropped, so it never reaches an API path; `malformed` says one was dropped, so the page
 * can tell "broken link" from "no link".
 */
export interface AccountQuery {
  /** `ktCustomerId`, else `customerId`, from the query. */
  customerId?: CustomerId;
  /** SPEC §3 landing id resolution: the query's `landing_id`, else the navigation state. */
  landingId?: LandingId;
  malformed: boolean;
}

/** Reads an AccountQuery from a query string and navigation state. */
export function readAccountQuery(search: string, state: unknown, portalLinkBase: string): AccountQuery {
  const query = parseQuery(search.replace(/^\?/, ''));
  const context = resolveRouteContext({ query: search, state, portalLinkBase }, consoleLogger);
  const rawCustomerId = [query.get('ktCustomerId'), query.get('customerId')].find(
    (value) => value !== undefined && value !== '',
  );
  const result: AccountQuery = { malformed: false };
  if (rawCustomerId !== undefined) {
    if (CUSTOMER_ID.test(rawCustomerId)) result.customerId = rawCustomerId;
    else result.malformed = true;
  }
  if (context.landingId !== '') {
    if (LANDING_ID.test(context.landingId)) result.landingId = context.landingId;
    else result.malformed = true;
  }
  return result;
}

/** The AccountQuery of the page the patient is on. */
export function useAccountQuery(): AccountQuery {
  const location = useLocation();
  const { search } = location;
  // Navigation state is whatever another page put there: read as unknown, checked when used.
  const state: unknown = location.state;
  const { brand } = useBrand();
  return useMemo(() => readAccountQuery(search, state, brand.portalLink), [search, state, brand.portalLink]);
}

/** Whether a path parameter (such as the post-clinic id) is a well-formed customer id. */
export function isCustomerId(value: string | undefined): value is CustomerId {
  return value !== undefined && CUSTOMER_ID.test(value);
}
