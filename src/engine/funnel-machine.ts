import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Site } from './config-types.ts';
import {
  isSamePage,
  type FunnelEngine,
  type FunnelPlan,
  type FunnelProblem,
  type PageLocation,
  type Visit,
} from './funnel-plan.ts';
import { joinUrl, splitUrl } from './url.ts';

export const OFF_LIST = 'off-list';
export const ERROR = 'error';
const STEP_PREFIX = 'step-';

/** The state that stands for step `index` of the funnel. */
export function stepState(index: number): string {
  return `${STEP_PREFIX}${index}`;
}

export interface FunnelContext {
  /** The step list, or null when the visit has no funnel (see `problem`). */
  plan: FunnelPlan | null;
  problem: FunnelProblem | null;
  /** Where the visit goes when it has no funnel: the error page with the query kept. */
  errorUrl: string | null;
  /** The raw query the browser has now; every URL the machine produces carries it. */
  query: string;
  /** The path of a page of this code that is not in its step list (such as /quiz). */
  offListPath: string | null;
  /** The step index the patient is on, -1 off the list; the states set it on entry. */
  position: number;
}

export type FunnelEvent =
  | { type: 'step.next' }
  | { type: 'step.back' }
  /**
   * The browser is now on `url` (path and query), by a link, Back or Forward. `index` is the
   * step index recorded with that history entry, when there is one: it tells the two
   * /mip/calendly steps of microbh apart.
   */
  | { type: 'step.goto'; url: string; index?: number };

/** Where the browser is when the machine starts. */
export interface FunnelEntry {
  url: string;
  index?: number;
}

/**
 * Which step a page is, given the step the patient was on: the recorded index when it fits,
 * the current step when it is still that page, else the nearest step with that page (later
 * on a tie, since Forward is the likelier move). Null when the page is not a step.
 */
export function locateStep(plan: FunnelPlan, page: PageLocation | null, current: number, hint?: number): number | null {
  if (!page) return null;
  const candidates = plan.pages.flatMap((stepPage, index) => (isSamePage(stepPage, page.match) ? [index] : []));
  if (candidates.length === 0) return null;
  if (hint !== undefined && candidates.includes(hint)) return hint;
  let best: number | null = null;
  for (const index of candidates) {
    if (best === null || Math.abs(index - current) <= Math.abs(best - current)) best = index;
  }
  return best;
}

/**
 * Builds the XState machine for one visit. Its states are the funnel's steps (`step-0`,
 * `step-1`, ...), `off-list` for a page of the code that is not a step, and `error` when the
 * code has no funnel or the pathOverride names an unknown key. Position is the step's index,
 * never the first step with a matching path.
 */
export function createFunnelMachine(engine: FunnelEngine, visit: Visit, entry?: FunnelEntry) {
  const planned = engine.planVisit(visit);
  const plan = planned.ok ? planned.plan : null;
  const locations = new WeakMap<object, PageLocation | null>();

  // The page behind a goto event, worked out once however many guards ask.
  const pageOf = (event: { url: string }): PageLocation | null => {
    if (!locations.has(event)) locations.set(event, engine.locate(splitUrl(event.url).pathname));
    return locations.get(event) ?? null;
  };

  // One candidate per step, in order; the guard lets through only the step locateStep picks.
  // They sit on the machine's root, so a funnel of n steps has n of them, not n per state.
  const syncTransitions = [
    ...(plan?.steps ?? []).map((_, index) => ({
      target: `.${stepState(index)}`,
      guard: { type: 'showsStep' as const, params: { index } },
      actions: 'keepQuery' as const,
    })),
    { target: `.${OFF_LIST}`, actions: ['keepQuery' as const, 'rememberPage' as const] },
  ];

  const initial = (() => {
    if (!plan) return ERROR;
    if (!entry) return stepState(0);
    const index = locateStep(plan, engine.locate(splitUrl(entry.url).pathname), -1, entry.index);
    return index === null ? OFF_LIST : stepState(index);
  })();

  const states: Record<string, object> = {
    [ERROR]: { type: 'final' },
    [OFF_LIST]: {
      entry: { type: 'setPosition', params: { index: -1 } },
      on: plan && plan.steps.length > 0 ? { 'step.next': { target: stepState(0) } } : {},
    },
  };
  plan?.steps.forEach((_, index) => {
    states[stepState(index)] = {
      entry: { type: 'setPosition', params: { index } },
      on: {
        ...(index + 1 < plan.steps.length ? { 'step.next': { target: stepState(index + 1) } } : {}),
        ...(index > 0 ? { 'step.back': { target: stepState(index - 1) } } : {}),
      },
    };
  });

  return setup({
    types: { context: {} as FunnelContext, events: {} as FunnelEvent },
    guards: {
      showsStep: ({ context, event }, params: { index: number }) =>
        event.type === 'step.goto' &&
        context.plan !== null &&
        locateStep(context.plan, pageOf(event), context.position, event.index) === params.index,
    },
    actions: {
      setPosition: assign((_, params: { index: number }) => ({ position: params.index })),
      keepQuery: assign({
        query: ({ event }) => (event.type === 'step.goto' ? splitUrl(event.url).query : ''),
      }),
      rememberPage: assign({
        offListPath: ({ event }) => (event.type === 'step.goto' ? splitUrl(event.url).pathname : null),
      }),
    },
  }).createMachine({
    id: 'funnel',
    initial,
    context: {
      plan,
      problem: planned.ok ? null : planned.problem,
      errorUrl: planned.ok ? null : planned.errorUrl,
      query: visit.query,
      offListPath: initial === OFF_LIST && entry ? splitUrl(entry.url).pathname : null,
      position: -1,
    },
    states,
    on: plan ? { 'step.goto': syncTransitions } : {},
  });
}

export type FunnelMachine = ReturnType<typeof createFunnelMachine>;
export type FunnelSnapshot = SnapshotFrom<FunnelMachine>;

/** The step index the machine is on, or null off the list or in error. */
export function stepIndexOf(snapshot: FunnelSnapshot): number | null {
  const value = snapshot.value;
  if (typeof value !== 'string' || !value.startsWith(STEP_PREFIX)) return null;
  return Number(value.slice(STEP_PREFIX.length));
}

/** The URL the browser should show for the machine's state: path plus the current query. */
export function urlOf(snapshot: FunnelSnapshot): string {
  const { plan, errorUrl, query, offListPath } = snapshot.context;
  const index = stepIndexOf(snapshot);
  if (plan && index !== null) return joinUrl(`${plan.steps[index] ?? ''}/${plan.code}`, query);
  if (snapshot.value === OFF_LIST && offListPath !== null) return joinUrl(offListPath, query);
  return errorUrl ?? joinUrl('/error', query);
}

/** Reads a visit from a URL the browser is on, or null when the page carries no campaign code. */
export function visitFromUrl(
  engine: FunnelEngine,
  url: string,
  brand?: Site,
): { visit: Visit; page: PageLocation & { code: string } } | null {
  const { pathname, query } = splitUrl(url);
  const page = engine.locate(pathname);
  if (!page || page.code === null) return null;
  const site = brand ?? (page.match.route.site === 'female' ? 'female' : 'male');
  return { visit: { code: page.code, brand: site, query }, page: { ...page, code: page.code } };
}
