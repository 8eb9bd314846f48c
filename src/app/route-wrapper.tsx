import { Text } from '@mantine/core';
import { createElement, Suspense, useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { RouteConfig, RouteSite } from '../engine/config-types.ts';
import { campaignCodeOf } from '../engine/route-match.ts';
import { AppPageLayout } from '../shared/layout/app-page-layout.tsx';
import { LoadingIndicator } from '../shared/layout/loading-indicator.tsx';
import { lazyScreen } from '../lib/lazy-chunk.ts';
import { MpidTracking } from './mpid-tracking.tsx';
import { keepsShellWhileChecking, ScreenShell } from '../shared/layout/screen-shell.tsx';
import { screenFor, shellLayoutOf } from './registry.ts';
import { routeIntro } from '../shared/layout/route-intro.ts';
import { useBrand } from '../shared/brand/brand-context.tsx';
import { ChunkErrorBoundary } from './chunk-error-boundary.tsx';
import { useArrival, useFunnelStep, useJourneyGate } from './funnel-sync.tsx';
import type { Arrival } from '../engine/funnel-machine.ts';
import type { ClosedPage } from '../engine/funnel-machine.ts';
import { useHydrated } from '../shared/hydration.ts';
import { SaveProblem } from '../shared/ui/save-problem.tsx';
import { leaveEarlyFormsBut } from '../shared/questions/early-form.tsx';

/** Shown only for a link to the other brand's site, so loaded like a screen, when needed. */
const FallbackPage = lazyScreen<{ routeSite: RouteSite }>(() =>
  import('./pages/fallback-page.tsx').then((module) => ({ default: module.FallbackPage })),
);

/** Said above a step the patient was brought to from one not theirs yet (issue 37): rare, so loaded when needed. */
const ArrivalNotice = lazyScreen<{ arrival: Arrival }>(() =>
  import('./arrival-notice.tsx').then((module) => ({ default: module.ArrivalNotice })),
);

/** Shown for a page reached without the journey it needs, so loaded like a screen, when needed. */
const JourneyGatePage = lazyScreen<{ closed: ClosedPage; onResume: () => void }>(() =>
  import('./journey-gate-page.tsx').then((module) => ({ default: module.JourneyGatePage })),
);

/** The layout a fallback page uses: the site's default, with the contact link. */
const FALLBACK_ROUTE: RouteConfig = { path: '*', screen: 'not-found', site: 'shared', title: 'Page Not Available' };

/**
 * One route of config/routes.json: its title, its layout and its screen, or the fallback
 * page when the route belongs to the other brand's site.
 */
export function RouteWrapper({ route }: { route: RouteConfig }) {
  const { site, brand } = useBrand();
  const params = useParams();
  const { pathname, search } = useLocation();
  const step = useFunnelStep();
  // A page that needs a journey (config/routes.json needs) opens only when the funnel machine
  // says the patient's journey meets it; until it knows, it shows nothing it could not claim.
  const funnelGate = useJourneyGate();
  const gate = route.funnel === true ? funnelGate : null;
  const closed = gate?.status === 'closed' ? gate.closed : null;
  const arrival = useArrival();
  // The page's HTML has the layout and the screen's shell (scripts/lib/prerender-plugin.ts):
  // the screen itself renders once hydration has matched that HTML.
  const hydrated = useHydrated();
  const otherSite = route.site !== 'shared' && route.site !== site;
  const shown = otherSite ? FALLBACK_ROUTE : route;

  // A form the page's HTML brought is this address's alone: once the app is elsewhere it is
  // dropped, with a press held in it (src/shared/questions/early-form.tsx).
  useEffect(() => {
    leaveEarlyFormsBut(pathname);
  }, [pathname]);

  // Titles are static per route: never anything the patient typed. A closed page sets its own
  // (JourneyGatePage), static too.
  useEffect(() => {
    if (closed === null) document.title = `${shown.title} | ${brand.brandName}`;
  }, [shown.title, brand.brandName, closed]);

  if (otherSite) {
    return (
      <AppPageLayout route={FALLBACK_ROUTE} pathname={pathname}>
        <ChunkErrorBoundary>
          <Suspense fallback={<LoadingIndicator />}>
            {hydrated ? <FallbackPage routeSite={route.site} /> : <LoadingIndicator />}
          </Suspense>
        </ChunkErrorBoundary>
      </AppPageLayout>
    );
  }

  const Screen = screenFor(route.screen);
  const code = campaignCodeOf({
    route,
    params: Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Record<
      string,
      string
    >,
  });
  const shell = (
    <ScreenShell title={route.title} intro={routeIntro(route)} layout={shellLayoutOf(route.screen)} form={route.form} />
  );
  return (
    <AppPageLayout route={route} pathname={pathname}>
      {hydrated && code !== null && new URLSearchParams(search).has('mpid') && <MpidTracking code={code} />}
      {/* Brought here from a page that was not the patient's yet: why, above the step. */}
      {hydrated && route.funnel === true && gate?.status === 'open' && arrival !== null && (
        <Suspense fallback={null}>
          <ArrivalNotice arrival={arrival} />
        </Suspense>
      )}
      <ChunkErrorBoundary>
        {/* Keyed by route: the router moves in a transition, and without a new boundary React
            would keep the last screen on show, with its old address, while the next one loads;
            its effects could then still navigate (a form putting its ?page=4 over the results
            the funnel resumed to). A new route shows its shell at once instead. */}
        {/* While hydrating, the shell stands outside any boundary: put in one, it would stay
            on the page hidden while the boundary showed its fallback, and a moment later both
            headings could be there at once. */}
        {!hydrated ? (
          shell
        ) : (
          <Suspense key={route.path} fallback={shell}>
            {gate?.status === 'checking' ? (
              // A screen whose page came with its first questions (or its order summary) keeps
              // them (and its heading) on show while the journey is checked; the patient may be
              // answering already.
              keepsShellWhileChecking(shellLayoutOf(route.screen)) ? (
                shell
              ) : (
                <LoadingIndicator />
              )
            ) : closed !== null && gate !== null ? (
              <JourneyGatePage closed={closed} onResume={gate.resume} />
            ) : Screen ? (
              // The registry creates every screen once, at module load, so the type is stable.
              createElement(Screen, { route, params, code, step: route.funnel === true ? step : null })
            ) : (
              <Text role="alert" py="xl">
                This page cannot be shown: no screen is called &quot;{route.screen}&quot;.
              </Text>
            )}
          </Suspense>
        )}
      </ChunkErrorBoundary>
      {/* A Continue that could not be saved, told under the screen it was pressed on (the
          message brings itself into view and focus), with Try again: the same move, again. */}
      {route.funnel === true && step?.unsaved != null && (
        <SaveProblem
          error={step.unsaved.error}
          attempt={step.unsaved.attempt}
          retry={step.onNext}
          busy={step.saving}
          subject="progress"
        />
      )}
    </AppPageLayout>
  );
}
