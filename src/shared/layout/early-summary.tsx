import { useState } from 'react';
import { EARLY_SUMMARY_OF, EARLY_SUMMARY_SLOT } from '../../contract/early-form.ts';
import { isHydrating } from '../hydration.ts';
import classes from './early-summary.module.css';

/**
 * Issue 28: the payment page's order summary is in the page's HTML (the server renders the
 * product the page sells into the route's shell: src/server/pages.ts), so the patient sees
 * what they are buying, and its price, before the app's script has arrived. It holds no
 * field, so unlike the early form (src/shared/questions/early-form.tsx) nothing is adopted:
 * the same HTML shows wherever the page waits for the product (the shell, then the payment
 * screen's own loading state), and the screen's own summary, the same markup, takes its place
 * when the product has loaded.
 */

interface EarlySummary {
  /** Which product it shows (earlySummaryKey). */
  key: string;
  /** The address it came with: another page's summary is not this one's. */
  pathname: string;
  /** The slot's content as the server sent it. */
  html: string;
}

let early: EarlySummary | null = null;

/** Takes note of the page's order summary, before React hydrates the page (src/main.tsx). */
export function captureEarlySummary(root: ParentNode): void {
  const slot = root.querySelector(`[${EARLY_SUMMARY_SLOT}]`);
  const summary = slot?.querySelector(`[${EARLY_SUMMARY_OF}]`);
  if (slot == null || summary == null) return;
  early = {
    key: summary.getAttribute(EARLY_SUMMARY_OF) ?? '',
    pathname: window.location.pathname,
    html: slot.innerHTML,
  };
}

/** The page's summary, if it is of `product` (or of whatever product, while hydrating) on this address. */
function earlySummaryOf(product: string | null): EarlySummary | null {
  if (early === null || early.pathname !== window.location.pathname) return null;
  return product === null || early.key === product ? early : null;
}

/**
 * Where the order summary shows while the payment page loads: in the page's first render
 * (hydration) what the server sent, left as it is; after, the same HTML when it is of the
 * product the screen is loading (`product`, earlySummaryKey), and nothing otherwise (a page
 * sent without one: a static host, a product the server could not find).
 */
export function EarlySummarySlot({ product = null }: { product?: string | null }) {
  // Decided once per slot: the hydration pass must render exactly what the server sent.
  const [html] = useState(() => earlySummaryOf(isHydrating() ? null : product)?.html ?? null);
  if (html === null) return <div {...{ [EARLY_SUMMARY_SLOT]: '' }} className={classes.slot} />;
  // React takes the element as it is and never looks inside (the same HTML, so no mismatch).
  return <div {...{ [EARLY_SUMMARY_SLOT]: '' }} className={classes.slot} dangerouslySetInnerHTML={{ __html: html }} />;
}
