import type { ServiceSettings } from '../../../contract/service-settings.ts';
import { googlePlaces } from './google-places.ts';
import { localPlaces } from './local-places.ts';
import type { Places } from './places.ts';

/** The places service this deployment is configured with (`pageServiceSettings().places`). */
export function placesFor(settings: ServiceSettings['places']): Places {
  return settings.provider === 'google'
    ? googlePlaces({ apiKey: settings.apiKey, baseUrl: settings.baseUrl })
    : localPlaces();
}
