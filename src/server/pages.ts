import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { QuestionPage } from '../contract/api-types.ts';
import { EARLY_FORM_SLOT, earlyFormKey } from '../contract/early-form.ts';
import { SHELLS_DIR, SHELLS_MANIFEST } from '../contract/shells.ts';
import type { Site } from '../engine/config-types.ts';
import type { FunnelEngine } from '../engine/funnel-plan.ts';
import { normalizeUrl, parseQuery } from '../engine/url.ts';
import { loadEarlyFormRenderer, withEarlyForm } from './early-forms.ts';

/** The page to send for a path: the route's prerendered page for the brand, else the plain one. */
export type PagePicker = (site: Site, url: string) => Promise<string>;

/** What the picker needs to put a form's first page in its page (src/server/early-forms.ts). */
export interface EarlyFormSource {
  /** A page of a form's questions as stored (the JSON GET /memoForm/pageQuestions answers with), or null. */
  pageJson: (formId: string, pageId: string) => string | null;
  /** Told when a page could not be rendered: the page goes without its form, as before. */
  onError: (error: unknown, what: string) => void;
}

/** How many renderings are kept: per brand, route and content, so a handful in practice. */
const EARLY_FORM_CACHE_SIZE = 64;

/**
 * Reads the built pages once: index.html, and each route's prerendered page per brand when the
 * build wrote them. `prepare` writes what this server knows into each (its token, brand and
 * service settings). A path is matched as the app will see it, after the URL rules (trailing
 * slash, empty landing_id, redirects), so the browser finds the page it expects and hydrates it.
 * With `earlyForms`, a route whose screen opens with a form gets its first page of questions
 * in the page (issue 28), unless the address asks for a later page (`?page=3`).
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
  const renderer =
    earlyForms === undefined
      ? Promise.resolve(null)
      : loadEarlyFormRenderer(staticDir).then(
          (render) => {
            if (render === null) {
              earlyForms.onError(
                new Error(`${staticDir} has no render of the app (shells/render/): a build of before issue 28?`),
                'every first page of questions',
              );
            }
            return render;
          },
          (error: unknown) => {
            earlyForms.onError(error, 'the build’s renderer');
            return null;
          },
        );
  const rendered = new Map<string, string>();
  const pageParam = engine.config.funnels.formPageParam;

  return async (site, url) => {
    const { pathname, query } = normalizeUrl(url, engine.redirects);
    const location = engine.locate(pathname);
    const route = location?.match.route.path ?? '*';
    const page = pages.get(`${site} ${route}`) ?? plain;
    const form = location?.match.route.form;
    const pageAsked = parseQuery(query).get(pageParam);
    if (earlyForms === undefined || form === undefined || (pageAsked !== undefined && pageAsked !== '1')) return page;
    const key = earlyFormKey(form);
    // Only a page whose shell has the slot (src/shared/layout/screen-shell.tsx) takes a form.
    if (!page.includes(`${EARLY_FORM_SLOT}="${key}"`)) return page;
    // Whatever goes wrong here (the database busy, a renderer of another build), the page goes
    // as it was built, with the loading mark: the questions come with the app as before.
    try {
      const render = await renderer;
      const json = earlyForms.pageJson(form.formId, form.pageIds[0] ?? '');
      if (render === null || json === null) return page;
      // The content is part of the key: questions changed in the database render afresh.
      const cacheKey = `${site}\n${route}\n${json}`;
      const cached = rendered.get(cacheKey);
      if (cached !== undefined) return cached;
      const early = render(
        site,
        { formId: form.formId, pageCount: form.pageIds.length },
        JSON.parse(json) as QuestionPage,
      );
      if (typeof early.html !== 'string' || typeof early.css !== 'string') {
        throw new Error('the build’s renderer answered with something other than { html, css }');
      }
      const withForm = withEarlyForm(page, key, early);
      if (rendered.size >= EARLY_FORM_CACHE_SIZE) rendered.clear();
      rendered.set(cacheKey, withForm);
      return withForm;
    } catch (error) {
      earlyForms.onError(error, `the first page of ${key} for ${route} (${site})`);
      return page;
    }
  };
}
