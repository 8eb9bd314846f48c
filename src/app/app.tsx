import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { SelectedBrand } from '../config/brand.ts';
import { funnelEngine } from '../config/funnel-config.ts';
import { BrandProvider } from './brand-context.tsx';
import { NotificationsProvider } from './notifications.tsx';
import { createAppRoutes } from './router.tsx';
import { brandTheme } from './theme.ts';

/** The patient app for one brand. */
export function App({ selected }: { selected: SelectedBrand }) {
  const [router] = useState(() => createBrowserRouter(createAppRoutes(funnelEngine, selected.site)));
  return (
    <BrandProvider value={{ site: selected.site, brand: selected.brand }}>
      <MantineProvider theme={brandTheme(selected.brand)}>
        <NotificationsProvider>
          <RouterProvider router={router} />
        </NotificationsProvider>
      </MantineProvider>
    </BrandProvider>
  );
}
