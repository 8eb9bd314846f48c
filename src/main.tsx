import './app/mantine-styles.ts';
import './app/design.css';
import './app/fonts.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { httpsUpgradeUrl } from './app/https-upgrade.ts';
import { startHydrating } from './shared/hydration.ts';
import { captureEarlyForm } from './shared/questions/early-form.tsx';
import { captureEarlyParts } from './shared/layout/early-part.tsx';
import { selectBrand } from './contract/brand.ts';
import { funnelConfig, funnelEngine } from './contract/funnel-config.ts';
import { normalizeUrl } from './engine/url.ts';
import { preloadScreen } from './app/registry.ts';
import { takeReturnLinkToken, type FailedReturnLink } from './app/return-link.ts';

const upgrade = httpsUpgradeUrl(window.location.href);
if (upgrade !== null) {
  window.location.replace(upgrade);
} else {
  // First of all, so no later code (redirects, tagging) ever sees the return link's token.
  const returnLinkToken = takeReturnLinkToken(window);
  const selected = selectBrand(funnelConfig.brands, {
    buildTime: import.meta.env.VITE_BRAND,
    environment: document.documentElement.dataset.brand,
    hostname: window.location.hostname,
  });
  for (const problem of selected.ignored) console.warn(`Brand setting ignored: ${problem}`);

  // The URL rules (trailing slash, empty landing_id, redirects) replace the entry the patient
  // arrived on; the router's loader applies them to later navigations.
  const arrived = normalizeUrl(`${window.location.pathname}${window.location.search}`, funnelEngine.redirects);
  if (arrived.changed) window.history.replaceState(window.history.state, '', `${arrived.url}${window.location.hash}`);
  // The site root has no screen: it is the brand's start page, query string kept (docs/shell.md).
  // The local server redirects / before the page loads; this covers a static host serving it there.
  if (arrived.pathname === '/') {
    window.history.replaceState(window.history.state, '', `${selected.brand.startPath}${window.location.search}`);
  }
  const page = funnelEngine.locate(window.location.pathname);
  preloadScreen(page?.match.route.screen ?? 'not-found');

  document.documentElement.dataset.site = selected.site;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.createElement('link');
  icon.rel = 'icon';
  icon.href = selected.brand.favicon;
  document.head.append(icon);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // The server sent this route's page as the build rendered it for this brand (the header, the
  // heading, the layout: scripts/lib/prerender-plugin.ts): React takes it over as it is. A page
  // rendered for another route (a URL the rules above changed) or none at all is drawn afresh.
  const shell = root.getAttribute('data-shell');
  const hydrate = shell !== null && shell === `${selected.site} ${page?.match.route.path ?? '*'}`;
  const render = (failedReturnLink: FailedReturnLink | null) => {
    const app = (
      <StrictMode>
        <App selected={selected} failedReturnLink={failedReturnLink} />
      </StrictMode>
    );
    // A link that did not open shows its own page in place of the route's screen: drawn afresh.
    if (hydrate && failedReturnLink === null) {
      // A form's first page the server put in the page: React leaves it as it is, and the
      // screen takes what the patient did in it (src/shared/questions/early-form.tsx).
      captureEarlyForm(root);
      captureEarlyParts(root);
      startHydrating();
      // As a transition, so React hydrates in slices and the page answers taps meanwhile.
      startTransition(() => {
        hydrateRoot(root, app);
      });
    } else {
      root.replaceChildren();
      createRoot(root).render(app);
    }
  };
  // A returning patient's screens read their records at once: the link opens them first, and
  // a customer of the other brand moves to their brand's host with it (docs/shell.md).
  if (returnLinkToken === null) render(null);
  else {
    // Loaded only for a return link: most patients never come by one.
    void import('./app/open-return-link.ts').then(
      async ({ openReturnLink, movesTo }) => {
        const outcome = await openReturnLink(returnLinkToken);
        const theirs = movesTo(outcome, selected, window.location.href, returnLinkToken);
        if (theirs !== null) window.location.replace(theirs);
        else render(outcome.kind === 'opened' ? null : { token: returnLinkToken, outcome });
      },
      () => {
        render({ token: returnLinkToken, outcome: { kind: 'unreachable' } });
      },
    );
  }
  // Tagging starts 3000 ms after the page loads, so its code is not part of the first load.
  void import('./app/start-tag-manager.ts').then(
    (tags) => tags.startTagManager(selected.brand.tagManagerContainer),
    () => undefined,
  );
}
