import { flushSync } from 'react-dom';
import { EARLY_SUBMIT_ATTRIBUTE } from '../../contract/early-form.ts';
import { focusLike, takeEarlyForm } from './early-form.tsx';

/**
 * How a screen's first page takes what the patient did in the page's early form
 * (./early-form.tsx): with the form's screens, not in the code every page loads.
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The fields that hold answers, in order: the early form and the screen's page have the same. */
function fieldsOf(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(
    (element): element is Field =>
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
function signatureOf(field: Field): string {
  return `${field.tagName}:${field.type}:${isCheckable(field) ? field.value : ''}`;
}

/**
 * How the early form's fields find the screen's. In order, one for one (a page of questions:
 * the same questions in the same order, or nothing is carried), or by each field's
 * `autocomplete` (the payment form: the screen may add a field the page could not know of,
 * such as the marketing box of a patient not asked it before, and every field there names
 * what it holds).
 */
export type EarlyFieldPairing = 'in-order' | 'by-autocomplete';

/** Each early field with the screen's field it goes into, or null when the two forms do not match. */
function pairFields(from: readonly Field[], to: readonly Field[], pairing: EarlyFieldPairing): [Field, Field][] | null {
  const nameOf = (field: Field) => field.getAttribute('autocomplete') ?? '';
  const named = to.filter((field) => nameOf(field) !== '');
  const byName = new Map(named.map((field) => [nameOf(field), field]));
  const matchable =
    pairing === 'in-order'
      ? from.length === to.length
      : byName.size === named.length && new Set(from.map(nameOf)).size === from.length;
  if (!matchable) return null;
  const pairs = from.map((field, at): [Field, Field | undefined] => [
    field,
    pairing === 'in-order' ? to[at] : nameOf(field) === '' ? undefined : byName.get(nameOf(field)),
  ]);
  return pairs.every(
    (pair): pair is [Field, Field] => pair[1] !== undefined && signatureOf(pair[0]) === signatureOf(pair[1]),
  )
    ? pairs
    : null;
}

/** Sets a field's value as typing would, so React's onChange (the field's own parsing) sees it. */
function type(field: Field, value: string): void {
  // The prototype's setter: the element's own `value` is React's, which would swallow the change.
  const prototype: unknown = Object.getPrototypeOf(field);
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * The screen's first page (`page`, earlyFormKey), just rendered in `container`, takes what the
 * patient did in the early form: each answer, typed into the same field; the focus and caret;
 * and a press of Next (or Pay), made again once React has the answers, when the screen shows
 * what the patient saw as they pressed. Done once. A page whose fields do not pair with the
 * early form's (`pairing`: its questions changed between the page and the app's call) takes
 * nothing, and an early press is not made: the patient sees the page as it is now and goes on.
 */
export function adoptEarlyForm(page: string, container: Element | null, pairing: EarlyFieldPairing = 'in-order'): void {
  const target = container?.querySelector('form');
  const form = target == null ? null : takeEarlyForm(page);
  if (form === null || target == null) return;
  for (const node of form.nodes) node.remove();
  const pairs = pairFields(fieldsOf(form.form), fieldsOf(target), pairing);
  if (pairs === null) return;
  // Once React has finished the render that put the page on screen (a microtask: still before
  // the browser paints), each answer is typed in and rendered before the next, so a group of
  // checkboxes adds each choice to the ones before it, not to the group as it first rendered.
  queueMicrotask(() => {
    for (const [field, into] of pairs) {
      if (isCheckable(field)) {
        if (field.checked && isCheckable(into) && !into.checked) {
          flushSync(() => {
            into.click();
          });
        }
        continue;
      }
      // An empty field keeps what the screen has in it (a payment form filled in from the journey).
      if (field.value !== '' && field.value !== into.value) {
        flushSync(() => {
          type(into, field.value);
        });
      }
    }
    // Where the patient was as the early form left the page (its slot noted it).
    const pair = pairs.find(([field]) => field === form.focused);
    const active = document.activeElement;
    if (pair !== undefined && (active === null || active === document.body)) {
      const [field, into] = pair;
      // A caret at the end of what was typed stays at the end of the field: the app's field
      // may show the same text longer (a card number grouped in fours), and the patient goes
      // on typing at its end, not in the middle.
      const atEnd =
        form.caret !== null && form.caret.start === field.value.length && form.caret.end === form.caret.start;
      focusLike(into, atEnd ? { start: into.value.length, end: into.value.length } : form.caret);
    }
  });
  const pressed = form.form.getAttribute(EARLY_SUBMIT_ATTRIBUTE);
  if (pressed === null) return;
  // The press is made only on what the patient saw when they made it: the same button (a
  // price changed since says so on Pay) and no field the screen filled in that was empty then
  // (a returning patient's saved answers). Otherwise the patient sees the page as it is now,
  // with the focus on its button, and presses again.
  const submit = target.querySelector<HTMLButtonElement>('button[type="submit"]');
  const sameButton = submit !== null && submit.textContent.trim() === pressed.trim();
  const filledByScreen = pairs.some(([field, into]) => !isCheckable(field) && field.value === '' && into.value !== '');
  setTimeout(() => {
    if (!target.isConnected) return;
    // After React has rendered the answers typed in above: the press checks and saves those.
    if (sameButton && !filledByScreen) target.requestSubmit();
    else submit?.focus({ preventScroll: false });
  }, 0);
}
