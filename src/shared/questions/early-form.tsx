import { useState } from 'react';
import { isHydrating } from '../hydration.ts';
import { LoadingIndicator } from '../layout/loading-indicator.tsx';
import classes from './early-form.module.css';
import { EARLY_FORM_SLOT } from '../../contract/early-form.ts';

/**
 * Issue 28: the first page of a form is in the page's HTML, before any script (the server
 * renders it into the route's shell: src/server/early-forms.ts), so a patient on a slow line
 * answers while the app loads. React never hydrates that form: its nodes live outside React,
 * and each place that shows the form while the app is loading (the shell, then the screen's
 * own loading state) is an `EarlyFormSlot` that the same live nodes move into, with what the
 * patient typed and chose in them. When the screen's real first page renders, `adoptEarlyForm`
 * (./adopt-early-form.ts, loaded with the screens, not with every page) replays every answer into it through its own fields, as if typed there, moves the focus
 * (and the caret) to the same field, and presses Next if the patient pressed it before the
 * app arrived (src/page-start.ts holds that press).
 */

export interface EarlyForm {
  /** Which page it is: `formId:pageId` (earlyFormKey). */
  key: string;
  /** The slot's content as the server sent it: hydration must find the same. */
  html: string;
  /** The live nodes (the form, and anything beside it), moved from slot to slot. */
  nodes: ChildNode[];
  form: HTMLFormElement;
  /** The field the patient was last in, to be in it again after each move. */
  focused: HTMLElement | null;
  adopted: boolean;
}

let early: EarlyForm | null = null;

/**
 * Takes note of the page's early form, before React hydrates the page (src/main.tsx): its
 * HTML as sent, and its live nodes.
 */
export function captureEarlyForm(root: ParentNode): void {
  const slot = root.querySelector(`[${EARLY_FORM_SLOT}]`);
  const form = slot?.querySelector('form');
  if (slot == null || form == null) return;
  const found: EarlyForm = {
    key: slot.getAttribute(EARLY_FORM_SLOT) ?? '',
    html: slot.innerHTML,
    nodes: [...slot.childNodes],
    form,
    focused: null,
    adopted: false,
  };
  if (form.contains(document.activeElement)) found.focused = document.activeElement as HTMLElement;
  form.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) found.focused = event.target;
  });
  early = found;
}

/** Focuses a field without scrolling, putting the caret where it was. */
export function focusLike(target: HTMLElement, caret: { start: number | null; end: number | null } | null): void {
  target.focus({ preventScroll: true });
  if (caret !== null && caret.start !== null && target instanceof HTMLInputElement) {
    try {
      target.setSelectionRange(caret.start, caret.end ?? caret.start);
    } catch {
      // A field with no caret (a number input): focus is enough.
    }
  }
}

export function caretOf(field: HTMLElement | null): { start: number | null; end: number | null } | null {
  if (!(field instanceof HTMLInputElement)) return null;
  try {
    return { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return null;
  }
}

/** The early form of this page, when the page came with one the screen has not taken yet. */
export function earlyFormOf(page: string): EarlyForm | null {
  return early !== null && !early.adopted && early.key === page ? early : null;
}

/**
 * Where the early form of `page` (earlyFormKey) shows while the app loads. In the page's
 * first render (hydration) it is the HTML the server sent, left as it is; after, the same live
 * nodes are moved in. With no early form of that page (a page that was not sent with one, a
 * static host, or once the screen took its answers), the brand's loading mark, as before.
 */
export function EarlyFormSlot({ page }: { page: string }) {
  // Decided once per slot: the hydration pass must render exactly what the server sent.
  const [mode] = useState<'as-sent' | 'moved' | 'none'>(() =>
    earlyFormOf(page) === null ? 'none' : isHydrating() ? 'as-sent' : 'moved',
  );
  if (mode === 'as-sent' && early !== null) {
    // React takes the element as it is and never looks inside (the same HTML, so no mismatch).
    return (
      <div {...{ [EARLY_FORM_SLOT]: page }} className={classes.slot} dangerouslySetInnerHTML={{ __html: early.html }} />
    );
  }
  if (mode === 'moved') {
    return (
      <div
        {...{ [EARLY_FORM_SLOT]: page }}
        className={classes.slot}
        ref={(element) => {
          const form = earlyFormOf(page);
          // Called again on each render: nodes already here stay (moving them would blur the field).
          if (element === null || form === null || element.contains(form.form)) return;
          // The slot it was in has just left the page, taking the focus with it.
          const caret = caretOf(form.focused);
          element.append(...form.nodes);
          const active = document.activeElement;
          if (form.focused !== null && (active === null || active === document.body)) focusLike(form.focused, caret);
        }}
      />
    );
  }
  return (
    <div {...{ [EARLY_FORM_SLOT]: page }} className={classes.slot}>
      <LoadingIndicator />
    </div>
  );
}
