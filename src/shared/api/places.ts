import { apiCall, type CallOptions } from './http.ts';

/**
 * The local server's demo places (schemas/app.openapi.json, tag places): what the local
 * places provider (src/shared/services/places/local-places.ts) asks, so `npm start` and the tests
 * suggest addresses without the internet. What the patient types goes in POST bodies only.
 */

export interface LocalPlaceSuggestion {
  placeId: string;
  text: string;
}

export interface LocalPlace {
  address: { line1: string; city: string; state: string; zip: string };
  location: { lat: number; lng: number };
}

export interface LocalLocatedPlace {
  lat: number;
  lng: number;
  label: string;
}

/** Demo addresses that start like the text (`POST /places/suggest`). */
export function suggestPlaces(
  body: { text: string },
  options?: CallOptions,
): Promise<{ suggestions: LocalPlaceSuggestion[] }> {
  return apiCall({ method: 'POST', path: '/places/suggest', json: body }, options);
}

/** One demo address and its point (`GET /places/{placeId}`); an ApiError 404 for an unknown id. */
export function getPlace(placeId: string, options?: CallOptions): Promise<LocalPlace> {
  return apiCall({ method: 'GET', path: '/places/{placeId}', pathParams: { placeId } }, options);
}

/** The point of a demo city or ZIP code (`POST /places/locate`); place null when none matches. */
export function locatePlace(
  body: { text: string },
  options?: CallOptions,
): Promise<{ place: LocalLocatedPlace | null }> {
  return apiCall({ method: 'POST', path: '/places/locate', json: body }, options);
}
