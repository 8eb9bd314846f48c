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
import { useLocation, useNavigate } from 'react-router-dom';
import { createActor, type Actor } from 'xstate';
import type { Site } from '../engine/config-types.ts';
import {
  createFunnelMachine,
  ERROR,
  placeOf,
  stepIndexOf,
  urlOf,
  visitFromUrl,
  type FunnelMachine,
} from '../engine/funnel-machine.ts';
import type { FunnelEngine } from '../engine/funnel-plan.ts';

/** What a screen needs from the funnel: where the patient is, and how to move. */
export interface FunnelStep {
  /** The step index, counting from 0, or null on a page of the code that is not a step. */
  index: number | null;
  /** How many steps the patient's funnel has. */
  total: number;
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
  const url = `${location.pathname}${location.search}`;
  const found = useMemo(() => {
    const visit = visitFromUrl(engine, url, site);
    const route = visit?.page.match.route;
    // The other brand's pages show the fallback page, not a funnel.
    return route?.funnel === true && (route.site === 'shared' || route.site === site) ? visit : null;
  }, [engine, url, site]);
  // A new code, brand or query is a new visit; moving between its steps is not.
  const visitKey = found ? `${found.visit.code}\n${found.visit.brand}\n${found.visit.query}` : null;
  const [actor, setActor] = useState<FunnelActor | null>(null);

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
    return () => {
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

  // The machine is on a step: show it in the address bar.
  useEffect(() => {
    if (!actor) return undefined;
    const follow = () => {
      const snapshot = actor.getSnapshot();
      const target = urlOf(snapshot);
      const current = `${window.location.pathname}${window.location.search}`;
      if (placeOf(snapshot) === ERROR) {
        void navigate(target, { replace: true, state: { error: snapshot.context.problem?.message } });
      } else if (placeOf(snapshot) === 'step' && target !== current) {
        void navigate(target, { state: { stepIndex: stepIndexOf(snapshot) } });
      }
    };
    follow();
    const subscription = actor.subscribe(follow);
    return () => {
      subscription.unsubscribe();
    };
  }, [actor, navigate]);

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
  const snapshot = useSyncExternalStore(subscribe, () => actor?.getSnapshot() ?? null);
  if (!actor || !snapshot) return null;
  return {
    index: stepIndexOf(snapshot),
    total: snapshot.context.plan?.steps.length ?? 0,
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
