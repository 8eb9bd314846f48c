import {
  PLACES_TIMEOUT_MS,
  PlacesUnavailable,
  withPlacesTimeout,
  type LocatedPlace,
  type PlaceAddress,
  type PlaceDetails,
  type Places,
  type PlaceSuggestion,
} from './places.ts';
import { isRecord } from '../../../lib/is-record.ts';

export interface GooglePlacesOptions {
  apiKey: string;
  /** https://places.googleapis.com in production; a fake's address in tests. */
  baseUrl: string;
  /** @default PLACES_TIMEOUT_MS (4 s) */
  timeoutMs?: number;
}

/**
 * Kinds of place an address suggestion may be (Places API place types): a street address, a
 * building, or a unit in one. Businesses and cities are left out: the billing form wants the
 * patient's own address.
 */
const ADDRESS_TYPES = ['street_address', 'premise', 'subpremise'];

type Json = Record<string, unknown>;

function malformed(what: string): PlacesUnavailable {
  return new PlacesUnavailable('malformed', `the places service answered ${what}`);
}

function latLngOf(value: unknown): { lat: number; lng: number } | null {
  if (!isRecord(value)) return null;
  const { latitude, longitude } = value;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { lat: latitude, lng: longitude };
}

interface AddressComponent {
  longText: string;
  shortText: string;
  types: string[];
}

function componentsOf(value: unknown): AddressComponent[] | null {
  if (!Array.isArray(value)) return null;
  const components: AddressComponent[] = [];
  for (const item of value) {
    if (!isRecord(item) || !Array.isArray(item.types)) return null;
    const longText = typeof item.longText === 'string' ? item.longText : '';
    const shortText = typeof item.shortText === 'string' ? item.shortText : longText;
    components.push({ longText, shortText, types: item.types.filter((type) => typeof type === 'string') });
  }
  return components;
}

/**
 * Google's address components as the billing form's fields: number and street, the city
 * (locality, else the neighbourhood or town Google files it under), the state's code and
 * the five-digit ZIP code.
 */
export function addressFromComponents(components: readonly AddressComponent[]): PlaceAddress {
  const find = (...types: string[]) =>
    types.map((type) => components.find((component) => component.types.includes(type))).find(Boolean);
  const street = [find('street_number')?.longText, find('route')?.shortText].filter(Boolean).join(' ');
  const city = find('locality', 'postal_town', 'sublocality', 'administrative_area_level_3')?.longText ?? '';
  const state = find('administrative_area_level_1')?.shortText ?? '';
  const zip = find('postal_code')?.longText ?? '';
  return {
    line1: street !== '' ? street : (find('premise')?.longText ?? ''),
    city,
    state: /^[A-Z]{2}$/.test(state) ? state : '',
    zip: /^[0-9]{5}$/.test(zip) ? zip : '',
  };
}

/**
 * Places API (New) over its REST interface with fetch: no Maps JavaScript loader, which the
 * page's Content-Security-Policy would have to allow. The key travels in a header; what the
 * patient types only ever in a POST body. The place id and session token of a details call
 * are in its URL, as the API takes them: neither says anything about the patient.
 */
export function googlePlaces({ apiKey, baseUrl, timeoutMs = PLACES_TIMEOUT_MS }: GooglePlacesOptions): Places {
  const base = baseUrl.replace(/\/+$/, '');

  async function call(
    url: string,
    init: { method: 'GET' | 'POST'; fieldMask: string; body?: Json },
    signal: AbortSignal | undefined,
  ): Promise<Json> {
    return withPlacesTimeout(signal, timeoutMs, async (combined) => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: init.method,
          headers: {
            'X-Goog-Api-Key': apiKey,
            'X-Goog-FieldMask': init.fieldMask,
            ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
          // The service needs no cookie and no page address.
          credentials: 'omit',
          referrerPolicy: 'strict-origin',
          signal: combined,
        });
      } catch (error) {
        if (combined.aborted) throw error;
        throw new PlacesUnavailable('network', 'the places service could not be reached');
      }
      if (!response.ok) throw new PlacesUnavailable('status', `the places service answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        if (combined.aborted) throw error;
        throw malformed('no JSON');
      }
      if (!isRecord(body)) throw malformed('no JSON object');
      return body;
    });
  }

  return {
    async suggest(text, session, signal) {
      const body = await call(
        `${base}/v1/places:autocomplete`,
        {
          method: 'POST',
          fieldMask: 'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text',
          body: {
            input: text,
            sessionToken: session,
            includedRegionCodes: ['us'],
            includedPrimaryTypes: ADDRESS_TYPES,
          },
        },
        signal,
      );
      // An empty answer is `{}`: Google leaves out empty lists.
      const suggestions = body.suggestions ?? [];
      if (!Array.isArray(suggestions)) throw malformed('suggestions that are not a list');
      const found: PlaceSuggestion[] = [];
      for (const suggestion of suggestions) {
        // Query predictions (no placePrediction) are not addresses: skipped.
        const prediction = isRecord(suggestion) ? suggestion.placePrediction : undefined;
        if (prediction === undefined) continue;
        if (!isRecord(prediction) || typeof prediction.placeId !== 'string' || !isRecord(prediction.text))
          throw malformed('a suggestion without a place id or text');
        const { text: words } = prediction.text;
        if (typeof words !== 'string') throw malformed('a suggestion without text');
        found.push({ placeId: prediction.placeId, text: words });
      }
      return found;
    },

    async place(placeId, session, signal): Promise<PlaceDetails> {
      const url = `${base}/v1/places/${encodeURIComponent(placeId)}?sessionToken=${encodeURIComponent(session)}`;
      const body = await call(url, { method: 'GET', fieldMask: 'addressComponents,location' }, signal);
      const components = componentsOf(body.addressComponents);
      const location = latLngOf(body.location);
      if (components === null || location === null) throw malformed('a place without address components or location');
      return { address: addressFromComponents(components), location };
    },

    async locate(text, signal): Promise<LocatedPlace | null> {
      const body = await call(
        `${base}/v1/places:searchText`,
        {
          method: 'POST',
          fieldMask: 'places.location,places.formattedAddress',
          body: { textQuery: text, regionCode: 'us', pageSize: 1 },
        },
        signal,
      );
      const places = body.places ?? [];
      if (!Array.isArray(places)) throw malformed('places that are not a list');
      const first: unknown = places[0];
      if (first === undefined) return null;
      const location = isRecord(first) ? latLngOf(first.location) : null;
      if (!isRecord(first) || location === null) throw malformed('a place without a location');
      const label = typeof first.formattedAddress === 'string' ? first.formattedAddress : '';
      return { ...location, label };
    },
  };
}
