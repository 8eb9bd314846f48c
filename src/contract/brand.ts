import type { BrandConfig, BrandsFile, Site } from '../engine/config-types.ts';

/** What can choose the brand, strongest first. */
export interface BrandSignals {
  /** Baked in at build time (`VITE_BRAND`), for a deployment that serves one brand only. */
  buildTime?: string | undefined;
  /** Set by the server from its `BRAND` environment variable, as `<html data-brand>`. */
  environment?: string | undefined;
  /** The host name the page was served from. */
  hostname: string;
}

export interface SelectedBrand {
  site: Site;
  brand: BrandConfig;
  /** Which signal decided, for diagnostics. */
  source: 'build' | 'environment' | 'host' | 'default';
  /** Signals that were set but are not a brand; the caller reports them. */
  ignored: string[];
}

function asSite(value: string | undefined): Site | null {
  return value === 'male' || value === 'female' ? value : null;
}

/**
 * Chooses the brand: a build-time setting, else the environment flag, else the host name
 * (`femme.localhost` is the women's brand, `localhost` the men's), else the default.
 */
export function selectBrand(file: BrandsFile, signals: BrandSignals): SelectedBrand {
  const ignored: string[] = [];
  const pick = (site: Site, source: SelectedBrand['source']): SelectedBrand => ({
    site,
    brand: file.brands[site],
    source,
    ignored,
  });
  for (const [source, value] of [
    ['build', signals.buildTime],
    ['environment', signals.environment],
  ] as const) {
    if (value === undefined || value === '') continue;
    const site = asSite(value);
    if (site) return pick(site, source);
    ignored.push(`${source === 'build' ? 'VITE_BRAND' : 'data-brand'}="${value}" is not male or female`);
  }
  const host = signals.hostname.toLowerCase();
  for (const site of ['female', 'male'] as const) {
    if (file.brands[site].hosts.includes(host)) return pick(site, 'host');
  }
  return pick(file.defaultBrand, 'default');
}

/**
 * The host of `site`'s brand paired with `hostname` in the deployment's config (`hostPairs`):
 * `hostname` itself when it already serves that brand, else the host paired with it, else null
 * when no pair names it (a host the config does not know).
 */
export function hostOfSite(file: BrandsFile, hostname: string, site: Site): string | null {
  const host = hostname.toLowerCase();
  if (file.brands[site].hosts.includes(host)) return host;
  const other: Site = site === 'male' ? 'female' : 'male';
  return file.hostPairs.find((pair) => pair[other] === host)?.[site] ?? null;
}
