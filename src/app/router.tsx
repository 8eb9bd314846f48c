import { useEffect, useRef, useState } from 'react';
import {
  NavigationType,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import type { Site } from '../engine/config-types.ts';
import type { FunnelEngine } from '../engine/funnel-plan.ts';
import { normalizeUrl } from '../engine/url.ts';
import { JourneyProvider } from '../shared/journey/journey-context.tsx';
import { ChunkErrorBoundary } from './chunk-error-boundary.tsx';
import { FunnelSync } from './funnel-sync.tsx';
import { RouteWrapper } from './route-wrapper.tsx';

/**
 * Every navigation starts at the top of the page (SPEC §2 "Global behaviour"), with focus on
 * the new page's heading, so a screen reader announces it and Tab goes on from there (focus
 * would otherwise fall back to the body). Not on the page the patient arrives on.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const arrived = useRef(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (pathname === arrived.current) return;
    arrived.current = '';
    // Loaded on the first move, not with the first page, which never needs it. A heading the
    // new screen replaces a moment later loses focus to the body, and the new one takes it.
    void import('../lib/focus-when-shown.ts').then(
      ({ focusNewHeading }) => focusNewHeading('main h1', null),
      () => undefined,
    );
  }, [pathname]);
  return null;
}

function Root({ engine, site }: { engine: FunnelEngine; site: Site }) {
  return (
    <JourneyProvider>
      {/* Outside the funnel: a new visit starts a new machine and the pages under it anew,
          while the scroll and focus keep track of every move. */}
      <ScrollToTop />
      <FunnelSync engine={engine} site={site}>
        <Outlet />
      </FunnelSync>
    </JourneyProvider>
  );
}

/** The router's routes, generated from config/routes.json. */
export function createAppRoutes(engine: FunnelEngine, site: Site): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Root engine={engine} site={site} />,
      children: engine.config.routes.routes.map((route) => ({
        path: route.path,
        element: <RouteWrapper route={route} />,
      })),
    },
  ];
}

/**
 * The page for the browser's location, inside a declarative router: the app uses no loaders,
 * actions or fetchers, so it does without the data router's code on the first page. The
 * global URL rules (no trailing slash, no empty or "0" landing_id, the redirects, each
 * keeping the query string) are applied to every navigation before its page renders: a URL
 * that breaks them is never shown (the page stays on the last good location) and is
 * replaced by the corrected one, as a data router loader's redirect would (a push after a
 * Back/Forward, a replace otherwise). main.tsx applies them to the URL the patient arrived on.
 */
export function AppRoutes({ engine, site }: { engine: FunnelEngine; site: Site }) {
  const [routes] = useState(() => createAppRoutes(engine, site));
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const normalized = normalizeUrl(`${location.pathname}${location.search}`, engine.redirects);
  const [lastGood, setLastGood] = useState(location);
  // Remembered during render (not in an effect), so the page never renders the broken URL.
  if (!normalized.changed && lastGood !== location) setLastGood(location);

  useEffect(() => {
    if (normalized.changed) void navigate(normalized.url, { replace: navigationType !== NavigationType.Pop });
  }, [normalized.changed, normalized.url, navigationType, navigate]);

  // Always given a location, so the element tree keeps its shape (and its state) either way.
  const page = useRoutes(routes, normalized.changed ? lastGood : location);
  // Like the data router's root error boundary: a failure outside a screen does not blank the page.
  return <ChunkErrorBoundary>{page}</ChunkErrorBoundary>;
}
