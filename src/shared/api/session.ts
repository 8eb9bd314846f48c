import { apiCall, type CallOptions } from './http.ts';
import type { CustomerId, DateTime } from '../../contract/api-types.ts';

/** What a return link opened (`ClaimedAccess` of schemas/app.openapi.json). */
export interface ClaimedAccess {
  ktCustomerId: CustomerId;
  /** When the link stops working; the session keeps what it was given. */
  expiresAt: DateTime;
}

/**
 * Opens a returning patient's records in this browser (`POST /session/claim`): the signed,
 * expiring token of the clinic's email or text link proves it is theirs (docs/security.md).
 * An ApiError 404 when the token is not valid or has expired.
 */
export function claimReturnLink(body: { token: string }, options?: CallOptions): Promise<ClaimedAccess> {
  return apiCall<ClaimedAccess>({ method: 'POST', path: '/session/claim', json: body }, options);
}
