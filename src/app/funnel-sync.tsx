import type { FunnelStep, MoveProblem, StepMove } from '../shared/funnel-step.ts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type Actor } from 'xstate';
import { SCREEN_NAMES, type ScreenName, type Site } from '../engine/config-types.ts';
import {
  arrivalOf,
  closedPageOf,
  createFunnelMachine,
  ERROR,
  gateOf,
  locateStep,
  OFF_LIST,
  placeOf,
  replacesEntry,
  SAVING,
  stepIndexOf,
  urlOf,
  visitFromUrl,
  type FunnelEntry,
  type FunnelMachine,
  type Arrival,
  type ClosedPage,
  type FunnelSnapshot,
  type HeardJourney,
  type StepSaveInput,
} from '../engine/funnel-machine.ts';
import { STEP_WORK_ACTORS, workOf } from './step-work.ts';
import type { NeedStatus } from '../engine/journey-needs.ts';
import {
  screensAfter,
  stepUrl,
  type ExperimentAssignment,
  type FunnelEngine,
  type FunnelPlan,
  type Visit,
} from '../engine/funnel-plan.ts';
import { runningExperimentOf } from '../engine/experiments.ts';
import { recordedFunnel } from '../engine/funnel-version.ts';
import { liveVisitAfter } from '../engine/state-rules.ts';
import { splitUrl } from '../engine/url.ts';
import { useJourneyStore } from '../shared/journey/journey-context.tsx';
import { FORM_IDS } from '../contract/form-ids.ts';

import type { JourneyChange, JourneySnapshot, JourneyStore } from '../shared/journey/journey-store.ts';
import { setAnalyticsPage, track, trackExperiment } from '../shared/services/analytics.ts';
import { pushedFromOf, withPushedFrom } from '../shared/history-entry.ts';
// Stable like the data router's navigate, so the effects below run only when their inputs change.
import { useStableNavigate as useNavigate } from '../shared/use-stable-navigate.ts';

/** What the browser's history entry remembers, so Back and reload find the right step. */
export interface FunnelHistoryState {
  stepIndex?: number;
  /** The error page's description (SPEC: "description from navigation state error field"). */
  error?: string;
  /**
   * On the error page: the screen the failed link opened (never anything the patient typed),
   * so a mistyped code on a hormone assessment link still gets the HRT content.
   */
  linkScreen?: ScreenName;
}

function isScreenName(value: unknown): value is ScreenName {
  return typeof value === 'string' && (SCREEN_NAMES as readonly string[]).includes(value);
}

/**
 * Whether the browser's Back or Forward brought this page to `address`, its first address in
 * this app (not a later move in it): a page loaded by Back or Forward, or one the browser moved
 * back in before the app had run (a Back pressed at once after a reload: the document's own
 * address is another).
 */
function cameByHistoryAt(address: string): boolean {
  if (address !== PAGE_LOADED_AT || typeof performance === 'undefined') return false;
  if (typeof performance.getEntriesByType !== 'function') return false;
  const [load] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (load === undefined) return false;
  if (load.type === 'back_forward') return true;
  const loadedAt = new URL(load.name);
  return `${loadedAt.pathname}${loadedAt.search}` !== address;
}

/** The address the app first saw (path and query), before any move of its own. */
const PAGE_LOADED_AT = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;

export function readHistoryState(state: unknown): FunnelHistoryState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  return {
    ...(typeof record.stepIndex === 'number' ? { stepIndex: record.stepIndex } : {}),
    ...(typeof record.error === 'string' ? { error: record.error } : {}),
    ...(isScreenName(record.linkScreen) ? { linkScreen: record.linkScreen } : {}),
  };
}

type FunnelActor = Actor<FunnelMachine>;

/** A visit's machine, and the Continue (onNext) that could not be saved, shown until one is. */
interface FunnelValue {
  actor: FunnelActor;
  /**
   * Next, made on the machine of the patient's split test variant: while the server has not
   * said which it is (a new patient's first save), the press waits for it.
   */
  moveOn: (move?: StepMove) => Promise<void>;
  unsaved: MoveProblem | null;
  setUnsaved: (change: (before: MoveProblem | null) => MoveProblem | null) => void;
  /** The config the visit's plan is of: what a step view reads beside the snapshot (liveVisitLater). */
  config: FunnelEngine['config'];
}

/** What was reported to the data layer, per page's store and code. */
const REPORTED = new WeakMap<JourneyStore, Map<string, number | null>>();

const FunnelContext = createContext<FunnelValue | null>(null);

/**
 * The one place where the funnel machine and the URL meet. The machine owns the step: a new
 * step becomes a navigation, and a URL the browser lands on (a link, Back, Forward, reload)
 * becomes `step.goto`. Screens only call onNext and onBack.
 *
 * Each visit (a code, brand and query) has its own machine, in FunnelVisit, keyed by the
 * visit: moving between a visit's steps keeps it; a new visit starts a new one. Pages outside
 * any funnel have none.
 */
export function FunnelSync({ engine, site, children }: { engine: FunnelEngine; site: Site; children: ReactNode }) {
  const location = useLocation();
  // The funnel's view of the address: a form's page number (?page=3) moves within a step.
  const url = engine.funnelUrl(`${location.pathname}${location.search}`);
  const found = useMemo(() => {
    const visit = visitFromUrl(engine, url, site);
    const route = visit?.page.match.route;
    // The other brand's pages show the fallback page, not a funnel.
    return route?.funnel === true && (route.site === 'shared' || route.site === site) ? visit : null;
  }, [engine, url, site]);
  // A new code, brand or query is a new visit; moving between its steps is not.
  const visitKey = found ? `${found.visit.code}\n${found.visit.brand}\n${found.visit.query}` : null;
  // Whether the app has been anywhere but the address it started on: a visit that then starts
  // on a move of the browser (Back from a page outside the funnel) is the patient's own move.
  const firstLocation = useRef(location);
  const moved = useRef(false);
  useEffect(() => {
    if (location !== firstLocation.current) moved.current = true;
  }, [location]);
  const movedSinceLoad = useCallback(() => moved.current, []);

  if (found === null || visitKey === null) {
    return (
      <FunnelContext.Provider value={null}>
        <AnalyticsPage engine={engine} site={site} actor={null} onStep={false} />
        {children}
      </FunnelContext.Provider>
    );
  }
  return (
    <FunnelVisit
      key={visitKey}
      engine={engine}
      site={site}
      visit={found.visit}
      url={url}
      movedSinceLoad={movedSinceLoad}
    >
      {children}
    </FunnelVisit>
  );
}

interface FunnelVisitProps {
  engine: FunnelEngine;
  site: Site;
  visit: Visit;
  /** The funnel's view of the address now. */
  url: string;
  /** Whether the app has been at another address since the page loaded. */
  movedSinceLoad: () => boolean;
  children: ReactNode;
}

/** One visit's machine, made with the page (so its step is known on the first render) and kept in step with the URL. */
function FunnelVisit({ engine, site, visit, url, movedSinceLoad, children }: FunnelVisitProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const journeys = useJourneyStore();
  const code = visit.code;
  // Whether the patient is on this address as a link brings them (a returning patient's campaign
  // link then goes on to their step: the machine's return) or by a move of their own (stays):
  // an entry with its step index in the history state, and a page the browser came to by Back
  // or Forward (the page loaded so, or the app was at another address before), are theirs. A
  // reload on payment and a Back at once, before the app or the journey has come, land on the
  // assessment's last page; returning from there would bounce the patient forward to payment.
  const navigationType = useNavigationType();
  const [byLink] = useState(
    () =>
      readHistoryState(location.state).stepIndex === undefined &&
      !(
        navigationType === NavigationType.Pop &&
        (movedSinceLoad() || cameByHistoryAt(`${location.pathname}${location.search}`))
      ),
  );
  // The split test's swap, made below: the first machine's journey read hands over to it.
  const handOver = useRef<() => boolean>(() => false);
  /**
   * The visit's machine for a split test variant (null: none), on the step at `entry`. It reads
   * the journey itself (loadJourney) and decides where the entry lands and returns; the first
   * machine hands the journey to the variant's when the server's answer says the patient has one.
   */
  const machineFor = (experiment: ExperimentAssignment | null, entry: FunnelEntry, handsOver: boolean) =>
    createFunnelMachine(engine, { ...visit, experiment }, entry, {
      saveSteps: true,
      keepsDoors: true,
      loadsJourney: true,
    }).provide({
      actors: {
        saveStep: fromPromise<undefined, StepSaveInput>(({ input }) =>
          saveStep(journeys, code, input).then(() => undefined),
        ),
        loadJourney: fromPromise<HeardJourney | null>(async () => {
          const [journey, prove] = await Promise.all([journeys.ready(code), proofOfFacts()]);
          // A returning patient's variant came with their journey: their machine hears it, not this one.
          return handsOver && handOver.current() ? null : heardJourney(journey, prove);
        }),
        ...STEP_WORK_ACTORS,
      },
    });
  // Made once per visit, from the address and history entry the visit began on, for the
  // variant this page already knows (an earlier visit of the code); most codes run no split test.
  // Whether a split test runs on the code: a test stopped since the server gave the patient a
  // variant of it (running false) is walked as the funnel's own steps, whatever it kept.
  const runsExperiment = useMemo(
    () => runningExperimentOf(engine.config.experiments, code) !== undefined,
    [engine, code],
  );
  // The machine's journey read reads handOver when the journey has come, never during render.
  // eslint-disable-next-line react-hooks/refs
  const [machine] = useState(() => {
    const { stepIndex } = readHistoryState(location.state);
    const known = runsExperiment ? (journeys.snapshot(code).assignment ?? null) : null;
    return machineFor(known, { url, byLink, ...(stepIndex === undefined ? {} : { index: stepIndex }) }, true);
  });
  const firstActor = useActorRef(machine);
  // The machine of the variant the server gave the patient, when its steps are not the first
  // machine's: started by a VariantActor beside the page, which stays mounted (no remount of
  // the screen the patient may be typing in).
  const [variant, setVariant] = useState<{ machine: FunnelMachine; actor: FunnelActor | null } | null>(null);
  const actor = variant?.actor ?? firstActor;
  // The history entry shown, for the machine's moves below (they happen outside a render).
  const entryState = useRef<unknown>(location.state);
  useEffect(() => {
    entryState.current = location.state;
  }, [location.state]);
  const swappedOnce = useRef(false);
  /** A Next is waiting for the server to say which variant the patient walks (moveOn). */
  const pressing = useRef(false);
  /** Settles once a swap asked for has its actor (resolved by the effect below). */
  const swapped = useRef<{ done: Promise<void>; resolve: () => void } | null>(null);
  const current = useRef(actor);
  useEffect(() => {
    current.current = actor;
    swapped.current?.resolve();
    swapped.current = null;
  }, [actor]);

  /**
   * Moves the patient onto their variant's machine once the server has said which it is, when
   * its steps differ from this machine's: only from a step both share, at the same place (every
   * variant starts on the control's first step: the config rules), and not while a move is
   * saving. A patient who got past a step where the two differ before the server could answer
   * (offline at the start) walks on as they are, uncounted, and is moved at their next visit.
   */
  const swapIfAssigned = useCallback((): boolean => {
    const assignment = journeys.snapshot(code).assignment;
    // One swap a visit: the server's variant does not change, and a second machine made from the
    // variant actor's (which @xstate/react would restore from its snapshot) would never settle.
    if (!runsExperiment || assignment === undefined || swapped.current !== null || swappedOnce.current) return false;
    const now = current.current.getSnapshot();
    const planned = engine.planVisit({ ...visit, experiment: assignment });
    const index = stepIndexOf(now);
    const { plan } = now.context;
    const place = placeOf(now);
    if (!planned.ok || plan === null || now.hasTag(SAVING) || (place !== 'step' && place !== OFF_LIST)) return false;
    if (sameSteps(planned.plan, plan)) return false;
    // Before the journey is heard (the page has just loaded: a reload, a return), the page is
    // placed on the variant's steps as a load knowing the variant would place it, when they have
    // it; after, the patient is where this machine moved them, which the variant must share.
    const known = now.context.progress.known;
    const { stepIndex } = readHistoryState(entryState.current);
    if (
      known
        ? index === null || !sharesStepsTo(planned.plan, plan, index)
        : locateStep(planned.plan, engine.locate(splitUrl(urlOf(now)).pathname), -1, stepIndex) === null
    )
      return false;
    const entryIndex = known ? (index ?? undefined) : stepIndex;
    let resolve: () => void = () => undefined;
    const done = new Promise<void>((settle) => {
      resolve = settle;
    });
    swapped.current = { done, resolve };
    swappedOnce.current = true;
    setVariant({
      machine: machineFor(
        assignment,
        {
          url: urlOf(now),
          byLink: now.context.byLink,
          ...(entryIndex === undefined ? {} : { index: entryIndex }),
        },
        false,
      ),
      actor: null,
    });
    return true;
    // machineFor is made from the visit's props, which the key keeps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [journeys, code, runsExperiment, engine, visit]);
  // The first machine's journey read, once heard, hands over when the variant's machine has
  // taken over, or a swap is now asked for (read after the journey has come: after this effect,
  // as it waits for the store).
  useEffect(() => {
    handOver.current = () => swappedOnce.current || swapIfAssigned();
  }, [swapIfAssigned]);

  useEffect(() => {
    if (!runsExperiment) return;
    swapIfAssigned();
    const unsubscribe = journeys.subscribe(swapIfAssigned);
    const subscription = actor.subscribe(swapIfAssigned);
    return () => {
      unsubscribe();
      subscription.unsubscribe();
    };
  }, [actor, journeys, runsExperiment, swapIfAssigned]);

  // What the server counted of the patient's split test goes to the tag manager too (issue 29):
  // an exposure, then each step first reached, as the journey's answers say (`recorded`). What
  // was counted before this page is the starting point: a reload reports nothing again.
  useEffect(() => {
    if (!runsExperiment) return;
    let counted: number | null | undefined = REPORTED.get(journeys)?.get(code);
    const report = () => {
      const { assignment, loaded } = journeys.snapshot(code);
      if (assignment == null) return;
      // First heard: with a saved journey, what it had been counted to; a new one, nothing yet.
      if (counted === undefined) counted = loaded === null ? null : assignment.recorded;
      const { recorded } = assignment;
      if (recorded === null || recorded === counted) return;
      // Counted on the variant's own steps only, as the server counts (not on a call-centre link).
      const planned = engine.planVisit({ ...visit, experiment: assignment });
      if (!planned.ok || planned.plan.experiment === null) return;
      const detail = {
        experiment: assignment.experiment,
        variant: assignment.variant,
        code,
        version: recordedFunnel(planned.plan).version,
      };
      // A lower count is the variant's steps changed (a new version): counted again from its exposure.
      const fresh = counted === null || recorded < counted;
      if (fresh) trackExperiment('experiment_exposure', { ...detail, step: null });
      for (let step = (fresh ? -1 : (counted ?? -1)) + 1; step <= recorded; step += 1)
        trackExperiment('experiment_step', { ...detail, step });
      counted = recorded;
      const byCode = REPORTED.get(journeys) ?? new Map<string, number | null>();
      byCode.set(code, recorded);
      REPORTED.set(journeys, byCode);
    };
    report();
    return journeys.subscribe(report);
    // The visit's props, which the key keeps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [journeys, code, runsExperiment]);

  const moveOn = useCallback(
    async (move?: StepMove) => {
      if (runsExperiment && (journeys.snapshot(code).assignment === undefined || swapped.current !== null)) {
        // While the press waits for the variant, the step it leaves is not written: the press
        // writes where it goes (the variant's machine, taking over, would record the step first).
        pressing.current = true;
        try {
          await journeys.assignment(code);
          swapIfAssigned();
          await swapped.current?.done;
        } finally {
          pressing.current = false;
        }
      }
      return advanceOn(current.current, move);
    },
    [journeys, code, runsExperiment, swapIfAssigned],
  );

  // Only whether the machine is on the step the browser shows: FunnelVisit rerenders when that
  // changes, not at every snapshot.
  const onStep = useSelector(actor, (now) => placeOf(now) === 'step' && urlOf(now) === url);
  const [unsaved, setUnsaved] = useState<MoveProblem | null>(null);
  // A Continue that failed belongs to its step: another step (Back, a link) starts clean.
  useEffect(() => {
    let position = actor.getSnapshot().context.position;
    const subscription = actor.subscribe((now) => {
      if (now.context.position === position) return;
      position = now.context.position;
      setUnsaved(null);
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [actor]);
  const value = useMemo(
    () => ({ actor, moveOn, unsaved, setUnsaved, config: engine.config }),
    [actor, moveOn, unsaved, engine],
  );
  // The address (and its step index) the machine last heard of: only a move of the browser is
  // news to it. The machine may move on its own first (the resume), before the effects below
  // run; they must not send it back to the address it left.
  const heard = useRef(`${url}#${String(readHistoryState(location.state).stepIndex)}`);
  // The browser is on a URL: tell the machine.
  useEffect(() => {
    const { stepIndex } = readHistoryState(location.state);
    const address = `${url}#${String(stepIndex)}`;
    const moved = heard.current !== address;
    heard.current = address;
    if (!moved) return;
    // The same address is still another step when its history entry names another index
    // (microbh books on /mip/calendly twice).
    const now = actor.getSnapshot();
    if (urlOf(now) === url && (stepIndex === undefined || stepIndexOf(now) === stepIndex)) return;
    actor.send({ type: 'step.goto', url, ...(stepIndex === undefined ? {} : { index: stepIndex }) });
  }, [actor, url, location.state]);

  // The machine is on a step: remember it in the patient's journey (on the server, never in the
  // URL). After Next the machine has saved it already (saveStep); this covers Back, Forward,
  // links and the resume.
  useEffect(() => {
    const remember = () => {
      if (pressing.current) return;
      const now = actor.getSnapshot();
      const index = stepIndexOf(now);
      // While Next saves (the lead, then the journey with the step being moved to), the
      // machine's own write records the step: leave it be. A page whose need is not met (or not
      // known yet) is not where the patient's journey is.
      if (placeOf(now) !== 'step' || index === null || now.hasTag(SAVING) || gateOf(now) !== 'open') return;
      // Not before the journey is read: its place may belong to other funnel steps, mapped once
      // it is known (a step written first would record today's steps over the saved ones).
      if (!now.context.progress.known) return;
      const step = { url: urlOf(now), index };
      const { plan, progress, query } = now.context;
      if (plan === null) return;
      const funnel = recordedFunnel(plan);
      const saved = journeys.snapshot(code).state;
      if (saved.step?.url === step.url && saved.step.index === step.index && saved.funnel?.version === funnel.version)
        return;
      // The step's index belongs to this plan's steps, recorded with it; a place mapped across a
      // funnel change takes its mapped furthest step along, which the old indices no longer name.
      const reached =
        progress.moved && progress.reached >= 0
          ? { url: stepUrl({ ...plan, query }, progress.reached), index: progress.reached }
          : undefined;
      // A failed save is reported by the store; the step itself is in the URL.
      journeys
        .save(code, (state) => ({ ...state, step, funnel, ...(reached === undefined ? {} : { reached }) }))
        .catch(() => undefined);
    };
    remember();
    const subscription = actor.subscribe(remember);
    return () => {
      subscription.unsubscribe();
    };
  }, [actor, journeys, code]);

  // The machine is on a step: show it in the address bar.
  useEffect(() => {
    // The step the browser shows, and the address a Back is on its way to (history.go is not
    // at once: a second move meanwhile must not go back twice).
    let shown = stepIndexOf(actor.getSnapshot());
    let goingBackTo: string | null = null;
    const follow = () => {
      const now = actor.getSnapshot();
      const target = urlOf(now);
      const index = stepIndexOf(now);
      const current = engine.funnelUrl(`${window.location.pathname}${window.location.search}`);
      if (target === current) goingBackTo = null;
      if (placeOf(now) === ERROR) {
        // The error page's path has what went wrong and for which code (its code, such as 404,
        // and the campaign code); the state adds the screen the link opened. The engine's message
        // (the code, the site, the allowed step keys) is for developers (npm run simulate).
        const linkScreen = engine.locate(window.location.pathname)?.match.route.screen;
        const state: FunnelHistoryState = linkScreen === undefined ? {} : { linkScreen };
        void navigate(target, { replace: true, state });
      } else if (placeOf(now) === 'step' && target !== current && goingBackTo !== target) {
        const from = pushedFromOf(entryState.current);
        if (
          index !== null &&
          shown !== null &&
          index < shown &&
          from !== null &&
          'step' in from &&
          from.step === index
        ) {
          // Back to the step this entry was pushed from: the browser's own Back, so its Back
          // afterwards goes on back (not forward to the step just left) and Forward returns.
          goingBackTo = target;
          void navigate(-1);
        } else if (replacesEntry(now, shown)) {
          // Brought to where the work is from a step that was not theirs yet (a cold link, a page
          // gone from the funnel): the address they opened is replaced, so Back does not take them
          // to it only to be brought back.
          void navigate(target, { replace: true, state: { stepIndex: index } });
        } else {
          const state = { stepIndex: index };
          void navigate(target, { state: shown === null ? state : withPushedFrom(state, { step: shown }) });
        }
      }
      if (placeOf(now) === 'step') shown = index;
    };
    follow();
    const subscription = actor.subscribe(follow);
    return () => {
      subscription.unsubscribe();
    };
  }, [actor, navigate, engine]);

  return (
    <FunnelContext.Provider value={value}>
      {variant !== null && (
        <VariantActor
          machine={variant.machine}
          onActor={(started) => {
            setVariant((before) => (before?.machine === variant.machine ? { ...before, actor: started } : before));
          }}
        />
      )}
      <AnalyticsPage engine={engine} site={site} actor={actor} onStep={onStep} />
      {children}
    </FunnelContext.Provider>
  );
}

/**
 * Runs the machine of the patient's split test variant, with @xstate/react's own start and
 * stop (React's strict effects included), and hands it to the visit once started.
 */
function VariantActor({ machine, onActor }: { machine: FunnelMachine; onActor: (actor: FunnelActor) => void }) {
  const actor = useActorRef(machine);
  // After useActorRef's own effect, which starts it.
  useEffect(() => {
    onActor(actor);
    // Once per actor: onActor is made anew by each render of the visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
  return null;
}

/** Whether two plans walk the same steps. */
function sameSteps(a: FunnelPlan, b: FunnelPlan): boolean {
  return a.steps.join('\n') === b.steps.join('\n');
}

/** Whether two plans have the same steps up to and including `index`: a patient there stands on both. */
function sharesStepsTo(a: FunnelPlan, b: FunnelPlan, index: number): boolean {
  return a.steps.length > index && b.steps.slice(0, index + 1).every((step, at) => a.steps[at] === step);
}

/**
 * Analytics (src/shared/services/analytics.ts allow-lists it): the page's context on every page,
 * and one step view when the browser shows the step the machine is on. A child of the funnel's
 * provider, so it runs after the machine heard of the URL; only a new URL or visit is a new view.
 */
function AnalyticsPage({
  engine,
  site,
  actor,
  onStep,
}: {
  engine: FunnelEngine;
  site: Site;
  actor: FunnelActor | null;
  onStep: boolean;
}) {
  const location = useLocation();
  const url = engine.funnelUrl(`${location.pathname}${location.search}`);
  // The URL whose step view was counted: the split test's machine taking over is no new view.
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    const page = engine.locate(location.pathname);
    const stepIndex = onStep && actor !== null ? stepIndexOf(actor.getSnapshot()) : null;
    setAnalyticsPage({
      funnel: page?.code ?? null,
      brand: site,
      variant: page?.match.route.variant ?? null,
      stepIndex,
      route: page?.match.route.path ?? null,
    });
    if (onStep && viewed.current !== url) track('funnel_step_view');
    if (onStep) viewed.current = url;
    // A view per new URL or visit; onStep and the pathname follow the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, url]);
  return null;
}

/** How the journey proves a fact (src/shared/journey/journey-facts.ts). */
type ProveFacts = (state: JourneySnapshot['state'], forms: typeof FORM_IDS) => readonly string[];

/**
 * How the journey proves its facts, fetched beside the journey itself: the machine needs it
 * only once the journey is read, so it stays out of the first load (the assessment's budget,
 * tests/bundle-size.test.ts). Null when it cannot be fetched (offline).
 */
function proofOfFacts(): Promise<ProveFacts | null> {
  return import('../shared/journey/journey-facts.ts').then(
    (module) => module.factsOfJourney,
    () => null,
  );
}

/**
 * The journey as the machine hears it (`journey.known`): how far the patient got, as this page
 * holds it now (its own moves on top of the saved one), the saved place with the funnel steps it
 * belongs to (read with the loaded step and reached, before this page's writes record today's),
 * and the facts it proves. A journey that could not be read, or whose proof could not be
 * fetched, is heard as unread: the pages due facts stay closed and say so.
 */
function heardJourney({ loaded, state, status }: JourneySnapshot, prove: ProveFacts | null): HeardJourney {
  const unread = status === 'unsaved' || prove === null;
  return {
    step: state.step,
    reached: state.reached,
    saved: loaded === null ? undefined : { step: loaded.step, reached: loaded.reached, funnel: loaded.funnel },
    completed: state.completed,
    facts: unread ? [] : prove(state, FORM_IDS),
    loadFailed: unread,
  };
}

/**
 * The machine's `saveStep` actor: one journey write with the step moved to and every record
 * the move produced (its work actors', then the screen's), applied in that order.
 */
function saveStep(
  journeys: JourneyStore,
  code: string,
  { to, reached, funnel, records }: StepSaveInput,
): Promise<void> {
  const changes = records.filter((record): record is JourneyChange => typeof record === 'function');
  // The move's failure is told by whoever pressed (advance's caller, or onNext): not twice.
  return journeys.save(
    code,
    (state) => ({ ...changes.reduce((now, change) => change(now), state), step: to, reached, funnel }),
    {
      report: false,
    },
  );
}

/** Sends Next and settles once the machine has moved (or had nowhere to go), or failed to save. */
function advanceOn(actor: FunnelActor, move: StepMove = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const now = actor.getSnapshot();
    const saving = now.hasTag(SAVING);
    if (!saving && !now.can({ type: 'step.next' })) {
      resolve();
      return;
    }
    const settle = (snapshot: FunnelSnapshot) => {
      if (snapshot.hasTag(SAVING)) return false;
      const { error } = snapshot.context;
      if (error === null) resolve();
      else reject(error);
      return true;
    };
    const subscription = actor.subscribe((snapshot) => {
      if (settle(snapshot)) subscription.unsubscribe();
    });
    // A second press while the first is saving waits for that one: it is the same move.
    if (!saving) {
      actor.send({
        type: 'step.next',
        work: workOf(move),
        ...(move.record === undefined ? {} : { record: move.record }),
      });
    }
    if (settle(actor.getSnapshot())) subscription.unsubscribe();
  });
}

/**
 * Whether the page opens for the patient's journey (its route's `needs`, config/routes.json):
 * the funnel machine's answer, and, when it does not, what the page needed and a way to where
 * the patient's journey is. Null on a page the funnel does not drive.
 */
export interface JourneyGate {
  status: NeedStatus;
  /** Why the page is closed; null unless `status` is closed. */
  closed: ClosedPage | null;
  /** Goes to where the patient's journey is: the step they were on, or the funnel's start. */
  resume: () => void;
}

export function useJourneyGate(): JourneyGate | null {
  const actor = useContext(FunnelContext)?.actor;
  // Without a machine (a page the funnel does not drive) the selectors get no snapshot.
  const status = useSelector(actor ?? undefined, (current?: FunnelSnapshot) => current && gateOf(current));
  const closed = useSelector(
    actor ?? undefined,
    (current?: FunnelSnapshot) => current && closedPageOf(current),
    sameClosedPage,
  );
  return useMemo(
    () =>
      actor === undefined || status === undefined
        ? null
        : {
            status,
            closed: closed ?? null,
            resume: () => {
              actor.send({ type: 'journey.resume' });
            },
          },
    [actor, status, closed],
  );
}

function sameClosedPage(a: ClosedPage | null | undefined, b: ClosedPage | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.need === b.need &&
    a.missing.join() === b.missing.join() &&
    a.fromStart === b.fromStart &&
    a.loadFailed === b.loadFailed
  );
}

/**
 * Why the patient is on this step when the funnel machine brought them here from one they
 * opened but did not hold what it is due (a cold link to a booking): null otherwise.
 */
export function useArrival(): Arrival | null {
  const actor = useContext(FunnelContext)?.actor;
  return useSelector(actor ?? undefined, (current?: FunnelSnapshot) => (current ? arrivalOf(current) : null)) ?? null;
}

/** What a screen shows of the machine's snapshot: the part of FunnelStep that is state. */
type StepView = Pick<
  FunnelStep,
  'index' | 'total' | 'laterScreens' | 'afterFinish' | 'liveVisitLater' | 'canNext' | 'canBack' | 'saving'
>;

function stepViewOf(snapshot: FunnelSnapshot, config: FunnelEngine['config']): StepView {
  const { plan } = snapshot.context;
  const index = stepIndexOf(snapshot);
  return {
    index,
    total: plan?.steps.length ?? 0,
    laterScreens: plan ? screensAfter(plan, index) : [],
    afterFinish: plan?.afterFinish ?? 'consult',
    liveVisitLater: plan !== null && index !== null && liveVisitAfter(config, plan, index),
    // Next is still there while it saves (pressing it again waits for the same save).
    canNext: snapshot.can({ type: 'step.next' }) || snapshot.hasTag(SAVING),
    canBack: snapshot.can({ type: 'step.back' }),
    saving: snapshot.hasTag(SAVING),
  };
}

/** Whether two selections show the same: the screen rerenders only when they do not. */
function sameStepView(a: StepView | undefined, b: StepView | undefined): boolean {
  return (
    a === b ||
    (!!a &&
      !!b &&
      (Object.keys(a) as (keyof StepView)[]).every((key) =>
        key === 'laterScreens' ? a[key].join() === b[key].join() : a[key] === b[key],
      ))
  );
}

/**
 * The funnel step of the page, or null on a page the funnel does not drive. It selects only
 * what a screen shows (StepView), so the page rerenders when that changes, not at every
 * snapshot of the machine (the journey arriving, a save's record).
 */
export function useFunnelStep(): FunnelStep | null {
  const funnel = useContext(FunnelContext);
  const actor = funnel?.actor;
  const config = funnel?.config;
  const view = useSelector(
    actor,
    (current?: FunnelSnapshot) => current && config && stepViewOf(current, config),
    sameStepView,
  );
  const unsaved = funnel?.unsaved ?? null;
  const setUnsaved = funnel?.setUnsaved;
  const moveOn = funnel?.moveOn;
  return useMemo(() => {
    if (!actor || !view || !setUnsaved || !moveOn) return null;
    const onNext = () => {
      moveOn().then(
        () => {
          setUnsaved(() => null);
        },
        (error: unknown) => {
          setUnsaved((before) => ({ error, attempt: (before?.attempt ?? 0) + 1 }));
        },
      );
    };
    return {
      ...view,
      advance: moveOn,
      onNext,
      unsaved,
      onBack: () => {
        actor.send({ type: 'step.back' });
      },
    };
  }, [actor, view, unsaved, setUnsaved, moveOn]);
}
