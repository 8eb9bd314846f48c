/**
 * The build's view of the app (scripts/lib/prerender-plugin.ts bundles this file for Node):
 * each route's page as HTML, per brand, before any patient has opened it. It renders the very
 * tree the browser hydrates (App), with the router fixed on the route's path, so React finds
 * the markup it expects. What only the browser knows (the screen itself, the patient's
 * journey, anything measured) waits for useHydrated, so none of it, and no patient data, can
 * be in these pages.
 */
import { Button, MantineProvider } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import brands from '../../config/brands.json';
import type { BrandsFile, RouteConfig, Site } from '../engine/config-types.ts';
import { selectBrand } from '../contract/brand.ts';
import { funnelEngine } from '../contract/funnel-config.ts';
import { CSP_NONCE_PLACEHOLDER } from '../contract/csp-nonce.ts';
import { App } from './app.tsx';
import { startHydrating } from '../shared/hydration.ts';
import type { QuestionPage as QuestionPageData } from '../contract/api-types.ts';
import {
  EARLY_BILLING_FORM,
  EARLY_PAGE_ATTRIBUTE,
  EARLY_PENDING_LABEL,
  EARLY_SUMMARY_OF,
  earlyPageKey,
  earlySummaryKey,
  type EarlyFormHtml,
} from '../contract/early-form.ts';
import { funnelStartUrl } from '../engine/funnel-plan.ts';
import {
  aboutYouAsks,
  aboutYouPages,
  CONTACT_PAGE,
  firstVisitUrlFor,
  intakeFormFor,
} from '../features/intake/intake-pages.ts';
import type { ProductId, ProductCategory } from '../contract/api-types.ts';
import { ProductSummary } from '../features/payment/product-summary.tsx';
import { withProductDefaults, type ProductResponse } from '../features/payment/product.ts';
import { BrandProvider } from '../shared/brand/brand-context.tsx';
import { BillingForm, PROCESSING_LABEL } from '../shared/billing/billing-form.tsx';
import { initialBillingValues } from '../shared/billing/billing-values.ts';
import { formatMoney } from '../domain/money.ts';
import { brandTheme, readableColors } from '../shared/brand/theme.ts';
import { KnownAddressContext } from '../shared/questions/known-address.ts';
import { QuestionPage } from '../shared/questions/question-page.tsx';
import { FormProgress } from '../shared/ui/form-runner.tsx';
import { assessmentPath, NoAnswersYet } from '../features/results/no-answers-yet.tsx';

export interface RouteShell {
  site: Site;
  /** The route's path in config/routes.json ('*' for the not-found page). */
  route: string;
  /** The page's title, as the app sets it once running. */
  title: string;
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The brand's icon, as the app sets it. */
  favicon: string;
  /** The route's screen, whose code the page starts fetching at once. */
  screen: string;
  /**
   * The page's first API calls (under the API base, `__code__` for the campaign code), which
   * src/page-start.ts starts before the app runs, as the app will ask for them.
   */
  earlyFetch: string[];
  /** Where the campaign code comes from, for src/page-start.ts: `param=pathCode&default=x` or `value=ghrt`. */
  codeSource: string | null;
}

/** The calls a route's screen makes first, whatever the patient did before (see RouteShell.earlyFetch). */
function earlyFetchOf(route: RouteConfig): string[] {
  const calls: string[] = [];
  // The funnel reads the patient's journey on every funnel page (src/app/funnel-sync.tsx), as
  // getJourney asks for it.
  if (route.funnel === true && route.campaignCode !== undefined) {
    calls.push(`/journey?${new URLSearchParams({ pathCode: '__code__' }).toString()}`);
  }
  // A form's questions, as getPageQuestions asks for them; the intake's form depends on the
  // code (intakeFormFor), so it is left to the app.
  if (route.form !== undefined && route.screen !== 'intake') {
    const query = new URLSearchParams({ formId: route.form.formId, pageIds: route.form.pageIds.join(',') });
    calls.push(`/memoForm/pageQuestions?${query.toString()}`);
  }
  return calls;
}

function codeSourceOf(route: RouteConfig): string | null {
  const source = route.campaignCode;
  if (source === undefined) return null;
  if (source.value !== undefined) return new URLSearchParams({ value: source.value }).toString();
  return new URLSearchParams({
    ...(source.param === undefined ? {} : { param: source.param }),
    ...(source.default === undefined ? {} : { default: source.default }),
  }).toString();
}

/** A path the route matches: each parameter filled, optional ones left out. */
function samplePath(route: RouteConfig): string {
  if (route.path === '*') return '/page-not-found-sample';
  return route.path
    .split('/')
    .filter((segment) => !(segment.startsWith(':') && segment.endsWith('?')))
    .map((segment) => (segment.startsWith(':') ? 'sample' : segment))
    .join('/');
}

/**
 * Which routes get a page: those of the brand's own site and the shared ones. Not a route
 * whose layout depends on the rest of the path (layoutWhenPathContains): one page could not
 * be right for every path it matches, so those pages start empty, as every page once did.
 */
function prerendered(route: RouteConfig, site: Site): boolean {
  return (route.site === 'shared' || route.site === site) && route.layoutWhenPathContains === undefined;
}

/**
 * The HTML of a tree, which must render whole and as the browser may use it: nothing in the
 * shell suspends or fails (that boundary would be rendered again in the browser, with a
 * hydration warning), and it carries no script and no style attribute, which the page's
 * Content-Security-Policy would refuse.
 */
function renderWhole(tree: ReactNode, what: string): string {
  // The page is what the browser will hydrate: rendered as useHydrated renders it then.
  startHydrating();
  const html = renderToString(tree);
  const problems = [
    html.includes('<!--$!') && 'a part failed or was still loading (a client-rendered Suspense boundary)',
    /<script/i.test(html) && 'it has a script',
    /\sstyle="/i.test(html) && 'it has a style attribute (Mantine style props render as one)',
  ].filter((problem) => problem !== false);
  if (problems.length > 0) throw new Error(`The page of ${what} cannot be prerendered: ${problems.join('; ')}`);
  return html;
}

/** Every route's page for every brand. */
export function renderShells(): RouteShell[] {
  const shells: RouteShell[] = [];
  for (const site of ['male', 'female'] as const) {
    const selected = selectBrand(brands as BrandsFile, { environment: site, hostname: '' });
    for (const route of funnelEngine.config.routes.routes) {
      if (!prerendered(route, site)) continue;
      const location = samplePath(route);
      // The page the server serves is the one the engine finds for a path (src/server/app.ts).
      const found = funnelEngine.locate(location)?.match.route.path ?? '*';
      if (found !== route.path) throw new Error(`The sample path ${location} opens ${found}, not ${route.path}`);
      const FixedRouter = ({ children }: { children: ReactNode }) => (
        <StaticRouter location={location}>{children}</StaticRouter>
      );
      const html = renderWhole(
        <StrictMode>
          <App selected={selected} router={FixedRouter} getStyleNonce={() => CSP_NONCE_PLACEHOLDER} />
        </StrictMode>,
        `${route.path} (${site})`,
      );
      shells.push({
        site,
        route: route.path,
        title: `${route.title} | ${selected.brand.brandName}`,
        html,
        favicon: selected.brand.favicon,
        screen: route.screen,
        earlyFetch: earlyFetchOf(route),
        codeSource: codeSourceOf(route),
      });
    }
  }
  return shells;
}

/** What HTML escaping did to an attribute's value, undone: the value as CSS. */
function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Each `style` attribute becomes a rule of its own for an attribute naming it: the page's
 * Content-Security-Policy allows no style attribute (the app sets styles from script, which it
 * does allow). `!important` keeps what an inline style would: it wins over any class.
 */
function stylesToRules(html: string, prefix = ''): EarlyFormHtml {
  const rules: string[] = [];
  // Tag by tag, attribute by attribute: React escapes every quote and angle bracket in a value,
  // so a value ends at its quote and a tag at its bracket, whatever the content says.
  const out = html.replace(/<[a-zA-Z][^>]*>/g, (tag) =>
    tag.replace(/(\s[^\s=/>]+)(="[^"]*")?/g, (attribute, name: string, quoted: string | undefined) => {
      if (name.trim() !== 'style' || quoted === undefined) return attribute;
      const declarations = unescapeAttribute(quoted.slice(2, -1))
        .split(';')
        .map((declaration) => declaration.trim())
        .filter((declaration) => declaration !== '')
        // Nothing here may end the <style> element it goes into.
        .map((declaration) => `${declaration.replace(/</g, '\\3c ')} !important`);
      // A prefix per part: two parts in one page (the summary and the billing form) number their own.
      const rule = `${prefix}${String(rules.length)}`;
      rules.push(`[data-early-style="${rule}"]{${declarations.join(';')}}`);
      return ` data-early-style="${rule}"`;
    }),
  );
  return { html: out, css: rules.join('\n') };
}

/** The brand's Mantine, as the app draws with it, around a part of a screen rendered alone. */
function BrandParts({ site, children }: { site: Site; children: ReactNode }) {
  const { brand } = selectBrand(brands as BrandsFile, { environment: site, hostname: '' });
  return (
    <BrandProvider value={{ site, brand }}>
      <MantineProvider
        theme={brandTheme(brand)}
        cssVariablesResolver={readableColors}
        withCssVariables={false}
        withGlobalClasses={false}
        // A responsive layout (SimpleGrid's columns) is a <style> element: with the page's nonce.
        getStyleNonce={() => CSP_NONCE_PLACEHOLDER}
      >
        {children}
      </MantineProvider>
    </BrandProvider>
  );
}

/**
 * The order summary of the product a payment page sells, as the payment screen draws it
 * (ProductSummary, with the same defaults applied), for the server to put in the page (issue
 * 28). The product as the product fetch answers; nothing of a patient goes in.
 */
export function renderEarlySummary(
  site: Site,
  request: { id: ProductId; category: ProductCategory },
  product: ProductResponse,
): EarlyFormHtml {
  const html = renderToString(
    <BrandParts site={site}>
      <div {...{ [EARLY_SUMMARY_OF]: earlySummaryKey(request) }}>
        <ProductSummary product={withProductDefaults(product, request.id)} />
      </div>
    </BrandParts>,
    { identifierPrefix: 'early-' },
  );
  if (/<script/i.test(html))
    throw new Error(`The summary of product ${request.id} cannot go in the page: it has a script`);
  return stylesToRules(html, 's');
}

/**
 * The payment page's billing form as the payment screen first draws it for a patient the page
 * knows nothing of (empty, no marketing box: whether to ask it depends on the journey), with
 * the product's price on Pay, for the server to put in the page under the order summary (issue
 * 28). The payment screen takes it over by each field's `autocomplete` (adoptEarlyForm), fills
 * in what the journey already knows where the patient left a field empty, and adds the box
 * when it asks it. A press of Pay before the app runs is held (src/page-start.ts) and made by
 * the app, with its checks, once it has the fields.
 */
export function renderEarlyBilling(
  site: Site,
  request: { id: ProductId; category: ProductCategory },
  product: ProductResponse,
): EarlyFormHtml {
  const nothing = () => undefined;
  const { total } = withProductDefaults(product, request.id);
  const html = renderToString(
    <BrandParts site={site}>
      <BillingForm
        values={initialBillingValues({}, {})}
        onChange={nothing}
        errors={{}}
        onErrors={nothing}
        onSubmit={nothing}
        declineReason={null}
        formProblem={null}
        submitLabel={`Pay ${formatMoney(total)}`}
      />
    </BrandParts>,
    { identifierPrefix: 'early-billing-' },
  );
  if (/<script/i.test(html))
    throw new Error(`The billing form of product ${request.id} cannot go in the page: it has a script`);
  return stylesToRules(asEarlyForm(html, EARLY_BILLING_FORM, PROCESSING_LABEL), 'b');
}

/**
 * The first form of a part as an early form: a dialog form, which outside a dialog submits
 * nowhere, so a press before the app runs (or with no script at all) sends nothing and loses
 * nothing (src/page-start.ts holds it, and says `pending` on the button meanwhile); named by
 * the page it is, for the screen that takes it over.
 */
function asEarlyForm(html: string, page: string, pending: string | null): string {
  const named = html.replace(
    /^([\s\S]*?)<form /,
    (_, before: string) => `${before}<form method="dialog" ${EARLY_PAGE_ATTRIBUTE}="${escapeAttribute(page)}" `,
  );
  return pending === null
    ? named
    : named.replace(
        /<button([^>]*) type="submit"/,
        (_, before: string) => `<button${before} type="submit" ${EARLY_PENDING_LABEL}="${escapeAttribute(pending)}"`,
      );
}

/**
 * The first page of a form as the app renders it before the patient answers anything (its
 * progress line, its questions with nothing chosen, Next), for the server to put in the page
 * (issue 28). Only the form's content, never anything of a patient, goes in.
 */
export function renderEarlyForm(
  site: Site,
  form: { formId: string; pageCount: number },
  page: QuestionPageData,
): EarlyFormHtml {
  const nothing = () => undefined;
  const html = renderToString(
    <BrandParts site={site}>
      <KnownAddressContext.Provider value={null}>
        <FormProgress formId={form.formId} index={0} count={form.pageCount} />
        <QuestionPage
          page={page}
          values={{}}
          onChange={nothing}
          onErrors={nothing}
          onSubmit={nothing}
          submitLabel={form.pageCount > 1 ? 'Next' : 'Continue'}
        />
      </KnownAddressContext.Provider>
    </BrandParts>,
    // Ids of its own: the page's shell has ids from the same counter.
    { identifierPrefix: 'early-' },
  );
  if (/<script/i.test(html)) throw new Error(`The first page of ${form.formId} cannot go in the page: it has a script`);
  return stylesToRules(asEarlyForm(html, earlyPageKey(form.formId, page.id), null));
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The intake's first page for a patient who arrives by a campaign link whose funnel starts on
 * the intake (the ED funnels): the contact details, as the intake screen asks them of someone
 * with no lead yet, with the page count it shows then (src/features/intake/intake-screen.tsx).
 * Null for any other code: where the intake comes after other steps the patient brings a lead
 * (or is sent back to the start), and a renewal opens with its note above the form, so the
 * page would not be the one the screen shows.
 */
export function renderEarlyIntake(site: Site, pathname: string, code: string): EarlyFormHtml | null {
  const route = funnelEngine.locate(pathname)?.match.route;
  if (route?.screen !== 'intake' || route.form === undefined) return null;
  if (funnelStartUrl(funnelEngine, code, site) !== pathname || firstVisitUrlFor(code, site) !== null) return null;
  const pageCount = 1 + intakeFormFor(route.form, code).pageIds.length + aboutYouPages(aboutYouAsks({}), {}).length;
  return renderEarlyForm(site, { formId: CONTACT_PAGE.formId, pageCount }, CONTACT_PAGE);
}

/**
 * The results page's note to a visitor who has no answers to show, as the results screen draws
 * it, for the server to put in the page of a visitor it knows has no answers (issue 28: no
 * session, or a journey with no lead); the same for everyone, nothing of theirs. Its button is a plain link to their code's assessment, so it works before the
 * app has run (the screen's own goes Back in the funnel, to the same page). Null for a path
 * that is not a results page.
 */
export function renderEarlyNote(site: Site, pathname: string, code: string): EarlyFormHtml | null {
  if (funnelEngine.locate(pathname)?.match.route.screen !== 'results') return null;
  const { brand } = selectBrand(brands as BrandsFile, { environment: site, hostname: '' });
  const html = renderToString(
    <BrandParts site={site}>
      <NoAnswersYet
        action={
          <Button component="a" href={assessmentPath(site, code, brand.startPath)}>
            Take the assessment
          </Button>
        }
      />
    </BrandParts>,
    { identifierPrefix: 'early-note-' },
  );
  if (/<script/i.test(html)) throw new Error(`The note of ${pathname} cannot go in the page: it has a script`);
  return stylesToRules(html, 'n');
}
