import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { createActor, type Actor } from 'xstate';
import type { ScreenName, Site } from '../engine/config-types.ts';
import {
  createFunnelMachine,
  ERROR,
  placeOf,
  stepIndexOf,
  urlOf,
  visitFromUrl,
  type FunnelMachine,
} from '../engine/funnel-machine.ts';
import { screensAfter, type FunnelEngine } from '../engine/funnel-plan.ts';
import { useJourneyStore } from '../patient/journey.tsx';
import { setAnalyticsPage, track } from '../services/analytics.ts';
// Stable like the data router's navigate, so the effects below run only when their inputs change.
import { useStableNavigate as useNavigate } from './use-stable-navigate.ts';

/** What a screen needs from the funnel: where the patient is, and how to move. */
export interface FunnelStep {
  /** The step index, counting from 0, or null on a page of the code that is not a step. */
  index: number | null;
  /** How many steps the patient's funnel has. */
  total: number;
  /** The screens of the steps after this one (all of them off the list), finish page included. */
  laterScreens: readonly ScreenName[];
  canNext: boolean;
  canBack: boolean;
  onNext: () => void;
  onBack: () => void;
}

/** What the browser's history entry remembers, so Back and reload find the right step. */
export interface FunnelHistoryState {
  stepIndex?: number;
  /** The error page's description (SPEC: "description from navigation state error field"). */
  error?: string;
}

export function readHistoryState(state: unknown): FunnelHistoryState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  return {
    ...(typeof record.stepIndex === 'number' ? { stepIndex: record.stepIndex } : {}),
    ...(typeof record.error === 'string' ? { error: record.error } : {}),
  };
}

type FunnelActor = Actor<FunnelMachine>;

const FunnelContext = createContext<FunnelActor | null>(null);

/**
 * The one place where the funnel machine and the URL meet. The machine owns the step: a new
 * step becomes a navigation, and a URL the browser lands on (a link, Back, Forward, reload)
 * becomes `step.goto`. Screens only call onNext and onBack.
 */
export function FunnelSync({ engine, site, children }: { engine: FunnelEngine; site: Site; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
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
  const [actor, setActor] = useState<FunnelActor | null>(null);
  const journeys = useJourneyStore();

  useEffect(() => {
    // The actor lives as long as this effect: it is an external system that must be stopped,
    // so it is created here and handed to render through state.
    if (!found || visitKey === null) {
      setActor(null); // eslint-disable-line react-hooks/set-state-in-effect
      return undefined;
    }
    const { stepIndex } = readHistoryState(location.state);
    const machine = createFunnelMachine(engine, found.visit, {
      url,
      ...(stepIndex === undefined ? {} : { index: stepIndex }),
    });
    const started = createActor(machine).start();
    setActor(started);
    // Resume: a patient who comes back to the funnel's first page (the campaign link) goes on
    // from the step their journey says they reached, when it belongs to this same visit.
    let cancelled = false;
    const code = found.visit.code;
    void journeys.ready(code).then(({ loaded }) => {
      const saved = loaded?.step;
      if (cancelled || !saved || saved.index === 0 || stepIndexOf(started.getSnapshot()) !== 0) return;
      const savedVisit = visitFromUrl(engine, saved.url, site)?.visit;
      if (savedVisit?.code !== code || savedVisit.query !== found.visit.query) return;
      started.send({ type: 'step.goto', url: saved.url, index: saved.index });
    });
    return () => {
      cancelled = true;
      started.stop();
    };
    // The machine is built once per visit; the URL within a visit is synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, visitKey]);

  // The browser is on a URL: tell the machine.
  useEffect(() => {
    if (!actor) return;
    if (urlOf(actor.getSnapshot()) === url) return;
    const { stepIndex } = readHistoryState(location.state);
    actor.send({ type: 'step.goto', url, ...(stepIndex === undefined ? {} : { index: stepIndex }) });
  }, [actor, url, location.state]);

  // The machine is on a step: remember it in the patient's journey (on the server, never in the URL).
  useEffect(() => {
    if (!actor || !found) return undefined;
    const code = found.visit.code;
    const remember = () => {
      const snapshot = actor.getSnapshot();
      const index = stepIndexOf(snapshot);
      if (placeOf(snapshot) !== 'step' || index === null) return;
      const step = { url: urlOf(snapshot), index };
      const saved = journeys.snapshot(code).state.step;
      if (saved?.url === step.url && saved.index === step.index) return;
      // A failed save is reported by the store; the step itself is in the URL.
      journeys.save(code, (state) => ({ ...state, step })).catch(() => undefined);
    };
    remember();
    const subscription = actor.subscribe(remember);
    return () => {
      subscription.unsubscribe();
    };
    // found changes with every URL; the code is what matters, and it is part of the actor's visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, journeys]);

  // Analytics (src/services/analytics.ts allow-lists it): the page's context on every page,
  // and one step view when the browser shows the step the machine is on. Runs after the
  // machine heard of the URL above; only a new URL or visit is a new view.
  useEffect(() => {
    const page = engine.locate(location.pathname);
    const snapshot = actor?.getSnapshot();
    const onStep = found !== null && snapshot !== undefined && placeOf(snapshot) === 'step' && urlOf(snapshot) === url;
    setAnalyticsPage({
      funnel: page?.code ?? null,
      brand: site,
      variant: page?.match.route.variant ?? null,
      stepIndex: onStep ? stepIndexOf(snapshot) : null,
      route: page?.match.route.path ?? null,
    });
    if (onStep) track('funnel_step_view');
    // found, site and the pathname change with the URL or the actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, url]);

  // The machine is on a step: show it in the address bar.
  useEffect(() => {
    if (!actor) return undefined;
    const follow = () => {
      const snapshot = actor.getSnapshot();
      const target = urlOf(snapshot);
      const current = engine.funnelUrl(`${window.location.pathname}${window.location.search}`);
      if (placeOf(snapshot) === ERROR) {
        // No reason in the state: the error page says it in the patient's words. The engine's
        // message (the code, the site, the allowed step keys) is for developers (npm run simulate).
        void navigate(target, { replace: true });
      } else if (placeOf(snapshot) === 'step' && target !== current) {
        void navigate(target, { state: { stepIndex: stepIndexOf(snapshot) } });
      }
    };
    follow();
    const subscription = actor.subscribe(follow);
    return () => {
      subscription.unsubscribe();
    };
  }, [actor, navigate, engine]);

  return <FunnelContext.Provider value={actor}>{children}</FunnelContext.Provider>;
}

/** The funnel step of the page, or null on a page the funnel does not drive. */
export function useFunnelStep(): FunnelStep | null {
  const actor = useContext(FunnelContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(onChange);
      return () => {
        subscription.unsubscribe();
      };
    },
    [actor],
  );
  const read = () => actor?.getSnapshot() ?? null;
  // The same on the server (the prerendered page, where no actor runs yet) as in the browser.
  const snapshot = useSyncExternalStore(subscribe, read, read);
  if (!actor || !snapshot) return null;
  return {
    index: stepIndexOf(snapshot),
    total: snapshot.context.plan?.steps.length ?? 0,
    laterScreens: snapshot.context.plan ? screensAfter(snapshot.context.plan, stepIndexOf(snapshot)) : [],
    canNext: snapshot.can({ type: 'step.next' }),
    canBack: snapshot.can({ type: 'step.back' }),
    onNext: () => {
      actor.send({ type: 'step.next' });
    },
    onBack: () => {
      actor.send({ type: 'step.back' });
    },
  };
}
