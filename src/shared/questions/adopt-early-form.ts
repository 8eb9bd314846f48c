import { flushSync } from 'react-dom';
import { EARLY_SUBMIT_ATTRIBUTE } from '../../contract/early-form.ts';
import { focusLike, takeEarlyForm } from './early-form.tsx';

/**
 * How a screen's first page takes what the patient did in the page's early form
 * (./early-form.tsx): with the form's screens, not in the code every page loads.
 */

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

/** Sets a field's value as typing would, so React's onChange (the field's own parsing) sees it. */
function type(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  // The prototype's setter: the element's own `value` is React's, which would swallow the change.
  const prototype: unknown = Object.getPrototypeOf(field);
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * The screen's first page (`page`, earlyFormKey), just rendered in `container`, takes what the
 * patient did in the early form: each answer, typed into the same field; the focus and caret;
 * and a press of Next, made again once React has the answers. Done once. A page whose fields
 * are not the early form's (its questions changed between the page and the app's call) takes
 * nothing, and an early press is not made: the patient sees the page as it is now and goes on.
 */
export function adoptEarlyForm(page: string, container: Element | null): void {
  const target = container?.querySelector('form');
  const form = target == null ? null : takeEarlyForm(page);
  if (form === null || target == null) return;
  for (const node of form.nodes) node.remove();
  const from = fieldsOf(form.form);
  const to = fieldsOf(target);
  if (from.length !== to.length || from.some((field, at) => signatureOf(field) !== signatureOf(to[at] ?? field)))
    return;
  // Once React has finished the render that put the page on screen (a microtask: still before
  // the browser paints), each answer is typed in and rendered before the next, so a group of
  // checkboxes adds each choice to the ones before it, not to the group as it first rendered.
  queueMicrotask(() => {
    from.forEach((field, at) => {
      const into = to[at];
      if (into === undefined) return;
      if (isCheckable(field)) {
        if (field.checked && isCheckable(into) && !into.checked) {
          flushSync(() => {
            into.click();
          });
        }
        return;
      }
      if (field.value !== '' && field.value !== into.value) {
        flushSync(() => {
          type(into, field.value);
        });
      }
    });
    // Where the patient was as the early form left the page (its slot noted it).
    const focusedAt = form.focused === null ? -1 : from.indexOf(form.focused as (typeof from)[number]);
    const active = document.activeElement;
    if (focusedAt >= 0 && (active === null || active === document.body)) {
      const into = to[focusedAt];
      if (into !== undefined) focusLike(into, form.caret);
    }
  });
  if (form.form.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) {
    // After React has rendered the answers typed in above: the press checks and saves those.
    setTimeout(() => {
      if (target.isConnected) target.requestSubmit();
    }, 0);
  }
}
