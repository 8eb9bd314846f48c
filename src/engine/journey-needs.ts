import type { JourneyNeed } from './config-types.ts';
import { isSamePage, type FunnelEngine, type FunnelPlan } from './funnel-plan.ts';
import { journeyRule, resumePlace } from './funnel-resume.ts';
import { stepsVersion, type RecordedFunnel } from './funnel-version.ts';
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
  /**
   * The funnel changed since the journey was saved, and `at` and `reached` are its place mapped
   * onto this plan (movedPlace): the patient resumes there, not at the saved index.
   */
  moved: boolean;
}

/** Nothing known yet: the journey has not been read. */
export const NO_PROGRESS: JourneyProgress = { reached: -1, at: null, known: false, loadFailed: false, moved: false };

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

/** A journey's place as it was loaded: its step, its furthest step and the funnel steps both index. */
export interface LoadedPlace {
  step?: SavedStep | undefined;
  reached?: SavedStep | undefined;
  /** The steps the indices belong to (a journey of version 3); absent in one saved before. */
  funnel?: RecordedFunnel | undefined;
}

/** What the machine hears when the journey is read (`journey.known`), for `progressOf`. */
export interface KnownJourney {
  /** The step and furthest step as the page holds them now, its own moves on top of the saved ones. */
  step?: SavedStep | undefined;
  reached?: SavedStep | undefined;
  /** The journey as loaded, with its funnel steps (see movedPlace). */
  saved?: LoadedPlace | undefined;
  /** The journey's finished parts: a changed funnel never asks again what they hold. */
  completed?: readonly string[] | undefined;
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
  saved: KnownJourney,
): Pick<JourneyProgress, 'reached' | 'at'> & { moved: boolean } {
  const moved =
    saved.saved === undefined ? null : movedPlace(engine, plan, { ...saved.saved, completed: saved.completed });
  if (moved !== null) return moved;
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
  return { reached: indexIn(saved.reached) ?? -1, at: indexIn(saved.step), moved: false };
}

/**
 * The journey's place when the funnel changed since it was saved (issue 26): its step was saved
 * on another step list of the same code and way (the recorded funnel's version is not this
 * plan's), so the place is mapped by the step's identity (resumePlace, src/engine/funnel-resume.ts),
 * never read by its index. Null when nothing changed, or the journey recorded no funnel (saved
 * before version 3), or its step belongs to another way (another variant's link).
 */
function movedPlace(
  engine: FunnelEngine,
  plan: FunnelPlan,
  saved: LoadedPlace & Pick<KnownJourney, 'completed'>,
): (Pick<JourneyProgress, 'reached' | 'at'> & { moved: true }) | null {
  const { funnel, step } = saved;
  if (funnel === undefined || step === undefined || funnel.version === stepsVersion(plan.steps)) return null;
  const { pathname, query } = splitUrl(engine.funnelUrl(step.url));
  if (engine.locate(pathname)?.code !== plan.code) return null;
  // The same way: the saved step's query chooses what this plan's query chooses.
  const way = engine.planVisit({ code: plan.code, brand: plan.site, query });
  if (!way.ok || way.plan.variant !== plan.variant) return null;
  // The step the journey names must be the one its index says on the recorded list.
  if (funnel.steps[step.index] === undefined || !pathname.startsWith(`${funnel.steps[step.index] ?? ''}/`)) return null;
  const reached = saved.reached?.index ?? -1;
  const resumed = resumePlace(
    { steps: funnel.steps, at: step.index, reached: Math.min(reached, funnel.steps.length - 1) },
    plan.steps,
    journeyRule(engine, plan.code, saved.completed ?? []),
  );
  return { at: resumed.at, reached: resumed.reached, moved: true };
}
