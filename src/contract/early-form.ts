/**
 * Issue 28: the first page of a form in the page's HTML. The names the server
 * (src/server/early-forms.ts), the page's first script (src/page-start.ts, which imports
 * nothing and so writes them out) and the app (src/shared/questions/early-form.tsx) share.
 */

/** The attribute of the element the form sits in, whose value is the page's key (earlyFormKey). */
export const EARLY_FORM_SLOT = 'data-early-form';

/**
 * On the early form itself: which page it is (earlyFormKey, or `formId:pageId` of a page a
 * screen puts before the form's own, as the intake's contact details). The slot names the
 * route's form; a screen may open on a page of its own before it (src/server/pages.ts).
 */
export const EARLY_PAGE_ATTRIBUTE = 'data-early-page';

/**
 * Set on the early form by src/page-start.ts when the patient pressed Next, Pay or Enter before
 * the app ran: what the button said then ("Pay $99"), so the app makes the press only on a
 * button that says the same.
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';

/**
 * On the submit button of an early form: what it says once pressed before the app ran (the
 * app's own word for it: 'Processing…' on Pay), in place of 'Saving…'.
 */
export const EARLY_PENDING_LABEL = 'data-early-pending';

/**
 * The payment page's billing form (contact details, billing address, card) as an early form:
 * its slot's value and the form's page name. The server puts it under the order summary.
 */
export const EARLY_BILLING_FORM = 'billing';

/** The name of a form's first page, as its slot carries it: `formId:pageId`. */
export function earlyFormKey(form: { formId: string; pageIds: readonly string[] }): string {
  return earlyPageKey(form.formId, form.pageIds[0] ?? '');
}

/** The name of a page of questions, as an early form carries it: `formId:pageId`. */
export function earlyPageKey(formId: string, pageId: string): string {
  return `${formId}:${pageId}`;
}

/** A form's first page as the server puts it in the page (src/app/render-shell.tsx renders it). */
export interface EarlyFormHtml {
  /** The progress line and the form, in the classes the app's own render gives them. */
  html: string;
  /** The rules standing in for the style attributes Mantine writes, which the page's policy refuses. */
  css: string;
}

/**
 * The attribute of the element the payment page's order summary sits in (issue 28): the
 * server puts the summary of the product the page will sell there.
 */
export const EARLY_SUMMARY_SLOT = 'data-early-summary';

/**
 * On the summary's own element, inside the slot: which product it shows (earlySummaryKey), so
 * the app shows it only while it loads that same product.
 */
export const EARLY_SUMMARY_OF = 'data-early-summary-of';

/** The name of a product as the payment page asks for it: `id|category`. */
export function earlySummaryKey(request: { id: string; category: string }): string {
  return `${request.id}|${request.category}`;
}

/**
 * The attribute of the element where the results page says it has no answers to show (issue
 * 28): the server puts that note there for a visitor it knows has none (no session, or a
 * journey with no lead: src/server/pages.ts).
 */
export const EARLY_NOTE_SLOT = 'data-early-note';

/** On the note's first element, inside the slot: which note it is, so the app shows it only where it means the same. */
export const EARLY_NOTE_OF = 'data-early-note-of';

/** The results page's note to a visitor with no answers yet: its name as EARLY_NOTE_OF carries it. */
export const NO_ANSWERS_NOTE = 'no-answers';
