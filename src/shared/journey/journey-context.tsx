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
import type { JourneyState } from '../../contract/journey-state.ts';
import { useNotifications } from '../notifications/notifications.tsx';
import {
  JourneyStore,
  type JourneyCalls,
  type JourneyChange,
  type JourneyStatus,
  type SaveOptions,
} from './journey-store.ts';

const JourneyContext = createContext<JourneyStore | null>(null);

/** Holds the page's JourneyStore; failures to load or save go to the snackbar. */
export function JourneyProvider({ calls, children }: { calls?: JourneyCalls; children: ReactNode }) {
  const { showSnackbar } = useNotifications();
  const [store] = useState(() => new JourneyStore(calls, showSnackbar));
  // pagehide, not unload: it also fires when a phone's browser puts the page away for good.
  // Back online, what could not be saved is saved at once.
  useEffect(() => {
    const flush = () => {
      store.flush();
    };
    const retry = () => {
      store.retryUnsaved();
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', retry);
    };
  }, [store]);
  return <JourneyContext.Provider value={store}>{children}</JourneyContext.Provider>;
}

export function useJourneyStore(): JourneyStore {
  const store = useContext(JourneyContext);
  if (!store) throw new Error('useJourney() needs a <JourneyProvider> above it');
  return store;
}

/** What a screen holds of the patient's journey in its funnel. */
export interface JourneyHandle {
  status: JourneyStatus;
  state: JourneyState;
  /** Changes the journey in memory; it is saved a moment later. */
  update: (change: JourneyChange) => void;
  /** Changes the journey and saves it now; rejects with an ApiError when the server does not take it. */
  save: (change?: JourneyChange, options?: SaveOptions) => Promise<void>;
}

/** The store's key of the journey of a campaign code; 'none' for pages without a code. */
export function journeyKeyOf(pathCode: string | null): string {
  return pathCode ?? 'none';
}

/** The patient's journey in a funnel (by campaign code); 'none' for pages without a code. */
export function useJourney(pathCode: string | null): JourneyHandle {
  const store = useJourneyStore();
  const key = journeyKeyOf(pathCode);
  const getSnapshot = useCallback(() => store.snapshot(key), [store, key]);
  const snapshot = useSyncExternalStore(store.subscribe, getSnapshot);
  // Stable for a code, so effects that depend on them do not run again on every change.
  const update = useCallback(
    (change: JourneyChange) => {
      store.update(key, change);
    },
    [store, key],
  );
  const save = useCallback(
    (change?: JourneyChange, options?: SaveOptions) => store.save(key, change, options),
    [store, key],
  );
  return useMemo(() => ({ status: snapshot.status, state: snapshot.state, update, save }), [snapshot, update, save]);
}
