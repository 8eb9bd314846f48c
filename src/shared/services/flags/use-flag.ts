import { useEffect, useSyncExternalStore } from 'react';
import type { FlagName, FlagValueOf } from './flag-source.ts';
import { flagSource } from './flags.ts';

/**
 * A flag's value: its default on the first render, which never waits for the flag service,
 * and the service's value as soon as it arrives (the component renders again). Mounting is a
 * read of the service: it fetches the flags when they are not cached or their cache is old.
 */
export function useFlag<N extends FlagName>(name: N): FlagValueOf<N> {
  const flags = flagSource();
  useEffect(() => {
    void flags.load();
  }, [flags]);
  const read = () => flags.value(name);
  return useSyncExternalStore(flags.subscribe, read, read);
}
