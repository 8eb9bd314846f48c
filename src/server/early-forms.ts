import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProductCategory, ProductId, QuestionPage } from '../contract/api-types.ts';
import { CSP_NONCE_PLACEHOLDER } from '../contract/csp-nonce.ts';
import { EARLY_FORM_SLOT, type EarlyFormHtml } from '../contract/early-form.ts';
import { RENDER_BUNDLE_DIR, RENDER_BUNDLE_FILE, SHELLS_DIR } from '../contract/shells.ts';
import type { Site } from '../engine/config-types.ts';

/**
 * Issue 28: a form's first page of questions in the page the server sends, so a patient on a
 * slow line answers before the app's script has arrived (src/shared/questions/early-form.tsx
 * takes it over). It is rendered here, at request time, from the questions the server serves
 * (GET /memoForm/pageQuestions reads the same rows), with the build's render of the app for
 * Node, so it is the app's own markup; each rendering is kept per brand, route and content,
 * and a change to the content renders afresh. A static host has no server to do this: it
 * serves the route's page with the loading mark (docs/performance.md). The payment pages'
 * order summary and billing form come the same way, from the product the product fetch would
 * answer (src/shared/layout/early-part.tsx shows the summary until the screen's own takes
 * its place; the payment screen takes the form over as the assessment's).
 */

/** The build's renderer of a form's first page (src/app/render-shell.tsx). */
export type RenderEarlyForm = (
  site: Site,
  form: { formId: string; pageCount: number },
  page: QuestionPage,
) => EarlyFormHtml;

/** The build's renderer of a payment page's order summary (src/app/render-shell.tsx). */
export type RenderEarlySummary = (
  site: Site,
  request: { id: ProductId; category: ProductCategory },
  product: unknown,
) => EarlyFormHtml;

/** The build's renderer of a payment page's billing form, for the product it sells (src/app/render-shell.tsx). */
export type RenderEarlyBilling = RenderEarlySummary;

/** The build's renderer of the intake's first page for a campaign code, or null when it has none (src/app/render-shell.tsx). */
export type RenderEarlyIntake = (site: Site, pathname: string, code: string) => EarlyFormHtml | null;

/** The build's renderer of the results page's note to a visitor with no answers, or null for a path that is no results page (src/app/render-shell.tsx). */
export type RenderEarlyNote = (site: Site, pathname: string, code: string) => EarlyFormHtml | null;

/** What the build's render of the app can put in a page. */
export interface EarlyRenderers {
  form: RenderEarlyForm;
  /** Null for a build that renders forms only. */
  summary: RenderEarlySummary | null;
  billing: RenderEarlyBilling | null;
  intake: RenderEarlyIntake | null;
  note: RenderEarlyNote | null;
}

/** The build's renderers, or null when the build has none (built before them, or by another tool). */
export async function loadEarlyRenderers(staticDir: string): Promise<EarlyRenderers | null> {
  const file = path.join(staticDir, SHELLS_DIR, RENDER_BUNDLE_DIR, RENDER_BUNDLE_FILE);
  if (!existsSync(file)) return null;
  const bundle = (await import(pathToFileURL(path.resolve(file)).href)) as {
    renderEarlyForm?: RenderEarlyForm;
    renderEarlySummary?: RenderEarlySummary;
    renderEarlyBilling?: RenderEarlyBilling;
    renderEarlyIntake?: RenderEarlyIntake;
    renderEarlyNote?: RenderEarlyNote;
  };
  if (typeof bundle.renderEarlyForm !== 'function') return null;
  return {
    form: bundle.renderEarlyForm,
    summary: typeof bundle.renderEarlySummary === 'function' ? bundle.renderEarlySummary : null,
    billing: typeof bundle.renderEarlyBilling === 'function' ? bundle.renderEarlyBilling : null,
    intake: typeof bundle.renderEarlyIntake === 'function' ? bundle.renderEarlyIntake : null,
    note: typeof bundle.renderEarlyNote === 'function' ? bundle.renderEarlyNote : null,
  };
}

/** What a renderer gave, checked: a renderer of another build could answer anything. */
export function checkedRender(early: EarlyFormHtml): EarlyFormHtml {
  if (typeof early.html !== 'string' || typeof early.css !== 'string') {
    throw new Error('the build’s renderer answered with something other than { html, css }');
  }
  return early;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The page without React's preload of an image that is no longer in it: the part put in a slot
 * took the place of the loading mark, whose image React had the page preload; unused, the
 * browser fetches it for nothing and says so on the console.
 */
function withoutUnusedImagePreloads(page: string): string {
  // Only an element that draws the image uses its preload: the page's icon link (the favicon is
  // the loading mark's image too) fetches on its own, and the preload goes unused beside it.
  const drawn = page.replace(/<link\b[^>]*>/g, '');
  return page.replace(/<link rel="preload" as="image" href="([^"]+)"[^>]*>/g, (link, href: string) =>
    drawn.includes(`"${href}"`) ? link : '',
  );
}

/**
 * The page with `early` in its slot (the element whose attribute `slot` is `value`: an early
 * form's `data-early-form="MIP:1"`, the order summary's `data-early-summary=""`), in place of
 * what the slot held (the loading mark, or nothing), and its rules in the head with the page's
 * nonce; the page as it was when it has no such slot. The slot's end is found by counting the
 * `div`s in it: the page is React's markup, where no text can hold a tag.
 */
export function withEarlyPart(page: string, slot: string, value: string, early: EarlyFormHtml): string {
  const open = new RegExp(`<div ${slot}="${escapeRegExp(value)}"[^>]*>`).exec(page);
  if (open === null) return page;
  const start = open.index + open[0].length;
  const tags = /<div[\s>]|<\/div>/g;
  tags.lastIndex = start;
  let depth = 1;
  let end = -1;
  for (let tag = tags.exec(page); tag !== null; tag = tags.exec(page)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) {
      end = tag.index;
      break;
    }
  }
  if (end < 0) return page;
  const style = early.css === '' ? '' : `<style nonce="${CSP_NONCE_PLACEHOLDER}">${early.css}</style>\n  `;
  const withPart = withoutUnusedImagePreloads(`${page.slice(0, start)}${early.html}${page.slice(end)}`);
  // A function, so nothing in the rules is read as a replacement pattern ($&).
  return style === '' ? withPart : withPart.replace('</head>', () => `${style}</head>`);
}

/** The page with `early` in the slot of form page `key` (withEarlyPart). */
export function withEarlyForm(page: string, key: string, early: EarlyFormHtml): string {
  return withEarlyPart(page, EARLY_FORM_SLOT, key, early);
}
