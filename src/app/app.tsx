import { MantineProvider } from '@mantine/core';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { pageStyleNonce } from '../contract/csp-nonce.ts';
import type { SelectedBrand } from '../contract/brand.ts';
import { funnelEngine } from '../contract/funnel-config.ts';
import { BrandProvider } from '../shared/brand/brand-context.tsx';
import { NotificationsProvider, useNotifications } from '../shared/notifications/notifications.tsx';
import { AppRoutes } from './router.tsx';
import { brandTheme, readableColors } from '../shared/brand/theme.ts';

/** Says once, in the banner, why the return link the patient came by did not open their records. */
function ReturnLinkProblem({ message }: { message: string }) {
  const { showBanner } = useNotifications();
  useEffect(() => {
    showBanner(message);
  }, [message, showBanner]);
  return null;
}

/**
 * The patient app for one brand; `returnLinkProblem` is what to say when a return link failed.
 * The build renders the same tree for each route's HTML (src/app/render-shell.tsx) with a
 * router fixed on the route's path and the nonce placeholder the server fills in.
 */
export function App({
  selected,
  returnLinkProblem = null,
  router: Router = BrowserRouter,
  getStyleNonce = pageStyleNonce,
}: {
  selected: SelectedBrand;
  returnLinkProblem?: string | null;
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
          {returnLinkProblem !== null && <ReturnLinkProblem message={returnLinkProblem} />}
          <Router>
            <AppRoutes engine={funnelEngine} site={selected.site} />
          </Router>
        </NotificationsProvider>
      </MantineProvider>
    </BrandProvider>
  );
}
