import { ApiError } from '../shared/api/http.ts';
import { claimReturnLink } from '../shared/api/session.ts';
import { RETURN_LINK_UNREACHABLE } from './return-link.ts';

/**
 * Exchanges the token for this browser's access to the patient's records, before any screen
 * asks for them. Resolves to what to tell the patient when it did not work, or null.
 */
export async function openReturnLink(token: string): Promise<string | null> {
  try {
    await claimReturnLink({ token });
    return null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return 'This link is not valid or has expired. Call us and we will send you a new one.';
    }
    return RETURN_LINK_UNREACHABLE;
  }
}
