import type { AnalyticsEvent, AnalyticsOutcome, AnalyticsPage, ExperimentDetail } from '../../contract/data-layer.ts';

export type { AnalyticsEvent, AnalyticsPage, ExperimentDetail };

/**
 * The one way the app reports to the tag manager (SPEC §1): `track(event, { outcome })`.
 * What reaches `window.dataLayer` is built field by field from an allow-list in
 * src/contract/data-layer.ts (an event name from a fixed list, the campaign code, brand,
 * route variant, step index and a coarse outcome of the funnel's machinery, never of the
 * answers), so nothing a patient types, nor anything worked out from it, can get there.
 * That module is loaded with the first event, to keep the first page small; events wait for
 * it in order, in memory only.
 */

type Pending = [event: AnalyticsEvent, outcome: unknown, page: AnalyticsPage | null, split?: ExperimentDetail];

/** Events that wait for the data layer module; more than this while it cannot load are dropped. */
const MAX_PENDING = 100;

let page: AnalyticsPage | null = null;
let pending: Pending[] = [];
let push: ((...event: Pending) => void) | null = null;
let loading: Promise<void> | null = null;

/** Remembers the page the patient is on: the app shell calls it on every page. */
export function setAnalyticsPage(next: AnalyticsPage): void {
  page = next;
}

/**
 * Reports an event with the page's funnel code, brand, variant and step index. Never throws
 * and never waits: tagging must not stop a patient. The outcome is one of the event's own list
 * (its type says which), so an outcome of the answers does not even compile.
 */
export function track<E extends AnalyticsEvent>(event: E, detail?: { outcome?: AnalyticsOutcome<E> }): void {
  report([event, detail?.outcome, page]);
}

/**
 * Reports what the server counted of the patient's split test (issue 29): shown a variant
 * (`experiment_exposure`) or first on one of its steps (`experiment_step`), with only the
 * test's, variant's and code's ids, the funnel version and the step.
 */
export function trackExperiment(event: 'experiment_exposure' | 'experiment_step', detail: ExperimentDetail): void {
  report([event, undefined, null, detail]);
}

function report(item: Pending): void {
  try {
    if (push !== null) {
      push(...item);
      return;
    }
    if (pending.length < MAX_PENDING) pending.push(item);
    loading ??= import('../../contract/data-layer.ts').then(
      (module) => {
        push = module.pushToDataLayer;
        for (const queued of pending.splice(0)) push(...queued);
      },
      () => {
        // Offline: the next event tries again.
        loading = null;
      },
    );
  } catch {
    // Analytics is never worth an error in front of a patient.
  }
}

/** Settles once the events reported so far are in the data layer (tests). */
export function analyticsSettled(): Promise<void> {
  return loading ?? Promise.resolve();
}

/** Forgets the page and any waiting events (tests). */
export function forgetAnalyticsPage(): void {
  page = null;
  pending = [];
}
