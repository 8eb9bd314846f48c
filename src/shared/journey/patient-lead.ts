import { ApiError, type CallOptions } from '../api/http.ts';
import { getJourneyLead } from './journey-api.ts';
import { getLead } from '../api/leads.ts';
import type { Lead, PathCode } from '../../contract/api-types.ts';

/**
 * The patient's saved lead, or null when none is saved yet. A landing id the link brought is
 * already in the page's URL, so it is looked up by it; the journey's own (base64 of the last
 * name and email) is looked up through the journey and never written into a request URL.
 */
export async function findPatientLead(
  source: { pathCode: PathCode; linkLandingId: string },
  options: CallOptions = {},
): Promise<Lead | null> {
  try {
    return source.linkLandingId !== ''
      ? await getLead({ landing_id: source.linkLandingId }, options)
      : await getJourneyLead({ pathCode: source.pathCode }, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
