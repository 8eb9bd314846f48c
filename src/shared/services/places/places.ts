/**
 * The maps and places service (SPEC §1): address suggestions as the patient types, the
 * address and point of a chosen suggestion, and a city or ZIP code turned into a point for
 * the microclinic lookup. One interface, two implementations (src/services/places/*-places.ts),
 * chosen by the deployment's settings in `placesFor` (places-for.ts).
 *
 * Every failure the patient should not wait for (no answer in time, an error status, an
 * answer that is not what the service documents) is a `PlacesUnavailable`: the caller then
 * lets the patient type the address or choose from a list. A call the caller cancelled
 * rejects with the signal's reason instead, so a newer keystroke is never mistaken for an
 * outage.
 */

/** One suggested address, as the service words it. */
export interface PlaceSuggestion {
  /** The service's id of the place, for `place()`. */
  placeId: string;
  /** The address in one line, such as "200 Congress Ave, Austin, TX, USA". */
  text: string;
}

/** A US postal address, split as the billing form holds it. */
export interface PlaceAddress {
  line1: string;
  city: string;
  /** The two-letter state code, or '' when the service named none. */
  state: string;
  /** Five digits, or '' when the service named none. */
  zip: string;
}

export interface PlacePoint {
  lat: number;
  lng: number;
}

export interface PlaceDetails {
  address: PlaceAddress;
  location: PlacePoint;
}

/** A city or ZIP code found: its point and how the service names it. */
export interface LocatedPlace extends PlacePoint {
  label: string;
}

/**
 * Ties the suggestions of one address entry to the place chosen at its end, as the service
 * bills them together (Google's session token). A random id: nothing about the patient.
 */
export type PlacesSession = string;

export interface Places {
  /** Addresses that start like `text` (at least 3 characters are worth sending). */
  suggest(text: string, session: PlacesSession, signal?: AbortSignal): Promise<PlaceSuggestion[]>;
  /** The address and point of a suggestion; ends the session. */
  place(placeId: string, session: PlacesSession, signal?: AbortSignal): Promise<PlaceDetails>;
  /** The point of a city or ZIP code; null when the service knows no such place. */
  locate(text: string, signal?: AbortSignal): Promise<LocatedPlace | null>;
}

/** Why the service could not be used: the patient is given the manual way instead. */
export type PlacesProblem = 'timeout' | 'network' | 'status' | 'malformed';

/** The service did not answer usefully; the message names the problem, never what was typed. */
export class PlacesUnavailable extends Error {
  override name = 'PlacesUnavailable';
  constructor(
    readonly problem: PlacesProblem,
    message: string,
  ) {
    super(message);
  }
}

/** How long one call may take before the patient is better off typing. */
export const PLACES_TIMEOUT_MS = 4000;

/** Fewer characters than this match too many addresses to be worth a call. */
export const MIN_SUGGEST_LENGTH = 3;

/** A new session for one address entry. */
export function newPlacesSession(): PlacesSession {
  return crypto.randomUUID();
}

/**
 * Runs `call` with a signal that aborts when the caller's does or after `timeoutMs`. A timeout
 * becomes a PlacesUnavailable; the caller's own abort is passed on as its reason.
 */
export async function withPlacesTimeout<T>(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  const abort = () => {
    controller.abort(signal?.reason);
  };
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await call(controller.signal);
  } catch (error) {
    if (signal?.aborted === true) throw signal.reason;
    // Aborted, and not by the caller: the timer did it.
    if (controller.signal.aborted) {
      throw new PlacesUnavailable('timeout', `the places service did not answer within ${timeoutMs} ms`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** Whether an error is the caller cancelling, which is no reason to give up on the service. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
