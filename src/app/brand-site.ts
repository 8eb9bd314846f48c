import type { BrandConfig } from '../engine/config-types.ts';
import { isLocalHost } from './https-upgrade.ts';

/**
 * The address of a brand's site, seen from the page at `here`: the first of the brand's
 * `hosts` (config/brands.json) of the same kind as the page's host. On a developer's machine
 * (localhost, *.localhost) that is the brand's local host on the same protocol and port
 * (femme.localhost:4173 from localhost:4173); elsewhere its first public host over https.
 * Null when the brand lists no host of that kind.
 */
export function brandSiteOrigin(brand: BrandConfig, here: Pick<URL, 'protocol' | 'hostname' | 'port'>): string | null {
  const local = isLocalHost(here.hostname);
  const host = brand.hosts.find((candidate) => isLocalHost(candidate) === local);
  if (host === undefined) return null;
  return local ? `${here.protocol}//${host}${here.port === '' ? '' : `:${here.port}`}` : `https://${host}`;
}
