import flagsFile from '../../../../config/flags.json';
import type { FlagValue } from '../../../contract/service-settings.ts';

type FlagsInConfig = (typeof flagsFile)['flags'];

/** A flag of config/flags.json. */
export type FlagName = keyof FlagsInConfig;

/** A flag's value has its default's type (every flag is true or false today). */
export type FlagValueOf<N extends FlagName> = FlagsInConfig[N]['default'];

/** A value for every flag. */
export type FlagValues = { [N in FlagName]: FlagValueOf<N> };

/** The defaults of config/flags.json: what the page uses until, and unless, a service says otherwise. */
export const FLAG_DEFAULTS = Object.fromEntries(
  Object.entries(flagsFile.flags).map(([name, flag]) => [name, flag.default]),
) as FlagValues;

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

export function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(FLAG_DEFAULTS, name);
}

/**
 * The value to use for a flag when a source gives `value`: it, when it has the default's type;
 * otherwise (a flag the config does not have, a text for a true/false flag) null, so the
 * caller keeps the default.
 */
export function acceptedValue(name: string, value: FlagValue): FlagValue | null {
  return isFlagName(name) && typeof value === typeof FLAG_DEFAULTS[name] ? value : null;
}
