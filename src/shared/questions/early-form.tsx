import { useState } from 'react';
import { isHydrating } from '../hydration.ts';
import { LoadingIndicator } from '../layout/loading-indicator.tsx';
import classes from './early-form.module.css';
import { EARLY_FORM_SLOT, EARLY_SUBMIT_ATTRIBUTE } from '../../contract/early-form.ts';

/**
 * Issue 28: the first page of a form is in the page's HTML, before any script (the server
 * renders it into the route's shell: src/server/early-forms.ts), so a patient on a slow line
 * answers while the app loads. React never hydrates that form: its nodes live outside React,
 * and each place that shows the form while the app is loading (the shell, then the screen's
 * own loading state) is an `EarlyFormSlot` that the same live nodes move into, with what the
 * patient typed and chose in them. When the screen's real first page renders, `adoptEarlyForm`
 * replays every answer into it through its own fields, as if typed there, moves the focus
 * (and the caret) to the same field, and presses Next if the patient pressed it before the
 * app arrived (src/page-start.ts holds that press).
 */

interface EarlyForm {
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

/** The fields that hold answers, in order: the early form and the screen's page have the same. */
function fieldsOf(form: HTMLFormElement): (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] {
  return [...form.elements].filter(
    (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
      (element instanceof HTMLInputElement &&
        !['hidden', 'submit', 'button', 'reset', 'image'].includes(element.type)) ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement,
  );
}

function isCheckable(field: Element): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');
}

/** What a field is, so the two forms' fields can be paired: a choice by its value. */
function signatureOf(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string {
  return `${field.tagName}:${field.type}:${isCheckable(field) ? field.value : ''}`;
}

/** Focuses a field without scrolling, putting the caret where it was. */
function focusLike(target: HTMLElement, caret: { start: number | null; end: number | null } | null): void {
  target.focus({ preventScroll: true });
  if (caret !== null && caret.start !== null && target instanceof HTMLInputElement) {
    try {
      target.setSelectionRange(caret.start, caret.end ?? caret.start);
    } catch {
      // A field with no caret (a number input): focus is enough.
    }
  }
}

function caretOf(field: HTMLElement | null): { start: number | null; end: number | null } | null {
  if (!(field instanceof HTMLInputElement)) return null;
  try {
    return { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return null;
  }
}

/** Sets a field's value as typing would, so React's onChange (the field's own parsing) sees it. */
function type(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  // The prototype's setter: the element's own `value` is React's, which would swallow the change.
  const prototype: unknown = Object.getPrototypeOf(field);
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The early form of this page, when the page came with one the screen has not taken yet. */
function earlyFormOf(page: string): EarlyForm | null {
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

/**
 * The screen's first page (`page`, earlyFormKey), just rendered in `container`, takes what the patient did in the
 * early form: each answer, typed into the same field; the focus and caret; and a press of
 * Next, made again once React has the answers. Done once; a page whose fields are not the
 * early form's (the content changed in between) takes nothing.
 */
export function adoptEarlyForm(page: string, container: Element | null): void {
  const form = earlyFormOf(page);
  const target = container?.querySelector('form');
  if (form === null || target == null) return;
  form.adopted = true;
  for (const node of form.nodes) node.remove();
  const from = fieldsOf(form.form);
  const to = fieldsOf(target);
  if (from.length !== to.length || from.some((field, at) => signatureOf(field) !== signatureOf(to[at] ?? field)))
    return;
  from.forEach((field, at) => {
    const into = to[at];
    if (into === undefined) return;
    if (isCheckable(field)) {
      if (field.checked && isCheckable(into) && !into.checked) into.click();
      return;
    }
    if (field.value !== '' && field.value !== into.value) type(into, field.value);
  });
  const focusedAt = form.focused === null ? -1 : from.indexOf(form.focused as (typeof from)[number]);
  const active = document.activeElement;
  if (focusedAt >= 0 && (active === null || active === document.body)) {
    const into = to[focusedAt];
    if (into !== undefined) focusLike(into, caretOf(form.focused));
  }
  if (form.form.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) {
    // After React has rendered the answers typed in above: the press checks and saves those.
    setTimeout(() => {
      if (target.isConnected) target.requestSubmit();
    }, 0);
  }
}
