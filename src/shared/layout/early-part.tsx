import { useCallback, useState, type ReactNode } from 'react';
import { EARLY_NOTE_OF, EARLY_NOTE_SLOT, EARLY_SUMMARY_OF, EARLY_SUMMARY_SLOT } from '../../contract/early-form.ts';
import { isHydrating } from '../hydration.ts';
import { LoadingIndicator } from './loading-indicator.tsx';
import classes from './early-part.module.css';

/**
 * Issue 28: parts of a screen the server can render into the page's HTML that hold no field, so
 * the patient sees them before the app's script has arrived: a payment page's order summary
 * (the product it sells), and the results page's note to a visitor who has no answers yet.
 * Unlike the early form (src/shared/questions/early-form.tsx) nothing is adopted: the same HTML
 * shows wherever the page waits (the shell, then the screen's own loading state), and the
 * screen's own render of it, the same markup, takes its place when its data has loaded.
 */

/** A kind of part: the attribute of its place, and the attribute on its content naming what it shows. */
interface PartKind {
  slot: string;
  of: string;
}

const SUMMARY: PartKind = { slot: EARLY_SUMMARY_SLOT, of: EARLY_SUMMARY_OF };
const NOTE: PartKind = { slot: EARLY_NOTE_SLOT, of: EARLY_NOTE_OF };

interface EarlyPart {
  /** What it shows (earlySummaryKey, NO_ANSWERS_NOTE). */
  key: string;
  /** The address it came with: another page's part is not this one's. */
  pathname: string;
  /** The slot's content as the server sent it. */
  html: string;
}

/** The parts the page came with, by their slot's attribute. */
const parts = new Map<string, EarlyPart>();

/**
 * Where the patient's focus was when a part left the page (a slot's content is drawn afresh in
 * each place it shows, and at last by the screen): the part's kind and which of its links or
 * buttons, so the next place, or the screen's own render, puts it back. A keyboard user who
 * tabbed to the page's link before the app arrived is not sent back to the top of the page.
 */
let focusLeft: { slot: string; index: number } | null = null;

const FOCUSABLE = 'a[href], button';

/** Takes note of the page's parts (its order summary, its note), before React hydrates the page (src/main.tsx). */
export function captureEarlyParts(root: ParentNode): void {
  for (const kind of [SUMMARY, NOTE]) {
    const slot = root.querySelector(`[${kind.slot}]`);
    const content = slot?.querySelector(`[${kind.of}]`);
    if (slot == null || content == null) continue;
    parts.set(kind.slot, {
      key: content.getAttribute(kind.of) ?? '',
      pathname: window.location.pathname,
      html: slot.innerHTML,
    });
  }
}

/** The page's part of a kind, if it shows `key` (or whatever it shows, while hydrating) on this address. */
function earlyPartOf(kind: PartKind, key: string | null): EarlyPart | null {
  const part = parts.get(kind.slot);
  if (part === undefined || part.pathname !== window.location.pathname) return null;
  return key === null || part.key === key ? part : null;
}

/**
 * A part's place: in the page's first render (hydration) what the server sent, left as it is;
 * after, the same HTML when it shows `of`, and `fallback` otherwise (a page sent without it: a
 * static host, a product the server could not find, a patient with a session).
 */
function EarlyPartSlot({ kind, of, fallback }: { kind: PartKind; of: string | null; fallback: ReactNode }) {
  // Decided once per slot: the hydration pass must render exactly what the server sent.
  const [html] = useState(() => earlyPartOf(kind, isHydrating() ? null : of)?.html ?? null);
  const place = useCallback(
    (element: HTMLDivElement | null) => {
      if (element === null) return undefined;
      const active = document.activeElement;
      if (focusLeft?.slot === kind.slot && (active === null || active === document.body)) {
        element.querySelectorAll<HTMLElement>(FOCUSABLE)[focusLeft.index]?.focus({ preventScroll: true });
        focusLeft = null;
      }
      // Runs before React takes the element off the page, which takes the focus with it.
      return () => {
        const index = [...element.querySelectorAll(FOCUSABLE)].findIndex((item) => item === document.activeElement);
        if (index >= 0) focusLeft = { slot: kind.slot, index };
      };
    },
    [kind],
  );
  const slot = { [kind.slot]: '' };
  if (html === null) {
    return (
      <div {...slot} className={classes.slot}>
        {fallback}
      </div>
    );
  }
  // React takes the element as it is and never looks inside (the same HTML, so no mismatch).
  return <div {...slot} ref={place} className={classes.slot} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * For the screen's own render of the results page's note: its button takes the focus when the
 * patient was on the page's link as it left (a ref callback).
 */
export function focusLikeEarlyNote(button: HTMLElement | null): void {
  if (button === null || focusLeft?.slot !== NOTE.slot) return;
  const active = document.activeElement;
  if (active === null || active === document.body) button.focus({ preventScroll: true });
  focusLeft = null;
}

/**
 * Where a payment page's order summary shows while the page loads: of the product the screen is
 * loading (`product`, earlySummaryKey; any, in the shell), and nothing when the page has none.
 */
export function EarlySummarySlot({ product = null }: { product?: string | null }) {
  return <EarlyPartSlot kind={SUMMARY} of={product} fallback={null} />;
}

/**
 * Where the results page says it has no answers to show (`note`, NO_ANSWERS_NOTE; any, in the
 * shell) while it checks the patient's journey: the server sends it to a visitor with no
 * session. The brand's loading mark when the page has none (a patient the server could not
 * rule out).
 */
export function EarlyNoteSlot({ note = null }: { note?: string | null }) {
  return <EarlyPartSlot kind={NOTE} of={note} fallback={<LoadingIndicator />} />;
}
