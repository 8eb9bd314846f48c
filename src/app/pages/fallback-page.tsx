import { Text } from '@mantine/core';
import { hostOfSite } from '../../contract/brand.ts';
import { funnelConfig } from '../../contract/funnel-config.ts';
import { BrandProvider } from '../../shared/brand/brand-context.tsx';
import { SupportContact } from '../../shared/ui/support-contact.tsx';
import type { RouteSite, Site } from '../../engine/config-types.ts';
import { ErrorPage } from './error-page.tsx';

/**
 * This page on `site`'s host paired with this one (config/brands.json `hostPairs`, as a
 * returning customer's link moves: scheme, port, path and query kept), or null when no pair
 * names this host.
 */
function otherSiteUrl(site: Site, href: string): string | null {
  const url = new URL(href);
  const host = hostOfSite(funnelConfig.brands, url.hostname, site);
  if (host === null || host === url.hostname) return null;
  url.hostname = host;
  return url.href;
}

/**
 * Shown instead of a page of the other brand's site (SPEC §2's route wrapper fallback): says
 * whose page it is and sends the patient on to the same page, query and all, on that brand's
 * own site, with that brand's phone. Never the visitor's brand's assessment: a women's link
 * opened on the men's site is a woman's.
 */
export function FallbackPage({ routeSite }: { routeSite: RouteSite }) {
  const site = routeSite === 'shared' ? null : routeSite;
  if (site === null) return null;
  const brand = funnelConfig.brands.brands[site];
  const there = otherSiteUrl(site, window.location.href);
  const audience = site === 'female' ? "women's" : "men's";
  return (
    <ErrorPage
      description={`This link is for ${brand.brandName}`}
      withContent={false}
      action={there === null ? null : { label: `Go to ${brand.brandName}`, to: there, otherSite: true }}
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
