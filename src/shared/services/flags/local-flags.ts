import type { FlagValue } from '../../../contract/service-settings.ts';
import { withOverrides } from '../../../contract/flag-config.ts';
import type { FlagSource } from './flag-source.ts';

/**
 * The local flags: config/flags.json's defaults with the deployment's overrides on top (the
 * server's FLAGS=name=value,...; an override for a flag the config does not have, or of
 * another type, is ignored). Known when the page starts, so nothing ever changes.
 */
export function localFlags(overrides: Readonly<Record<string, FlagValue>>): FlagSource {
  const known = withOverrides(overrides);
  return {
    value: (name) => known[name],
    load: () => Promise.resolve(),
    subscribe: () => () => undefined,
  };
}
