import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useBrand } from '../brand/brand-context.tsx';
import { resolveRouteContext, type RouteContext } from '../../domain/route-context.ts';
import { consoleLogger } from '../console-logger.ts';

/** What the page's URL and navigation state say (SPEC §3 route and query context). */
export function useRouteContext(): RouteContext {
  const location = useLocation();
  const search = location.search;
  // Navigation state is whatever the previous page put there; resolveRouteContext reads it defensively.
  const state: unknown = location.state;
  const { brand } = useBrand();
  return useMemo(
    () => resolveRouteContext({ query: search, state, portalLinkBase: brand.portalLink }, consoleLogger),
    [search, state, brand.portalLink],
  );
}
