import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { pageStyleNonce } from '../contract/csp-nonce.ts';
import type { SelectedBrand } from '../contract/brand.ts';
import { funnelEngine } from '../contract/funnel-config.ts';
import { BrandProvider } from '../shared/brand/brand-context.tsx';
import { NotificationsProvider } from '../shared/notifications/notifications.tsx';
import type { FailedReturnLink } from './return-link.ts';
import { AppRoutes } from './router.tsx';
import { brandTheme, readableColors } from '../shared/brand/theme.ts';

/** Loaded only when a return link did not open: most patients never come by one. */
const ReturnLinkGate = lazy(() => import('./return-link-gate.tsx'));

/**
 * The patient app for one brand; `failedReturnLink` is the return link the patient came by
 * when it did not open their records: its page stands in for the route's until it does.
 * The build renders the same tree for each route's HTML (src/app/render-shell.tsx) with a
 * router fixed on the route's path and the nonce placeholder the server fills in.
 */
export function App({
  selected,
  failedReturnLink = null,
  router: Router = BrowserRouter,
  getStyleNonce = pageStyleNonce,
}: {
  selected: SelectedBrand;
  failedReturnLink?: FailedReturnLink | null;
  router?: ComponentType<{ children: ReactNode }>;
  getStyleNonce?: () => string;
}) {
  return (
    <BrandProvider value={{ site: selected.site, brand: selected.brand }}>
      <MantineProvider
        theme={brandTheme(selected.brand)}
        cssVariablesResolver={readableColors}
        getStyleNonce={getStyleNonce}
      >
        <NotificationsProvider>
          <Router>
            {failedReturnLink === null ? (
              <AppRoutes engine={funnelEngine} site={selected.site} />
            ) : (
              <Suspense fallback={null}>
                <ReturnLinkGate failed={failedReturnLink} selected={selected}>
                  <AppRoutes engine={funnelEngine} site={selected.site} />
                </ReturnLinkGate>
              </Suspense>
            )}
          </Router>
        </NotificationsProvider>
      </MantineProvider>
    </BrandProvider>
  );
}
