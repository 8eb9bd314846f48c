import { recordedFunnel, type RecordedFunnel } from './funnel-version.ts';
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { JourneyNeed, Site } from './config-types.ts';
import {
  isSamePage,
  stepUrl,
  type FunnelEngine,
  type FunnelPlan,
  type FunnelProblem,
  type PageLocation,
  type Visit,
} from './funnel-plan.ts';
import {
  needStatus,
  NO_PROGRESS,
  progressOf,
  resumeIndex,
  type KnownJourney,
  type JourneyProgress,
  type NeedStatus,
  type SavedStep,
} from './journey-needs.ts';
import { joinUrl, splitUrl } from './url.ts';
import { dueFacts, factsOfRoute, landingIndex, type StepFacts } from './step-facts.ts';

/** The parent of the step states and `off-list`: the visit is under way. */
export const ACTIVE = 'active';
export const OFF_LIST = 'off-list';
export const ERROR = 'error';
export const LEFT = 'left';

/** Where a visit is: on a step, on a page of its code that is not a step, left, or in error. */
export type FunnelPlace = 'step' | typeof OFF_LIST | typeof LEFT | typeof ERROR;

/** The state that stands for step `index` of the funnel. */
export function stepState(index: number): string {
  return `step-${index}`;
}

/** Within a step: shown, or saving the move to the next one (when the visit saves its steps). */
export const SHOWN = 'shown';
export const SAVING = 'saving';

/**
 * The named actors that do a step's work when the patient moves on, in the order they run,
 * before the step's one journey write (`saveStep`): the lead, the identity check, the booking.
 * A `step.next` carries input for the ones its step needs; the app provides them
 * (src/app/step-work.ts). The engine knows their names and order, never what they do.
 */
export const STEP_WORK = ['saveLead', 'checkIdentity', 'bookConsult'] as const;
export type StepWorkName = (typeof STEP_WORK)[number];

/** The input of each work actor a move needs, by name; a name left out is not run. */
export type StepWork = Partial<Record<StepWorkName, unknown>>;

/**
 * What a work actor produced: `record`, the change that records it in the journey (the engine
 * passes it to `saveStep` untouched), and `stay` when the step is not done with (an identity
 * check that needs a review): the journey is written all the same, and the patient stays.
 */
export interface StepWorkDone {
  record?: unknown;
  stay?: boolean;
}

/**
 * What the `saveStep` actor is given when the patient moves on: the step they are moving to
 * (the step they are on when a work actor said `stay`), and everything the move produced, for
 * one journey write.
 */
export interface StepSaveInput {
  to: { url: string; index: number };
  /** The furthest step the patient has now moved on to in this plan (`to`, or one reached before). */
  reached: { url: string; index: number };
  /** The plan's steps and version, which `to` and `reached` index (the journey's `funnel`). */
  funnel: RecordedFunnel;
  /**
   * The records of the move, in order: each work actor's, then the one the screen handed over
   * with `step.next`. Empty when the move produced none.
   */
  records: unknown[];
}

/** Within `saving`: one state per work actor the move needs (named after it), then the journey. */
export const SAVING_JOURNEY = 'journey';

/** How a visit's machine behaves beyond its plan. */
export interface FunnelOptions {
  /**
   * Moving on saves first: `step.next` enters the step's `saving` state, invokes each work
   * actor (STEP_WORK) the event carries input for, then the `saveStep` actor once, and moves
   * only when all succeed; a failure keeps the step, with the error in `context.error`. Without
   * it (simulation, the config's own checks) the machine moves at once, as nothing is saved.
   * @default false
   */
  saveSteps?: boolean;
  /**
   * Keeps each step's door with the facts the patient's journey holds (issue 37,
   * src/engine/step-facts.ts): until `journey.known` says what they are, a step that is due
   * some is `checking`; once known, a step whose due facts are not held brings the patient to
   * where the work is (the furthest step before it whose due facts they hold), with `arrival`
   * saying why. Without it (simulation, the config's own checks) the machine walks as if the
   * patient did each step's work; a test that sends `journey.known` with `facts` sees the doors
   * all the same.
   * @default false
   */
  keepsDoors?: boolean;
  /**
   * The visit reads the patient's journey itself: while it is under way the machine invokes its
   * `loadJourney` actor once (the app provides it: the journey store's read and the proof of its
   * facts), and hears what it answers as `journey.known`. Hearing it decides the visit's return:
   * a campaign link opened by a returning patient goes on to the step they were on, and a place
   * the funnel has changed under is mapped onto today's steps (the `returnsTo…` guards). A
   * `loadJourney` that answers null hands the journey to another machine (the patient's split
   * test variant's); one that fails is heard as a journey that could not be read. Without it
   * (simulation, the config's checks, machine tests) `journey.known` is sent by whoever drives
   * the machine, and the return is decided the same way.
   * @default false
   */
  loadsJourney?: boolean;
}

/** What `loadJourney` answers: the patient's journey as `journey.known` carries it. */
export type HeardJourney = Omit<Extract<FunnelEvent, { type: 'journey.known' }>, 'type'>;

export interface FunnelContext {
  /** The step list, or null when the visit has no funnel (see `problem`). */
  plan: FunnelPlan | null;
  problem: FunnelProblem | null;
  /** Where the visit goes when it has no funnel: the error page with the query kept. */
  errorUrl: string | null;
  /** The raw query the browser has now; every URL the machine produces carries it. */
  query: string;
  /**
   * The path the browser is on when it is not a step: a page of this code that is not in its
   * list (such as /quiz), or, once the visit has `left`, the page it left for.
   */
  pagePath: string | null;
  /** The step index the patient is on, -1 off the list; the states set it on entry. */
  position: number;
  /** The work the last `step.next` carried, for the work actors; undefined when none. */
  work: StepWork | undefined;
  /** The record the last `step.next` carried, for the journey write. */
  record: unknown;
  /** What the move's work actors have produced so far, in order. */
  done: StepWorkDone[];
  /** Why the last move on could not be saved; cleared by the next attempt and on a new step. */
  error: Error | null;
  /** What the page the visit is on needs of the journey (its route's `needs`); set on entering it. */
  need: JourneyNeed | undefined;
  /** How far the patient's journey has got in this plan: from the journey (`journey.known`) and each Next. */
  progress: JourneyProgress;
  /**
   * The facts the patient's journey holds (src/engine/step-facts.ts), as the app proved them
   * when it was read (`journey.known`); null until then.
   */
  held: readonly string[] | null;
  /** The facts the steps this visit moved on from produced (a page left with Next has done its work). */
  produced: readonly string[];
  /** FunnelOptions.keepsDoors: a step waits for the journey's facts, not only for those it is told. */
  keepsDoors: boolean;
  /**
   * The patient arrived at a step they did not hold what it is due (a cold link to a booking)
   * and the machine brought them to step `at`, where the work is; `missing` says what they lacked.
   */
  arrival: Arrival | null;
  /**
   * The patient opened this visit's address by a link (FunnelEntry.byLink), and has made no
   * move of their own since: a returning patient's campaign link goes on to their step.
   */
  byLink: boolean;
  /** The step the journey was saved on (as it was read), for the return; undefined until known or when none. */
  savedStep: SavedStep | undefined;
  /**
   * The step the machine brought the patient to in place of the page they opened, which is no
   * longer a step of theirs (the funnel changed under them): its address replaces the one
   * opened, so Back does not return to it. Null otherwise.
   */
  entryReplaced: number | null;
}

/** Why the machine brought the patient to the step they are on instead of the one they opened. */
export interface Arrival {
  /** The step they were brought to. */
  at: number;
  /** The step they opened. */
  from: number;
  /** The facts that step is due and they did not hold, in its order. */
  missing: readonly string[];
  /** Those of them the opened step requires itself (config `requires`), not through a step before it. */
  own: readonly string[];
  /** Those of them the step they were brought to produces: the work they do here. */
  here: readonly string[];
}

export type FunnelEvent =
  /**
   * Move on. `work` is the input of the work actors the step needs (STEP_WORK), run first;
   * `record` is what the screen itself produced, written with the step (FunnelOptions.saveSteps).
   */
  | { type: 'step.next'; work?: StepWork; record?: unknown }
  | { type: 'step.back' }
  /**
   * The browser is now on `url` (path and query), by a link, Back or Forward. `index` is the
   * step index recorded with that history entry, when there is one: it tells the two
   * /mip/calendly steps of microbh apart.
   */
  | { type: 'step.goto'; url: string; index?: number }
  /**
   * The patient's journey has been read: the step they were last on and the furthest step they
   * moved on to, as saved, and the facts it holds (src/engine/step-facts.ts; none when it has
   * none); `loadFailed` when it could not be read.
   */
  | (KnownJourney & { type: 'journey.known'; loadFailed?: boolean; facts?: readonly string[] })
  /** From a page whose need is not met: go to where the patient's journey is (see resumeIndex). */
  | { type: 'journey.resume' }
  /**
   * Raised by the machine itself once `journey.known` has been heard and the doors have had
   * their say: the visit's return is decided on it (the `returnsTo…` guards). Not for the app.
   */
  | { type: 'journey.heard' };

/** Where the browser is when the machine starts. */
export interface FunnelEntry {
  url: string;
  index?: number;
  /**
   * The browser came to `url` by a link (typed, a campaign link, an email), not by a move of
   * the patient's own (Back, Forward, a step index in the history entry): only then does a
   * returning patient's campaign link go on to the step they were on.
   * @default false
   */
  byLink?: boolean;
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
 * `step-1`, ...), `off-list` for a page of the code that is not a step, `error` when the
 * code has no funnel or the pathOverride names an unknown key, and `left` when the browser
 * goes to a page of another visit (the app then starts a machine for that one). Position is
 * the step's index, never the first step with a matching path.
 */
export function createFunnelMachine(
  engine: FunnelEngine,
  given: Visit,
  entry?: FunnelEntry,
  options: FunnelOptions = {},
) {
  // The form page number moves within a step: the funnel never sees it, so it never travels.
  const visit = { ...given, query: splitUrl(engine.funnelUrl(`/?${given.query}`)).query };
  const planned = engine.planVisit(visit);
  const plan = planned.ok ? planned.plan : null;
  const locations = new WeakMap<object, PageLocation | null>();

  // The page behind a goto event, worked out once however many guards ask.
  const pageOf = (event: { url: string }): PageLocation | null => {
    if (!locations.has(event)) locations.set(event, engine.locate(splitUrl(engine.funnelUrl(event.url)).pathname));
    return locations.get(event) ?? null;
  };

  // One candidate per step, in order; the guard lets through only the step locateStep picks.
  // They sit on the machine's root, so a funnel of n steps has n of them, not n per state.
  // A move of the browser is the patient's own (ownMove): a campaign link no longer returns them.
  const syncTransitions = [
    {
      target: LEFT,
      guard: 'isOtherVisit' as const,
      actions: ['keepQuery' as const, 'rememberPage' as const, 'ownMove' as const],
    },
    ...(plan?.steps ?? []).map((_, index) => ({
      target: `.${stepState(index)}`,
      guard: { type: 'showsStep' as const, params: { index } },
      actions: ['keepQuery' as const, 'ownMove' as const],
    })),
    { target: `.${OFF_LIST}`, actions: ['keepQuery' as const, 'rememberPage' as const, 'ownMove' as const] },
  ];
  // The visit's return, once the journey is heard: the first of these whose guard holds.
  const returnTransitions = [
    { guard: 'returnsToGonePage' as const, actions: ['replaceEntry' as const, 'returnToMapped' as const] },
    { guard: 'returnsToMapped' as const, actions: 'returnToMapped' as const },
    { guard: 'returnsToSaved' as const, actions: 'returnToSaved' as const },
  ];
  // From a page whose need is not met, to the one step resumeIndex picks.
  const resumeTransitions = (plan?.steps ?? []).map((_, index) => ({
    target: `.${stepState(index)}`,
    guard: { type: 'resumesAt' as const, params: { index } },
  }));

  // What the page at a step index (-1: the off-list page at `pagePath`) needs of the journey.
  const needAt = (index: number, pagePath: string | null): JourneyNeed | undefined => {
    if (index >= 0) return plan?.pages[index]?.route.needs;
    return pagePath === null ? undefined : engine.locate(pagePath)?.match.route.needs;
  };
  // What each step of the plan requires and produces, and which facts later steps are due.
  const pathFacts: readonly StepFacts[] = plan?.pages.map((page) => factsOfRoute(page.route)) ?? [];
  const gate = (context: FunnelContext): NeedStatus =>
    context.plan === null ? 'open' : combinedGate(context, pathFacts);
  // Where a patient who opened step `from`, holding what they hold, is brought; null when it opens.
  // The saved step's visit: the same code and query as this one's is a place on these steps.
  const savedHere = (context: FunnelContext): boolean => {
    const saved = context.savedStep;
    if (saved === undefined || context.plan === null) return false;
    const savedVisit = visitFromUrl(engine, saved.url, context.plan.site)?.visit;
    return savedVisit?.code === context.plan.code && savedVisit.query === context.query;
  };
  // The mapped place's URL (the funnel changed since the journey was saved), as a browser move.
  const mappedGoto = (context: FunnelContext) => {
    const at = context.progress.at ?? 0;
    return {
      type: 'step.goto' as const,
      url: plan === null ? '' : stepUrl({ ...plan, query: context.query }, at),
      index: at,
    };
  };
  const landing = (context: FunnelContext): number | null => {
    const lacking = missingFacts(context, pathFacts);
    if (lacking.length === 0 || context.held === null || context.progress.loadFailed) return null;
    const at = landingIndex(pathFacts, context.position, [...context.held, ...context.produced]);
    return at === context.position ? null : at;
  };

  const initialStep = (() => {
    if (!plan || !entry) return stepState(0);
    const index = locateStep(plan, engine.locate(splitUrl(entry.url).pathname), -1, entry.index);
    return index === null ? OFF_LIST : stepState(index);
  })();

  // Moving on from state `from` to step `to`: at once, or by way of `saving` (each work actor
  // the move carries input for, in STEP_WORK order, then the one journey write). Any of them
  // failing goes back to `shown`; a work actor that says `stay` writes the journey and stays.
  const moveOn = (from: string, to: number, index: number) => {
    const target = `#funnel.${ACTIVE}.${stepState(to)}`;
    // Moving on reaches the step: a page that needs the steps before it done opens.
    const reach = { type: 'reach' as const, params: { index: to } };
    if (options.saveSteps !== true) return { 'step.next': { target, guard: 'pageOpen' as const, actions: reach } };
    const shown = `#funnel.${ACTIVE}.${from}.${SHOWN}`;
    const failed = { target: shown, actions: 'keepError' as const };
    // The first of the work actors from `start` on that the move carries input for, else the journey.
    const firstWork = (start: number, guard: 'moveCarries' | 'workCarries') => [
      ...STEP_WORK.slice(start).map((name) => ({
        guard: { type: guard, params: { name } },
        target: `#funnel.${ACTIVE}.${from}.${SAVING}.${name}`,
      })),
      { target: `#funnel.${ACTIVE}.${from}.${SAVING}.${SAVING_JOURNEY}` },
    ];
    const workStates = Object.fromEntries(
      STEP_WORK.map((name, position) => [
        name,
        {
          invoke: {
            src: name,
            input: ({ context }: { context: FunnelContext }) => context.work?.[name],
            onDone: firstWork(position + 1, 'workCarries').map((transition) => ({
              ...transition,
              actions: 'keepDone' as const,
            })),
            onError: failed,
          },
        },
      ]),
    );
    return {
      on: {
        // Only an open page moves on (pageOpen); the work is kept for the actors (keepSave).
        'step.next': firstWork(0, 'moveCarries').map((transition) => ({
          ...transition,
          guard:
            'guard' in transition
              ? { type: 'openAndCarries' as const, params: transition.guard.params }
              : ('pageOpen' as const),
          actions: 'keepSave' as const,
        })),
      },
      saving: {
        tags: [SAVING],
        // Next pressed before the journey came: the patient's own move wins, no return is decided.
        on: { 'journey.known': { actions: 'knowJourney' as const } },
        initial: SAVING_JOURNEY,
        states: {
          ...workStates,
          [SAVING_JOURNEY]: {
            invoke: {
              src: 'saveStep' as const,
              input: ({ context }: { context: FunnelContext }): StepSaveInput => {
                const at = (step: number) => ({
                  url: plan ? stepUrl({ steps: plan.steps, code: plan.code, query: context.query }, step) : '',
                  index: step,
                });
                const stays = context.done.some((done) => done.stay === true);
                const records = [...context.done.map((done) => done.record), context.record].filter(
                  (record) => record !== undefined,
                );
                return {
                  to: at(stays ? index : to),
                  reached: at(Math.max(stays ? index : to, context.progress.reached)),
                  funnel: recordedFunnel({ steps: plan?.steps ?? [] }),
                  records,
                };
              },
              onDone: [
                { guard: 'workSaysStay' as const, target: shown, actions: 'forgetMove' as const },
                { target, actions: reach },
              ],
              onError: failed,
            },
          },
        },
      },
    };
  };
  // A step whose Next saves first is two states, shown and saving; position is set on entering the step.
  const stepStates = (name: string, index: number, next: number | null, extra: object) => {
    const move = next === null ? null : moveOn(name, next, index);
    const entry = [{ type: 'setPosition', params: { index } }];
    if (move === null || !('saving' in move)) {
      return { entry, on: { ...(move ?? {}), ...extra } };
    }
    return {
      entry,
      initial: SHOWN,
      on: extra,
      states: { [SHOWN]: { on: move.on }, [SAVING]: move.saving },
    };
  };

  const steps: Record<string, object> = {
    [OFF_LIST]: stepStates(OFF_LIST, -1, plan && plan.steps.length > 0 ? 0 : null, {}),
  };
  plan?.steps.forEach((_, index) => {
    steps[stepState(index)] = {
      ...stepStates(
        stepState(index),
        index,
        index + 1 < plan.steps.length ? index + 1 : null,
        index > 0 ? { 'step.back': { target: stepState(index - 1) } } : {},
      ),
      // A step the patient does not hold what it is due (a cold link, a second tab, a return
      // link) is not theirs yet: once the journey says so, they are brought to where the work is.
      always: Array.from({ length: index }, (_unused, to) => ({
        target: stepState(to),
        guard: { type: 'landsAt' as const, params: { index: to } },
        actions: 'keepArrival' as const,
      })),
    };
  });

  return setup({
    types: { context: {} as FunnelContext, events: {} as FunnelEvent },
    // The app provides the real ones (machine.provide); these stand in where nothing is saved.
    actors: {
      saveStep: fromPromise<undefined, StepSaveInput>(() => Promise.resolve(undefined)),
      saveLead: fromPromise<StepWorkDone, unknown>(() => Promise.resolve({})),
      checkIdentity: fromPromise<StepWorkDone, unknown>(() => Promise.resolve({})),
      bookConsult: fromPromise<StepWorkDone, unknown>(() => Promise.resolve({})),
      // Invoked only with FunnelOptions.loadsJourney; this one hears a new patient's empty journey.
      loadJourney: fromPromise<HeardJourney | null>(() => Promise.resolve({})),
    },
    guards: {
      // Whether the move carries input for a work actor: on an open page only, like every move on.
      openAndCarries: ({ context, event }, params: { name: StepWorkName }) =>
        event.type === 'step.next' && event.work?.[params.name] !== undefined && gate(context) === 'open',
      moveCarries: ({ event }, params: { name: StepWorkName }) =>
        event.type === 'step.next' && event.work?.[params.name] !== undefined,
      workCarries: ({ context }, params: { name: StepWorkName }) => context.work?.[params.name] !== undefined,
      workSaysStay: ({ context }) => context.done.some((done) => done.stay === true),
      // A page whose need is not met (or not yet known) offers no way on but to the patient's journey.
      pageOpen: ({ context }) => gate(context) === 'open',
      landsAt: ({ context }, params: { index: number }) => landing(context) === params.index,
      // The return (journey.heard). The funnel changed since the journey was saved, and the
      // machine has mapped the place onto today's steps (src/engine/funnel-resume.ts): the saved
      // index names another step now. Their own step's page, gone from the funnel, opened as a
      // page off it (whose Next leads nowhere onward): to the mapped step, replacing the address.
      returnsToGonePage: ({ context }) =>
        context.progress.moved &&
        context.progress.at !== null &&
        context.position === -1 &&
        context.savedStep !== undefined &&
        context.pagePath !== null &&
        splitUrl(context.savedStep.url).pathname === context.pagePath,
      // From the campaign link opened by a link, or from a page past the mapped place (a
      // payment added before it): to the mapped step.
      returnsToMapped: ({ context }) => {
        const { at, moved } = context.progress;
        const here = context.position;
        return moved && at !== null && here >= 0 && here !== at && ((here === 0 && context.byLink) || here > at);
      },
      // A returning patient's campaign link, opened by a link, goes on to the step they were on,
      // when it belongs to this same visit (its code and query).
      returnsToSaved: ({ context }) =>
        !context.progress.moved &&
        context.byLink &&
        context.position === 0 &&
        context.savedStep !== undefined &&
        context.savedStep.index !== 0 &&
        savedHere(context),
      // A loadJourney that answers null has handed the journey to another machine.
      heardJourney: ({ event }) => (event as { output?: unknown }).output != null,
      resumesAt: ({ context }, params: { index: number }) =>
        context.plan !== null &&
        gate(context) === 'closed' &&
        resumeIndex(context.plan, context.progress, context.position) === params.index,
      // Another code, a page the funnel does not drive, or a query that changes the step
      // list (a variant or pathOverride) is another visit: this machine's plan no longer holds.
      isOtherVisit: ({ context, event }) => {
        if (event.type !== 'step.goto' || context.plan === null) return false;
        const page = pageOf(event);
        if (page?.match.route.funnel !== true || page.code !== context.plan.code) return true;
        const query = splitUrl(engine.funnelUrl(event.url)).query;
        if (query === context.query) return false;
        const replanned = engine.planVisit({ code: context.plan.code, brand: context.plan.site, query });
        return (
          !replanned.ok ||
          replanned.plan.variant !== context.plan.variant ||
          replanned.plan.steps.join(' ') !== context.plan.steps.join(' ')
        );
      },
      showsStep: ({ context, event }, params: { index: number }) =>
        event.type === 'step.goto' &&
        context.plan !== null &&
        locateStep(context.plan, pageOf(event), context.position, event.index) === params.index,
    },
    actions: {
      // A new step lets go of the last move's work: the patient's answers stay in the machine no
      // longer than the save that needed them.
      setPosition: assign(({ context }, params: { index: number }) => ({
        position: params.index,
        error: null,
        work: undefined,
        record: undefined,
        done: [],
        need: needAt(params.index, context.pagePath),
        // The word on why the patient is here belongs to the step they were brought to alone.
        arrival: context.arrival?.at === params.index ? context.arrival : null,
        entryReplaced: context.entryReplaced === params.index ? context.entryReplaced : null,
      })),
      // Moving on reaches the step, and the step left has done its work: what it produces is held.
      reach: assign(({ context }, params: { index: number }) => ({
        progress: { ...context.progress, reached: Math.max(context.progress.reached, params.index) },
        produced: [
          ...context.produced,
          ...(pathFacts[context.position]?.produces ?? []).filter((fact) => !context.produced.includes(fact)),
        ],
      })),
      ownMove: assign({ byLink: false }),
      replaceEntry: assign({ entryReplaced: ({ context }) => context.progress.at }),
      returnToMapped: raise(({ context }) => mappedGoto(context)),
      returnToSaved: raise(({ context }) => ({
        type: 'step.goto' as const,
        url: context.savedStep?.url ?? '',
        index: context.savedStep?.index ?? 0,
      })),
      // Heard after the doors have had their say (the `always` transitions of the step the
      // journey.known left the patient on), so the return sees where they stand.
      heard: raise({ type: 'journey.heard' as const }),
      hearLoaded: raise(({ event }) => ({
        type: 'journey.known' as const,
        ...((event as { output?: HeardJourney }).output ?? {}),
      })),
      hearFailed: raise({ type: 'journey.known' as const, loadFailed: true }),
      keepArrival: assign(({ context }) => {
        const missing = missingFacts(context, pathFacts);
        const own = pathFacts[context.position]?.requires ?? [];
        const at = landing(context) ?? 0;
        const here = pathFacts[at]?.produces ?? [];
        return {
          arrival: {
            at,
            from: context.position,
            missing,
            own: missing.filter((fact) => own.includes(fact)),
            here: missing.filter((fact) => here.includes(fact)),
          },
        };
      }),
      knowJourney: assign(({ context, event }) => {
        if (event.type !== 'journey.known' || context.plan === null) return {};
        const saved = progressOf(engine, context.plan, event);
        return {
          progress: {
            reached: Math.max(context.progress.reached, saved.reached),
            at: saved.at,
            known: true,
            loadFailed: event.loadFailed === true,
            moved: saved.moved,
          },
          // A journey that tells no facts proves none; a machine without doors then judges none.
          held: event.facts ?? (context.keepsDoors ? [] : context.held),
          savedStep: event.saved?.step,
        };
      }),
      keepSave: assign({
        work: ({ event }) => (event.type === 'step.next' ? event.work : undefined),
        record: ({ event }) => (event.type === 'step.next' ? event.record : undefined),
        done: [],
        error: null,
      }),
      keepDone: assign({
        done: ({ context, event }) => {
          const output = (event as { output?: unknown }).output;
          return [...context.done, typeof output === 'object' && output !== null ? output : {}];
        },
      }),
      // Written and staying: the step's move is over, and its input let go of.
      forgetMove: assign({ work: undefined, record: undefined, done: [] }),
      keepError: assign({
        error: ({ event }) => {
          const failure = (event as { error?: unknown }).error;
          return failure instanceof Error ? failure : new Error('The step could not be saved');
        },
      }),
      keepQuery: assign({
        query: ({ event }) => (event.type === 'step.goto' ? splitUrl(engine.funnelUrl(event.url)).query : ''),
      }),
      rememberPage: assign({
        pagePath: ({ event }) => (event.type === 'step.goto' ? splitUrl(event.url).pathname : null),
      }),
    },
  }).createMachine({
    id: 'funnel',
    initial: plan ? ACTIVE : ERROR,
    context: {
      plan,
      problem: planned.ok ? null : planned.problem,
      errorUrl: planned.ok ? null : planned.errorUrl,
      query: visit.query,
      pagePath: initialStep === OFF_LIST && entry ? splitUrl(entry.url).pathname : null,
      position: -1,
      work: undefined,
      record: undefined,
      done: [],
      error: null,
      need: undefined,
      progress: NO_PROGRESS,
      held: null,
      produced: [],
      keepsDoors: options.keepsDoors === true,
      arrival: null,
      byLink: entry?.byLink === true,
      savedStep: undefined,
      entryReplaced: null,
    },
    states: {
      // The browser's moves are handled while the visit is under way, never after it ends.
      [ACTIVE]: {
        initial: initialStep,
        states: steps,
        // The visit's lifecycle: its journey is read once, heard, and the return decided.
        ...(options.loadsJourney === true
          ? {
              invoke: {
                src: 'loadJourney' as const,
                onDone: { guard: 'heardJourney' as const, actions: 'hearLoaded' as const },
                onError: { actions: 'hearFailed' as const },
              },
            }
          : {}),
        on: {
          'step.goto': syncTransitions,
          'journey.known': { actions: ['knowJourney', 'heard'] },
          'journey.heard': returnTransitions,
          'journey.resume': resumeTransitions,
        },
      },
      [LEFT]: { type: 'final' },
      [ERROR]: { type: 'final' },
    },
  });
}

export type FunnelMachine = ReturnType<typeof createFunnelMachine>;
export type FunnelSnapshot = SnapshotFrom<FunnelMachine>;

/** Where the visit is: on a step, off the list, left for another visit, or in error. */
export function placeOf(snapshot: FunnelSnapshot): FunnelPlace {
  if (snapshot.matches(ERROR)) return ERROR;
  if (snapshot.matches(LEFT)) return LEFT;
  return snapshot.context.position >= 0 ? 'step' : OFF_LIST;
}

/** The step index the machine is on, or null off the list, left or in error. */
export function stepIndexOf(snapshot: FunnelSnapshot): number | null {
  return placeOf(snapshot) === 'step' ? snapshot.context.position : null;
}

/**
 * Whether the page the visit is on opens: its route's `needs` met by the patient's journey
 * (`open`), not met (`closed`: the app shows where their journey is instead), or waiting for
 * the journey to be read (`checking`). Pages without needs, and visits that have left or have
 * no funnel, are `open`.
 */
export function gateOf(snapshot: FunnelSnapshot): NeedStatus {
  const place = placeOf(snapshot);
  const { plan } = snapshot.context;
  if (plan === null || (place !== 'step' && place !== OFF_LIST)) return 'open';
  return combinedGate(snapshot.context, factsOfPlan(plan));
}

// The snapshot's machine knows its engine only through the plan's pages: the facts are theirs.
const planFacts = new WeakMap<FunnelPlan, readonly StepFacts[]>();
function factsOfPlan(plan: FunnelPlan): readonly StepFacts[] {
  let facts = planFacts.get(plan);
  if (facts === undefined) {
    facts = plan.pages.map((page) => factsOfRoute(page.route));
    planFacts.set(plan, facts);
  }
  return facts;
}

/** The facts the step the visit is on is due and the patient does not hold (none off the list). */
function missingFacts(context: FunnelContext, path: readonly StepFacts[]): string[] {
  // Without doors the facts count only once a journey told them (a test's journey.known).
  if (context.plan === null || context.position < 0 || (context.held === null && !context.keepsDoors)) return [];
  // A step whose screen says itself what is missing (the results' note) keeps its own door, and
  // a finish page its need (steps-done: every step before it reached), which says so already.
  const route = context.plan.pages[context.position]?.route;
  if (route?.door === 'screen' || route?.needs === 'steps-done') return [];
  const have = [...(context.held ?? []), ...context.produced];
  return dueFacts(path, context.position).filter((fact) => !have.includes(fact));
}

/**
 * Whether the page opens: its route's `needs` (needStatus) and the facts its step is due
 * (src/engine/step-facts.ts). Either closed is closed; either waiting for the journey waits.
 */
function combinedGate(context: FunnelContext, path: readonly StepFacts[]): NeedStatus {
  const { plan, need, position, progress } = context;
  if (plan === null) return 'open';
  const byNeed = needStatus(need, plan, position >= 0 ? position : null, progress);
  const lacking = missingFacts(context, path);
  const byFacts: NeedStatus = lacking.length === 0 ? 'open' : context.held === null ? 'checking' : 'closed';
  if (byNeed === 'closed' || byFacts === 'closed') return 'closed';
  return byNeed === 'checking' || byFacts === 'checking' ? 'checking' : 'open';
}

/** What a closed page tells the patient: what it needed, and whether going on starts the funnel. */
export interface ClosedPage {
  /** The route's `needs` that is not met; undefined when only facts are missing. */
  need: JourneyNeed | undefined;
  /** The facts the step is due and the patient does not hold (src/engine/step-facts.ts). */
  missing: readonly string[];
  /** `journey.resume` goes to the funnel's first step, not to a step the patient was on. */
  fromStart: boolean;
  /** The journey could not be read, so where the patient is is not known. */
  loadFailed: boolean;
}

/** Why the page is closed and where `journey.resume` goes, or null when it is not closed. */
export function closedPageOf(snapshot: FunnelSnapshot): ClosedPage | null {
  const { plan, need, progress, position } = snapshot.context;
  if (gateOf(snapshot) !== 'closed' || plan === null) return null;
  const missing = missingFacts(snapshot.context, factsOfPlan(plan));
  const byNeed = needStatus(need, plan, position >= 0 ? position : null, progress) === 'closed' ? need : undefined;
  return {
    need: byNeed,
    missing,
    fromStart: progress.at === null || resumeIndex(plan, progress, position) !== progress.at,
    loadFailed: progress.loadFailed,
  };
}

/** Why the patient was brought to the step they are on, when the machine brought them (a cold link). */
export function arrivalOf(snapshot: FunnelSnapshot): Arrival | null {
  const { arrival, position } = snapshot.context;
  return placeOf(snapshot) === 'step' && arrival?.at === position ? arrival : null;
}

/**
 * Whether the machine brought the patient to the step they are on in place of the address they
 * opened, which was not theirs (a cold link, a page gone from the funnel): the browser replaces
 * that address, so Back does not take them to it only to be brought back. `shown` is the step
 * the browser showed before (null: a page off the list).
 */
export function replacesEntry(snapshot: FunnelSnapshot, shown: number | null): boolean {
  const index = stepIndexOf(snapshot);
  if (index === null) return false;
  if (snapshot.context.entryReplaced === index) return true;
  return shown !== null && arrivalOf(snapshot)?.from === shown;
}

/** The URL the browser should show for the machine's state: path plus the current query. */
export function urlOf(snapshot: FunnelSnapshot): string {
  const { plan, errorUrl, query, pagePath } = snapshot.context;
  const place = placeOf(snapshot);
  if (plan && place === 'step')
    return stepUrl({ steps: plan.steps, code: plan.code, query }, snapshot.context.position);
  if ((place === OFF_LIST || place === LEFT) && pagePath !== null) return joinUrl(pagePath, query);
  return errorUrl ?? joinUrl('/error', query);
}

/** Reads a visit from a URL the browser is on, or null when the page carries no campaign code. */
export function visitFromUrl(
  engine: FunnelEngine,
  url: string,
  brand?: Site,
): { visit: Visit; page: PageLocation & { code: string } } | null {
  const { pathname, query } = splitUrl(engine.funnelUrl(url));
  const page = engine.locate(pathname);
  if (!page || page.code === null) return null;
  const site = brand ?? (page.match.route.site === 'female' ? 'female' : 'male');
  return { visit: { code: page.code, brand: site, query }, page: { ...page, code: page.code } };
}
