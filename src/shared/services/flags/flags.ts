import { track } from '../analytics.ts';
import { pageServiceSettings } from '../page-settings.ts';
import type { ServiceSettings } from '../../../contract/service-settings.ts';
import { FLAG_DEFAULTS, type FlagName, type FlagSource, type FlagValueOf } from './flag-source.ts';
import { localFlags } from './local-flags.ts';

/** The longest `flagValue` waits for the flag service before it answers with what it has. */
export const FLAG_WAIT_MS = 1500;

/**
 * The flag service, loaded only when a flag is first read, so the page's first load carries
 * none of it. A chunk that cannot be loaded counts as a service that is down.
 */
function lazyConfigCatFlags(configUrl: string, onFallback: () => void): FlagSource {
  let loaded: FlagSource | null = null;
  let opening: Promise<FlagSource | null> | null = null;
  const listeners = new Set<() => void>();
  const open = () =>
    (opening ??= import('./configcat-flags.ts').then(
      ({ configCatFlags }) => {
        loaded = configCatFlags({ configUrl, defaults: FLAG_DEFAULTS, onFallback });
        loaded.subscribe(() => {
          for (const listener of listeners) listener();
        });
        return loaded;
      },
      () => {
        onFallback();
        return null;
      },
    ));
  return {
    value: (name) => (loaded === null ? FLAG_DEFAULTS[name] : loaded.value(name)),
    load: () => open().then((source) => source?.load()),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The flag source of a deployment's settings; `service_fallback` is reported once per page. */
export function flagSourceFor(settings: ServiceSettings['flags']): FlagSource {
  if (settings.provider === 'local') return localFlags(settings.overrides);
  let reported = false;
  return lazyConfigCatFlags(settings.configUrl, () => {
    if (reported) return;
    reported = true;
    track('service_fallback', { outcome: 'flags' });
  });
}

let source: FlagSource | null = null;

/** This page's flag source, from its service settings (`pageServiceSettings().flags`). */
export function flagSource(): FlagSource {
  source ??= flagSourceFor(pageServiceSettings().flags);
  return source;
}

/** Forgets the page's flag source, so a test can start from other settings. */
export function forgetFlagSource(): void {
  source = null;
}

/**
 * A flag's value for code outside React: the service's, once it has answered, or the default
 * when it has not within 1.5 s. Never rejects.
 */
export async function flagValue<N extends FlagName>(name: N): Promise<FlagValueOf<N>> {
  const flags = flagSource();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLAG_WAIT_MS);
  });
  await Promise.race([flags.load(), waited]);
  clearTimeout(timer);
  return flags.value(name);
}
