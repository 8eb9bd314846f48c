import { getPlace, locatePlace, suggestPlaces } from '../../api/places.ts';
import { PLACES_TIMEOUT_MS, PlacesUnavailable, withPlacesTimeout, type Places } from './places.ts';
import { isRecord } from '../../../lib/is-record.ts';

/**
 * The local server's failures as PlacesUnavailable, within the adapter's one time limit (the
 * client's own, longer, never comes first). The ApiError's message is the status and
 * the server's words, never the request: what the patient typed stays out of it.
 */
async function local<T>(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
  valid: (answer: T) => boolean,
): Promise<T> {
  return withPlacesTimeout(signal, timeoutMs, async (combined) => {
    let answer: T;
    try {
      answer = await call(combined);
    } catch (error) {
      if (combined.aborted) throw error;
      throw new PlacesUnavailable('status', error instanceof Error ? error.message : 'the local places call failed');
    }
    if (!valid(answer)) throw new PlacesUnavailable('malformed', 'the local places service answered an unknown shape');
    return answer;
  });
}

function isPoint(value: unknown): boolean {
  return isRecord(value) && typeof value.lat === 'number' && typeof value.lng === 'number';
}

/**
 * The local default: the local server's demo places table (about 40 US addresses and the
 * cities and ZIP codes of the demo microclinics), through the app's one HTTP client.
 */
export function localPlaces({ timeoutMs = PLACES_TIMEOUT_MS }: { timeoutMs?: number } = {}): Places {
  return {
    async suggest(text, _session, signal) {
      const answer = await local(
        signal,
        timeoutMs,
        (combined) => suggestPlaces({ text }, { signal: combined }),
        (value) => isRecord(value) && Array.isArray(value.suggestions),
      );
      return answer.suggestions.map(({ placeId, text: words }) => ({ placeId, text: words }));
    },
    async place(placeId, _session, signal) {
      const answer = await local(
        signal,
        timeoutMs,
        (combined) => getPlace(placeId, { signal: combined }),
        (value) => isRecord(value) && isRecord(value.address) && isPoint(value.location),
      );
      const { line1, city, state, zip } = answer.address;
      return { address: { line1, city, state, zip }, location: { lat: answer.location.lat, lng: answer.location.lng } };
    },
    async locate(text, signal) {
      const answer = await local(
        signal,
        timeoutMs,
        (combined) => locatePlace({ text }, { signal: combined }),
        (value) => isRecord(value) && (value.place === null || isPoint(value.place)),
      );
      return answer.place;
    },
  };
}
