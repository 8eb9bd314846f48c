import { apiCall, type CallOptions } from './http.ts';

import type { ClaimedAccess } from '../../contract/generated/app-schemas.ts';

/** What a return link opened: the customer and when the link stops working (schemas/app.openapi.json). */
export type { ClaimedAccess };

/**
 * Opens a returning patient's records in this browser (`POST /session/claim`): the signed,
 * expiring token of the clinic's email or text link proves it is theirs (docs/security.md).
 * An ApiError 404 when the token is not valid or has expired.
 */
export function claimReturnLink(body: { token: string }, options?: CallOptions): Promise<ClaimedAccess> {
  return apiCall<ClaimedAccess>({ method: 'POST', path: '/session/claim', json: body }, options);
}

/**
 * Asks for a fresh return link by email (`POST /session/claim/renew`), from the page of one that
 * did not open: it goes to the email on the customer's record, for `page`. An ApiError 404 when
 * the token is not one the clinic made.
 */
export function renewReturnLink(
  body: { token: string; page: string },
  options?: CallOptions,
): Promise<{ requested: true }> {
  return apiCall<{ requested: true }>({ method: 'POST', path: '/session/claim/renew', json: body }, options);
}

/**
 * Ends this browser's session on the server (`POST /session/sign-out`): its id opens nothing
 * more, and the answer tells the browser to forget the cookie. The patient's records stay with
 * the clinic; a return link opens them again.
 */
export function signOut(options?: CallOptions): Promise<{ signedOut: true }> {
  return apiCall<{ signedOut: true }>({ method: 'POST', path: '/session/sign-out' }, options);
}
