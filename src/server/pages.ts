import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Site } from '../engine/config-types.ts';
import type { FunnelEngine } from '../engine/funnel-plan.ts';
import { normalizeUrl } from '../engine/url.ts';

/** Where the build writes each route's page (scripts/lib/prerender-plugin.ts). */
const SHELLS_MANIFEST = path.join('shells', 'manifest.json');

/** The page to send for a path: the route's prerendered page for the brand, else the plain one. */
export type PagePicker = (site: Site, url: string) => string;

/**
 * Reads the built pages once: index.html, and each route's prerendered page per brand when the
 * build wrote them. `prepare` writes what this server knows into each (its token, brand and
 * service settings). A path is matched as the app will see it, after the URL rules (trailing
 * slash, empty landing_id, redirects), so the browser finds the page it expects and hydrates it.
 */
export function loadPages(staticDir: string, engine: FunnelEngine, prepare: (html: string) => string): PagePicker {
  const plain = prepare(readFileSync(path.join(staticDir, 'index.html'), 'utf8'));
  const manifestFile = path.join(staticDir, SHELLS_MANIFEST);
  const pages = new Map<string, string>();
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Record<string, string>>;
    for (const [site, routes] of Object.entries(manifest)) {
      for (const [route, file] of Object.entries(routes)) {
        pages.set(`${site} ${route}`, prepare(readFileSync(path.join(staticDir, 'shells', file), 'utf8')));
      }
    }
  }
  return (site, url) => {
    const { pathname } = normalizeUrl(url, engine.redirects);
    const route = engine.locate(pathname)?.match.route.path ?? '*';
    return pages.get(`${site} ${route}`) ?? plain;
  };
}
