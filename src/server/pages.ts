import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { QuestionPage } from '../contract/api-types.ts';
import {
  EARLY_BILLING_FORM,
  EARLY_FORM_SLOT,
  EARLY_NOTE_SLOT,
  EARLY_SUMMARY_SLOT,
  earlyFormKey,
  earlySummaryKey,
  type EarlyFormHtml,
} from '../contract/early-form.ts';
import { productRequestFor } from '../domain/product-choice.ts';
import { campaignCodeOf } from '../engine/route-match.ts';
import { SHELLS_DIR, SHELLS_MANIFEST } from '../contract/shells.ts';
import type { Site } from '../engine/config-types.ts';
import type { FunnelEngine, PageLocation } from '../engine/funnel-plan.ts';
import { normalizeUrl, parseQuery } from '../engine/url.ts';
import { RETURN_LINK_PARAM } from '../contract/return-link.ts';
import { checkedRender, loadEarlyRenderers, withEarlyPart, type EarlyRenderers } from './early-forms.ts';

/** What the server knows of who asks for a page, without reading anything of theirs. */
export interface PageVisitor {
  /**
   * The browser sent its cookies with this request, so a session it has would be here. A
   * navigation from another site (a link in an email) comes without a SameSite=Strict cookie
   * (src/server/app.ts, pageVisitorOf).
   */
  cookiesSent: boolean;
  /** The session the request carries, when it is one this server issued. */
  sessionId: string | undefined;
}

/** The page to send for a path: the route's prerendered page for the brand, else the plain one. */
export type PagePicker = (site: Site, url: string, visitor: PageVisitor) => Promise<string>;

/** What the picker needs to put a form's first page, or a payment page's order summary and billing form, in its page. */
export interface EarlyFormSource {
  /** A page of a form's questions as stored (the JSON GET /memoForm/pageQuestions answers with), or null. */
  pageJson: (formId: string, pageId: string) => string | null;
  /** A product as GET /memoForm/getProductInfo answers for an id and a category, as JSON, or null. */
  productJson: (id: string, category: string) => string | null;
  /**
   * Whether the session's journey for a code has a lead, as GET /journey would answer: the
   * results page shows that lead's results, and only a journey without one is told there are none.
   */
  journeyHasLead: (sessionId: string, pathCode: string) => boolean;
  /**
   * Whether a funnel page's step is open, by the server's records, to the session a request
   * carries (undefined: none sent): a payment page's billing form goes only where it is, so a
   * visitor the app will move to the assessment is not painted a form to pay.
   */
  stepOpen: (
    page: { site: Site; code: string; query: string; routePath: string },
    sessionId: string | undefined,
  ) => boolean;
  /** Told when a part could not be rendered: the page goes without it, as before. */
  onError: (error: unknown, what: string) => void;
}

/** A part of a page the server can render into it: where it goes, from what, and how. */
interface PagePart {
  slot: string;
  value: string;
  /** For the log, when it cannot be rendered. */
  what: string;
  /** Its content as stored, or null when there is none (the page goes as built). */
  json: () => string | null;
  /** Null when the build's render of the app cannot draw it. */
  render: (renderers: EarlyRenderers, content: unknown) => EarlyFormHtml | null;
}

/**
 * How many renderings of parts are kept: per brand, route, part and content (a form's page, a
 * product, a known campaign code), so a handful in practice.
 */
const EARLY_PART_CACHE_SIZE = 64;

/**
 * Reads the built pages once: index.html, and each route's prerendered page per brand when the
 * build wrote them. `prepare` writes what this server knows into each (its token, brand and
 * service settings). A path is matched as the app will see it, after the URL rules (trailing
 * slash, empty landing_id, redirects), so the browser finds the page it expects and hydrates it.
 * With `earlyForms`, a route whose screen opens with a form gets its first page of questions
 * in the page (issue 28), unless the address asks for a later page (`?page=3`); a payment
 * page gets the order summary of the product it sells, and its billing form under it; a
 * results page asked for with no session gets the note that there are no answers to show.
 */
export function loadPages(
  staticDir: string,
  engine: FunnelEngine,
  prepare: (html: string) => string,
  earlyForms?: EarlyFormSource,
): PagePicker {
  const plain = prepare(readFileSync(path.join(staticDir, 'index.html'), 'utf8'));
  const manifestFile = path.join(staticDir, SHELLS_DIR, SHELLS_MANIFEST);
  const pages = new Map<string, string>();
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Record<string, string>>;
    for (const [site, routes] of Object.entries(manifest)) {
      for (const [route, file] of Object.entries(routes)) {
        pages.set(`${site} ${route}`, prepare(readFileSync(path.join(staticDir, SHELLS_DIR, file), 'utf8')));
      }
    }
  }
  const renderers =
    earlyForms === undefined
      ? Promise.resolve(null)
      : loadEarlyRenderers(staticDir).then(
          (loaded) => {
            if (loaded === null) {
              earlyForms.onError(
                new Error(`${staticDir} has no render of the app (shells/render/): a build of before issue 28?`),
                'every first page of questions and order summary',
              );
            }
            return loaded;
          },
          (error: unknown) => {
            earlyForms.onError(error, 'the build’s renderer');
            return null;
          },
        );
  const rendered = new Map<string, EarlyFormHtml>();
  const pageParam = engine.config.funnels.formPageParam;

  /** What of the page the server renders for this address: nothing, one part, or a payment page's two. */
  const earlyPartsOf = (
    source: EarlyFormSource,
    page: string,
    site: Site,
    location: PageLocation,
    pathname: string,
    query: string,
    visitor: PageVisitor,
  ): PagePart[] => {
    const { route } = location.match;
    const params = parseQuery(query);
    const code = campaignCodeOf(location.match);
    // A link that brings a lead or a prefill has answers the app fills in.
    const bringsAnswers = params.get('landing_id') !== undefined || params.get('prefill') !== undefined;
    if (page.includes(`${EARLY_NOTE_SLOT}=""`)) {
      // Results for a visitor the app would tell there are none, as it would: a code whose funnel
      // has this page (any other goes to its error or its own step), a browser that sent its
      // cookies, and no lead in the journey of its session, if it has one (answers are saved
      // under one); no lead in the link, no return link to open one (src/app/return-link.ts).
      // Anyone else's results wait for the app, which asks for them with the session.
      if (code === null || bringsAnswers || params.get(RETURN_LINK_PARAM) !== undefined || !visitor.cookiesSent) {
        return [];
      }
      if (visitor.sessionId !== undefined && source.journeyHasLead(visitor.sessionId, code)) return [];
      const visit = engine.planVisit({ code, brand: site, query });
      if (!visit.ok || !visit.plan.pages.some((step) => step.route.path === route.path)) return [];
      return [
        {
          slot: EARLY_NOTE_SLOT,
          value: '',
          what: `the note of ${pathname} to a visitor with no answers`,
          json: () => JSON.stringify(code),
          render: (render) => render.note?.(site, pathname, code) ?? null,
        },
      ];
    }
    // Only a page whose shell has the slot (src/shared/layout/screen-shell.tsx) takes a part.
    const { form } = route;
    const pageAsked = params.get(pageParam);
    const key = form === undefined ? null : earlyFormKey(form);
    if (
      form !== undefined &&
      key !== null &&
      (pageAsked === undefined || pageAsked === '1') &&
      page.includes(`${EARLY_FORM_SLOT}="${key}"`)
    ) {
      if (route.screen !== 'intake') {
        return [
          {
            slot: EARLY_FORM_SLOT,
            value: key,
            what: `the first page of ${key}`,
            json: () => source.pageJson(form.formId, form.pageIds[0] ?? ''),
            render: (render, content) =>
              render.form(site, { formId: form.formId, pageCount: form.pageIds.length }, content as QuestionPage),
          },
        ];
      }
      // The intake opens with the contact details for a patient who arrives with nothing (the
      // ED funnels start here).
      if (code === null || bringsAnswers) return [];
      return [
        {
          slot: EARLY_FORM_SLOT,
          value: key,
          what: `the intake's first page for ${code}`,
          json: () => JSON.stringify(code),
          render: (render) => render.intake?.(site, pathname, code) ?? null,
        },
      ];
    }
    if (!page.includes(`${EARLY_SUMMARY_SLOT}=""`)) return [];
    // The product the payment screen will ask for (src/features/payment/payment-step.tsx).
    const mpid = params.get('mpid');
    const request = productRequestFor(code ?? '', mpid === '' ? undefined : mpid, site);
    // Read once for both parts.
    let productJson: string | null | undefined;
    const product = () => (productJson ??= source.productJson(request.id, request.category));
    const summary: PagePart = {
      slot: EARLY_SUMMARY_SLOT,
      value: '',
      what: `the order summary of product ${earlySummaryKey(request)}`,
      json: product,
      render: (render, content) => render.summary?.(site, request, content) ?? null,
    };
    if (bringsAnswers || !page.includes(`${EARLY_FORM_SLOT}="${EARLY_BILLING_FORM}"`)) return [summary];
    // Not to a visitor whose journey does not hold what the payment is due (a cold link to the
    // payment of an assessment funnel): the app moves them to that step, and the form stays a
    // loading mark meanwhile. A pay-first funnel's payment is due nothing: its form always goes.
    const sessionId = visitor.cookiesSent ? visitor.sessionId : undefined;
    if (code !== null && !source.stepOpen({ site, code, query, routePath: route.path }, sessionId)) return [summary];
    return [
      summary,
      {
        slot: EARLY_FORM_SLOT,
        value: EARLY_BILLING_FORM,
        what: `the billing form for product ${earlySummaryKey(request)}`,
        json: product,
        render: (render, content) => render.billing?.(site, request, content) ?? null,
      },
    ];
  };

  /** A part rendered, from the cache when its content has not changed; null when it cannot be. */
  const renderPart = (render: EarlyRenderers, part: PagePart, site: Site, route: string): EarlyFormHtml | null => {
    const json = part.json();
    if (json === null) return null;
    // The content is part of the key: questions or a product changed in the database render afresh.
    const cacheKey = `${site}\n${route}\n${part.slot}=${part.value}\n${json}`;
    const cached = rendered.get(cacheKey);
    if (cached !== undefined) return cached;
    const early = part.render(render, JSON.parse(json));
    if (early === null) return null;
    const checked = checkedRender(early);
    if (rendered.size >= EARLY_PART_CACHE_SIZE) rendered.clear();
    rendered.set(cacheKey, checked);
    return checked;
  };

  return async (site, url, visitor) => {
    const { pathname, query } = normalizeUrl(url, engine.redirects);
    const location = engine.locate(pathname);
    const route = location?.match.route.path ?? '*';
    const page = pages.get(`${site} ${route}`) ?? plain;
    if (earlyForms === undefined || location === null) return page;
    const parts = earlyPartsOf(earlyForms, page, site, location, pathname, query, visitor);
    if (parts.length === 0) return page;
    const render = await renderers;
    if (render === null) return page;
    let withParts = page;
    // Each part needs the ones before it (a billing form with no order summary above it would
    // ask for a price it does not show): the first that cannot be rendered ends the list.
    for (const part of parts) {
      // Whatever goes wrong here (the database busy, a renderer of another build), the part's
      // slot keeps what the build put there (the loading mark): the part comes with the app as before.
      try {
        const early = renderPart(render, part, site, route);
        if (early === null) break;
        withParts = withEarlyPart(withParts, part.slot, part.value, early);
      } catch (error) {
        earlyForms.onError(error, `${part.what} for ${route} (${site})`);
        break;
      }
    }
    return withParts;
  };
}
