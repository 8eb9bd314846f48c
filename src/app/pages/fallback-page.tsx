import { Text } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { funnelConfig } from '../../contract/funnel-config.ts';
import { BrandProvider } from '../../shared/brand/brand-context.tsx';
import { SupportContact } from '../../shared/ui/support-contact.tsx';
import type { RouteSite } from '../../engine/config-types.ts';
import { brandSiteOrigin } from '../brand-site.ts';
import { ErrorPage } from './error-page.tsx';

/**
 * Shown instead of a page of the other brand's site (SPEC §2's route wrapper fallback): says
 * whose page it is and sends the patient on to the same page, query and all, on that brand's
 * own site, with that brand's phone. Never the visitor's brand's assessment: a women's link
 * opened on the men's site is a woman's.
 */
export function FallbackPage({ routeSite }: { routeSite: RouteSite }) {
  const { pathname, search } = useLocation();
  const site = routeSite === 'shared' ? null : routeSite;
  if (site === null) return null;
  const brand = funnelConfig.brands.brands[site];
  const origin = brandSiteOrigin(brand, window.location);
  const audience = site === 'female' ? "women's" : "men's";
  return (
    <ErrorPage
      description={`This link is for ${brand.brandName}`}
      withContent={false}
      action={
        origin === null
          ? undefined
          : { label: `Go to ${brand.brandName}`, to: `${origin}${pathname}${search}`, otherSite: true }
      }
      contact={
        <BrandProvider value={{ site, brand }}>
          <SupportContact lead={`Questions? Call ${brand.brandName} at`} />
        </BrandProvider>
      }
    >
      <Text>
        {brand.brandName} is our {audience} health service. The page you opened is on its website.
      </Text>
    </ErrorPage>
  );
}
