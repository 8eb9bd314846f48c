import { ApiError, apiCall, type CallOptions } from '../api/http.ts';
import type { Lead, PathCode } from '../../contract/api-types.ts';
import type { Journey, JourneyState } from '../../contract/journey-state.ts';

/** The journey of this browser and code (`GET /journey`), or null when there is none yet. */
export function getJourney(query: { pathCode: PathCode }, options?: CallOptions): Promise<Journey | null> {
  return apiCall<Journey | null>({ method: 'GET', path: '/journey', query: { ...query } }, options);
}

/**
 * Saves the journey of this browser and code (`PUT /journey`) over `baseRevision`, the
 * revision the state was made from (null or absent: there is none yet, the first save, which
 * sets the cookie). An ApiError 409 when the server's journey is no longer at that revision
 * (see isJourneyConflict): nothing was stored.
 */
export function saveJourney(
  journey: { pathCode: PathCode; state: JourneyState; baseRevision?: number | null },
  options?: CallOptions,
): Promise<Journey> {
  return apiCall<Journey>({ method: 'PUT', path: '/journey', json: journey }, options);
}

/** The save was made over a revision the journey is no longer at: load it again and reapply the change. */
export function isJourneyConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** Forgets the journey of this browser and code (`DELETE /journey`): start over. */
export function deleteJourney(
  query: { pathCode: PathCode },
  options?: CallOptions,
): Promise<{ pathCode: PathCode; forgotten: boolean }> {
  return apiCall({ method: 'DELETE', path: '/journey', query: { ...query } }, options);
}

/**
 * The lead of this browser's journey in a code (`GET /journey/lead`): getLead without the
 * landing id, which is readable patient data, in the URL. An ApiError 404 when there is none.
 */
export function getJourneyLead(query: { pathCode: PathCode }, options?: CallOptions): Promise<Lead> {
  return apiCall<Lead>({ method: 'GET', path: '/journey/lead', query: { ...query } }, options);
}
