import { apiCall, type CallOptions } from './http.ts';
import type { WaitlistEntry } from '../../contract/generated/app-schemas.ts';
import type { UsState } from '../../contract/api-types.ts';

/**
 * Asks to be told when the clinic treats patients in a state (`POST /state-waitlist`,
 * schemas/app.openapi.json). The server reads the product from the campaign code; asking again
 * answers the first entry. The answer never carries the address back.
 */
export function joinStateWaitlist(
  request: { pathCode: string; state: UsState; email: string },
  options?: CallOptions,
): Promise<WaitlistEntry> {
  return apiCall<WaitlistEntry>({ method: 'POST', path: '/state-waitlist', json: request }, options);
}
