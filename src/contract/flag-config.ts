import flagsFile from '../../config/flags.json';
import type { FlagValue } from './service-settings.ts';
import { isRecord } from '../lib/is-record.ts';

/**
 * The feature flags of config/flags.json and how a flag service's config file is read: pure,
 * so the page (src/shared/services/flags) and the server (which switches split tests off by a
 * flag: src/server/experiment-switch.ts) read the same values the same way.
 */

/** SPEC §1: the flag service is polled lazily, with a 600 s cache. */
export const CONFIGCAT_CACHE_MS = 600_000;
/** A fetch of the config that takes longer is given up: the defaults (or last values) stand. */
export const CONFIGCAT_FETCH_TIMEOUT_MS = 1500;

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

/** The defaults with a deployment's overrides (FLAGS) that fit them. */
export function withOverrides(overrides: Readonly<Record<string, FlagValue>>): FlagValues {
  const values: Record<string, FlagValue> = { ...FLAG_DEFAULTS };
  for (const [name, value] of Object.entries(overrides)) {
    const accepted = acceptedValue(name, value);
    if (accepted !== null) values[name] = accepted;
  }
  return values as FlagValues;
}

/** ConfigCat's setting types (config JSON v6 `t`) and the key of `v` each keeps its value under. */
const VALUE_KEYS = ['b', 's', 'i', 'd'] as const;

/** A setting's served value, when it is of the type the setting says; undefined otherwise. */
function settingValue(setting: unknown): FlagValue | undefined {
  if (!isRecord(setting) || !isRecord(setting.v) || typeof setting.t !== 'number') return undefined;
  const key = VALUE_KEYS[setting.t];
  const value = key === undefined ? undefined : setting.v[key];
  switch (key) {
    case 'b':
      return typeof value === 'boolean' ? value : undefined;
    case 's':
      return typeof value === 'string' ? value : undefined;
    case 'i':
      return Number.isInteger(value) ? (value as number) : undefined;
    case 'd':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    default:
      return undefined;
  }
}

/**
 * The flags' values in a ConfigCat config file (JSON v6: `{ "f": { key: { "t", "v" } } }`),
 * over the defaults; null when the file is not such a config. Only each setting's own value is
 * read: targeting rules (`r`), percentage options (`p`) and segments are ignored, as the page
 * sends the service nothing about the patient to target on.
 */
export function valuesOfConfig(config: unknown, defaults: FlagValues): FlagValues | null {
  if (!isRecord(config) || !isRecord(config.f)) return null;
  const values: Record<string, FlagValue> = { ...defaults };
  for (const [name, setting] of Object.entries(config.f)) {
    const value = settingValue(setting);
    const accepted = value === undefined ? null : acceptedValue(name, value);
    if (accepted !== null) values[name] = accepted;
  }
  return values as FlagValues;
}
