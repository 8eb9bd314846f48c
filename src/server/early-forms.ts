import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QuestionPage } from '../contract/api-types.ts';
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
 * serves the route's page with the loading mark (docs/performance.md).
 */

/** The build's renderer of a form's first page (src/app/render-shell.tsx). */
export type RenderEarlyForm = (
  site: Site,
  form: { formId: string; pageCount: number },
  page: QuestionPage,
) => EarlyFormHtml;

/** The build's renderer, or null when the build has none (built before it, or by another tool). */
export async function loadEarlyFormRenderer(staticDir: string): Promise<RenderEarlyForm | null> {
  const file = path.join(staticDir, SHELLS_DIR, RENDER_BUNDLE_DIR, RENDER_BUNDLE_FILE);
  if (!existsSync(file)) return null;
  const bundle = (await import(pathToFileURL(path.resolve(file)).href)) as { renderEarlyForm?: RenderEarlyForm };
  return typeof bundle.renderEarlyForm === 'function' ? bundle.renderEarlyForm : null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The page with `early` in the slot of form page `key`, in place of what the slot held (the
 * loading mark), and its rules in the head with the page's nonce; the page as it was when it
 * has no such slot. The slot's end is found by counting the `div`s in it: the page is React's
 * markup, where no text can hold a tag.
 */
export function withEarlyForm(page: string, key: string, early: EarlyFormHtml): string {
  const open = new RegExp(`<div ${EARLY_FORM_SLOT}="${escapeRegExp(key)}"[^>]*>`).exec(page);
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
  const withForm = `${page.slice(0, start)}${early.html}${page.slice(end)}`;
  // A function, so nothing in the rules is read as a replacement pattern ($&).
  return style === '' ? withForm : withForm.replace('</head>', () => `${style}</head>`);
}
