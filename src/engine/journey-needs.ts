import type { JourneyNeed } from './config-types.ts';
import { isSamePage, type FunnelEngine, type FunnelPlan } from './funnel-plan.ts';
import { splitUrl } from './url.ts';

/**
 * What a page needs of the patient's journey (a route's `needs` in config/routes.json), and
 * whether a visit meets it. A page reached without the journey it needs (a cold link to a
 * finish page, a booking page of a funnel without booking) says so and sends the patient to
 * where their journey is, instead of claiming work they did not do. The funnel machine is the
 * one that asks (src/engine/funnel-machine.ts).
 */

/** A funnel step as the patient's journey records it: its URL (path and query) and index. */
export interface SavedStep {
  url: string;
  index: number;
}

/** How far the patient's journey has got in the visit's plan. */
export interface JourneyProgress {
  /** The furthest step index reached by moving on (Next) in this plan; -1 for none. */
  reached: number;
  /** The step the patient was last on, when it is a step of this plan; else null. */
  at: number | null;
  /** Whether the journey has been read; until then only this page's own moves count. */
  known: boolean;
  /** The journey could not be loaded: where the patient is is not known. */
  loadFailed: boolean;
}

/** Nothing known yet: the journey has not been read. */
export const NO_PROGRESS: JourneyProgress = { reached: -1, at: null, known: false, loadFailed: false };

/** A page's need is met (`open`), not (`closed`), or waits for the journey (`checking`). */
export type NeedStatus = 'open' | 'checking' | 'closed';

/**
 * Whether a page that needs `need` opens at step `index` of `plan` (null: the page is off the
 * plan's list). `funnel-step` opens on the list only. `steps-done` opens once the patient has
 * reached the step by moving on (the first step always: nothing comes before it), or when the
 * journey says they were on this very step: a closed page is never recorded as their step, so
 * it was open to them then (a journey saved before `reached` was kept, too); off the list,
 * once they have reached the plan's last step (a thank-you page of a finished funnel).
 */
export function needStatus(
  need: JourneyNeed | undefined,
  plan: Pick<FunnelPlan, 'steps'>,
  index: number | null,
  progress: JourneyProgress,
): NeedStatus {
  if (need === undefined) return 'open';
  if (need === 'funnel-step') return index === null ? 'closed' : 'open';
  const required = index ?? plan.steps.length - 1;
  if (required <= 0 || progress.reached >= required || (index !== null && progress.at === index)) return 'open';
  return progress.known ? 'closed' : 'checking';
}

/**
 * Where a patient on a closed page goes on: the step they were last on, when it is another
 * step and opens for them; else the plan's first step (a cold patient starts).
 */
export function resumeIndex(
  plan: Pick<FunnelPlan, 'steps' | 'pages'>,
  progress: JourneyProgress,
  here: number,
): number {
  const { at } = progress;
  if (at === null || at === here) return 0;
  return needStatus(plan.pages[at]?.route.needs, plan, at, progress) === 'open' ? at : 0;
}

/**
 * The journey's saved step and furthest step as indices of `plan`: a saved step counts when
 * it is a step of the same plan (the same code, and a query that makes the same step list),
 * and its index names that page. Only `reached` says how far the patient has moved on: the
 * step they were last on may be a page they opened by a link (it opens only that page).
 */
export function progressOf(
  engine: FunnelEngine,
  plan: FunnelPlan,
  saved: { step?: SavedStep | undefined; reached?: SavedStep | undefined },
): Pick<JourneyProgress, 'reached' | 'at'> {
  const indexIn = (step: SavedStep | undefined): number | null => {
    if (step === undefined) return null;
    const { pathname, query } = splitUrl(engine.funnelUrl(step.url));
    const page = engine.locate(pathname);
    const stepPage = plan.pages[step.index];
    if (page?.code !== plan.code || stepPage === undefined || !isSamePage(stepPage, page.match)) return null;
    if (query === plan.query) return step.index;
    const other = engine.planVisit({ code: plan.code, brand: plan.site, query });
    return other.ok && other.plan.steps.join(' ') === plan.steps.join(' ') ? step.index : null;
  };
  return { reached: indexIn(saved.reached) ?? -1, at: indexIn(saved.step) };
}
