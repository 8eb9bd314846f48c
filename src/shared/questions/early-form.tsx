import { useCallback, useState } from 'react';
import { isHydrating } from '../hydration.ts';
import { LoadingIndicator } from '../layout/loading-indicator.tsx';
import classes from './early-form.module.css';
import { EARLY_FORM_SLOT, EARLY_PAGE_ATTRIBUTE } from '../../contract/early-form.ts';

/**
 * Issue 28: the first page of a form is in the page's HTML, before any script (the server
 * renders it into the route's shell: src/server/early-forms.ts), so a patient on a slow line
 * answers while the app loads. React never hydrates that form: its nodes live outside React,
 * and each place that shows the form while the app is loading (the shell, then the screen's
 * own loading state) is an `EarlyFormSlot` that the same live nodes move into, with what the
 * patient typed and chose in them. When the screen's real first page renders, `adoptEarlyForm`
 * (./adopt-early-form.ts, loaded with the screens, not with every page) replays every answer
 * into it through its own fields, as if typed there, moves the focus (and the caret) to the
 * same field, and presses Next if the patient pressed it before the app arrived
 * (src/page-start.ts holds that press). A screen that opens on another page drops it.
 */

export interface EarlyForm {
  /** Which page it is: `formId:pageId` (earlyFormKey). */
  key: string;
  /** The address it came with: once the app is elsewhere, it is no one's to take. */
  pathname: string;
  /** The slot's content as the server sent it: hydration must find the same. */
  html: string;
  /** The live nodes (the form, and anything beside it), moved from slot to slot. */
  nodes: ChildNode[];
  form: HTMLFormElement;
  /** The field the patient was in when the form last left a slot, and the caret in it. */
  focused: HTMLElement | null;
  caret: Caret | null;
}

interface Caret {
  start: number | null;
  end: number | null;
}

/** The page's early form until a screen takes it or it is dropped: then nothing holds its nodes. */
let early: EarlyForm | null = null;

/**
 * Takes note of the page's early form, before React hydrates the page (src/main.tsx): its
 * HTML as sent, and its live nodes.
 */
export function captureEarlyForm(root: ParentNode): void {
  const slot = root.querySelector(`[${EARLY_FORM_SLOT}]`);
  const form = slot?.querySelector('form');
  if (slot == null || form == null) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && form.contains(active) ? active : null;
  early = {
    // The page the form is (the intake's contact details, in the intake's slot), else the slot's.
    key: form.getAttribute(EARLY_PAGE_ATTRIBUTE) ?? slot.getAttribute(EARLY_FORM_SLOT) ?? '',
    pathname: window.location.pathname,
    html: slot.innerHTML,
    nodes: [...slot.childNodes],
    form,
    focused,
    caret: caretOf(focused),
  };
}

/** Focuses a field without scrolling, putting the caret where it was. */
export function focusLike(target: HTMLElement, caret: Caret | null): void {
  target.focus({ preventScroll: true });
  if (caret !== null && caret.start !== null && target instanceof HTMLInputElement) {
    try {
      target.setSelectionRange(caret.start, caret.end ?? caret.start);
    } catch {
      // A field with no caret (a number input): focus is enough.
    }
  }
}

function caretOf(field: HTMLElement | null): Caret | null {
  if (!(field instanceof HTMLInputElement)) return null;
  try {
    return { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return null;
  }
}

/**
 * The early form of this page, while it waits for its screen. A page the app has left (the
 * journey sent the patient on, or back) drops it: what was typed there is not for another page.
 */
function earlyFormOf(page: string | null): EarlyForm | null {
  if (early !== null && early.pathname !== window.location.pathname) early = null;
  return early !== null && (page === null || early.key === page) ? early : null;
}

/** The early form of `page`, for its screen to take (./adopt-early-form.ts): from now on it is the screen's alone. */
export function takeEarlyForm(page: string): EarlyForm | null {
  const taken = earlyFormOf(page);
  early = null;
  return taken;
}

/**
 * The app is on `pathname`: an early form of another page is dropped at once, with any press
 * of Next or Pay held in it. A patient who left the page before its screen took the form (the
 * journey sent them on, or they went Back) and comes back later finds the page as it is then,
 * never a press made long ago.
 */
export function leaveEarlyFormsBut(pathname: string): void {
  if (early !== null && early.pathname !== pathname) early = null;
}

/**
 * Drops the page's early form: its screen shows another page first (a returning patient's
 * page 3), so what was typed on the first page in the meantime is not carried to a later visit of it.
 */
export function dropEarlyForm(): void {
  early = null;
}

/**
 * Notes where the patient is in the form as it leaves a slot (a ref's cleanup runs before
 * React takes the slot off the page, which takes the focus with it).
 */
function noteFocus(form: EarlyForm): void {
  const active = document.activeElement;
  form.focused = active instanceof HTMLElement && form.form.contains(active) ? active : null;
  form.caret = caretOf(form.focused);
}

/**
 * Where the early form of `page` (earlyFormKey) shows while the app loads. In the page's
 * first render (hydration) it is the HTML the server sent, left as it is; after, the same live
 * nodes are moved in, and the field the patient was in is focused again. With no early form
 * of that page (a page that was not sent with one, a static host, or once the screen took its
 * answers), the brand's loading mark, as before.
 */
export function EarlyFormSlot({ page }: { page: string }) {
  // Decided once per slot: the hydration pass must render exactly what the server sent.
  // The shell's slot, hydrating, takes whichever page the server put in it (the route's first,
  // or a page the screen opens with before it); each later slot only the page it is for.
  const [held] = useState(() => {
    const hydrating = isHydrating();
    const form = earlyFormOf(hydrating ? null : page);
    return form === null ? null : { form, mode: hydrating ? ('as-sent' as const) : ('moved' as const) };
  });
  const place = useCallback(
    (element: HTMLDivElement | null) => {
      const form = held?.form;
      if (element === null || form === undefined) return undefined;
      if (held?.mode === 'moved' && !element.contains(form.form)) {
        element.append(...form.nodes);
        const active = document.activeElement;
        if (form.focused !== null && (active === null || active === document.body)) {
          focusLike(form.focused, form.caret);
        }
      }
      return () => {
        noteFocus(form);
      };
    },
    [held],
  );
  if (held === null) {
    return (
      <div {...{ [EARLY_FORM_SLOT]: page }} className={classes.slot}>
        <LoadingIndicator />
      </div>
    );
  }
  if (held.mode === 'as-sent') {
    // React takes the element as it is and never looks inside (the same HTML, so no mismatch).
    return (
      <div
        {...{ [EARLY_FORM_SLOT]: page }}
        className={classes.slot}
        ref={place}
        dangerouslySetInnerHTML={{ __html: held.form.html }}
      />
    );
  }
  return <div {...{ [EARLY_FORM_SLOT]: page }} className={classes.slot} ref={place} />;
}
