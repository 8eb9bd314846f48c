import type { FlagValue } from '../../../contract/service-settings.ts';
import { acceptedValue, FLAG_DEFAULTS, type FlagSource, type FlagValues } from './flag-source.ts';

/**
 * The local flags: config/flags.json's defaults with the deployment's overrides on top (the
 * server's FLAGS=name=value,...; an override for a flag the config does not have, or of
 * another type, is ignored). Known when the page starts, so nothing ever changes.
 */
export function localFlags(overrides: Readonly<Record<string, FlagValue>>): FlagSource {
  const values: Record<string, FlagValue> = { ...FLAG_DEFAULTS };
  for (const [name, value] of Object.entries(overrides)) {
    const accepted = acceptedValue(name, value);
    if (accepted !== null) values[name] = accepted;
  }
  const known = values as FlagValues;
  return {
    value: (name) => known[name],
    load: () => Promise.resolve(),
    subscribe: () => () => undefined,
  };
}
