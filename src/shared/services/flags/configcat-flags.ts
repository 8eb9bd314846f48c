import {
  CONFIGCAT_CACHE_MS,
  CONFIGCAT_FETCH_TIMEOUT_MS,
  valuesOfConfig,
  type FlagValues,
} from '../../../contract/flag-config.ts';
import type { FlagSource } from './flag-source.ts';

export { CONFIGCAT_CACHE_MS } from '../../../contract/flag-config.ts';

export interface ConfigCatFlagsOptions {
  /** The config file: `https://cdn-global.configcat.com/configuration-files/{sdkKey}/config_v6.json`. */
  configUrl: string;
  /** The values until the service answers, and for any flag it has no usable value for. */
  defaults: FlagValues;
  /** Called the first time a fetch fails or is too slow (the patient gets the defaults). */
  onFallback: () => void;
}

/**
 * The production flag service, as ConfigCat's SDK does it in lazy-load mode, without the SDK
 * (which would weigh more than the page can carry): the config file is fetched on the first
 * read, kept in memory (never in the browser's storage) for 600 s, and fetched again on a read
 * after that. A fetch that fails, answers something else than a config, or takes over 1.5 s
 * leaves the values as they were: the defaults, or the last ones fetched. It is not tried
 * again before the cache time is up either, so a service that is down costs a page at most
 * one wait of 1.5 s every 10 minutes.
 */
export function configCatFlags({ configUrl, defaults, onFallback }: ConfigCatFlagsOptions): FlagSource {
  let values = defaults;
  let fetchedAt: number | null = null;
  let fetching: Promise<void> | null = null;
  let fellBack = false;
  const listeners = new Set<() => void>();

  const fallBack = () => {
    if (fellBack) return;
    fellBack = true;
    onFallback();
  };

  const fetchConfig = async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
    }, CONFIGCAT_FETCH_TIMEOUT_MS);
    try {
      // Plain fetch rather than the app's HTTP client: that client is made for the clinic's API
      // (its base path, its bearer token, its error texts), none of which this service may see.
      // Credentials are omitted: the service needs no cookie of ours.
      const response = await fetch(configUrl, { signal: controller.signal, credentials: 'omit' });
      if (!response.ok) throw new Error(`flag service answered ${response.status}`);
      const fetched = valuesOfConfig(await response.json(), defaults);
      if (fetched === null) throw new Error('flag service answered something else than a config');
      const changed = Object.keys(fetched).some(
        (name) => fetched[name as keyof FlagValues] !== values[name as keyof FlagValues],
      );
      values = fetched;
      if (changed) for (const listener of listeners) listener();
    } catch {
      fallBack();
    } finally {
      clearTimeout(timer);
      fetchedAt = Date.now();
    }
  };

  return {
    value: (name) => values[name],
    load: () => {
      if (fetching !== null) return fetching;
      if (fetchedAt !== null && Date.now() - fetchedAt < CONFIGCAT_CACHE_MS) return Promise.resolve();
      fetching = fetchConfig().finally(() => {
        fetching = null;
      });
      return fetching;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
