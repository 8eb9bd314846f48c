import { useEffect } from 'react';
import { Outlet, redirect, useLocation, type RouteObject } from 'react-router-dom';
import type { Site } from '../engine/config-types.ts';
import type { FunnelEngine } from '../engine/funnel-plan.ts';
import { normalizeUrl } from '../engine/url.ts';
import { JourneyProvider } from '../patient/journey.tsx';
import { FunnelSync } from './funnel-sync.tsx';
import { RouteWrapper } from './route-wrapper.tsx';

/** Every navigation starts at the top of the page (SPEC §2 "Global behaviour"). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function Root({ engine, site }: { engine: FunnelEngine; site: Site }) {
  return (
    <JourneyProvider>
      <FunnelSync engine={engine} site={site}>
        <ScrollToTop />
        <Outlet />
      </FunnelSync>
    </JourneyProvider>
  );
}

/**
 * The router's routes, generated from config/routes.json. The root loader applies the global
 * URL rules before any page renders: no trailing slash, no empty or "0" landing_id, and the
 * redirects, each keeping the query string.
 */
export function createAppRoutes(engine: FunnelEngine, site: Site): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Root engine={engine} site={site} />,
      HydrateFallback: () => null,
      loader: ({ request }) => {
        const url = new URL(request.url);
        const normalized = normalizeUrl(`${url.pathname}${url.search}`, engine.redirects);
        return normalized.changed ? redirect(normalized.url) : null;
      },
      // The rules apply to every URL, not only when the root's own parameters change.
      shouldRevalidate: () => true,
      children: engine.config.routes.routes.map((route) => ({
        path: route.path,
        element: <RouteWrapper route={route} />,
      })),
    },
  ];
}
