import { MantineProvider } from '@mantine/core';
import { BrowserRouter } from 'react-router-dom';
import { pageStyleNonce } from '../services/csp-nonce.ts';
import type { SelectedBrand } from '../config/brand.ts';
import { funnelEngine } from '../config/funnel-config.ts';
import { BrandProvider } from './brand-context.tsx';
import { NotificationsProvider } from './notifications.tsx';
import { AppRoutes } from './router.tsx';
import { brandTheme, readableColors } from './theme.ts';

/** The patient app for one brand. */
export function App({ selected }: { selected: SelectedBrand }) {
  return (
    <BrandProvider value={{ site: selected.site, brand: selected.brand }}>
      <MantineProvider
        theme={brandTheme(selected.brand)}
        cssVariablesResolver={readableColors}
        getStyleNonce={pageStyleNonce}
      >
        <NotificationsProvider>
          <BrowserRouter>
            <AppRoutes engine={funnelEngine} site={selected.site} />
          </BrowserRouter>
        </NotificationsProvider>
      </MantineProvider>
    </BrandProvider>
  );
}
