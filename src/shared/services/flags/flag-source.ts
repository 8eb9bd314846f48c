import type { FlagName, FlagValueOf } from '../../../contract/flag-config.ts';

// The flags and their values are the contract's (shared with the server's split-test switch).
export { FLAG_DEFAULTS, type FlagName, type FlagValueOf, type FlagValues } from '../../../contract/flag-config.ts';

/**
 * Where the flags' values come from: config/flags.json with the deployment's overrides
 * (local-flags.ts), or the flag service (configcat-flags.ts). Reading a value never waits.
 */
export interface FlagSource {
  /** The flag's value now: the source's when it has one, else the default. */
  value: <N extends FlagName>(name: N) => FlagValueOf<N>;
  /**
   * A read of the source: fetches its values when it has none or they are older than its
   * cache time, and settles once they are in or the defaults stand. Never rejects.
   */
  load: () => Promise<void>;
  /** Calls `listener` whenever a value changes; returns the way to stop. */
  subscribe: (listener: () => void) => () => void;
}
