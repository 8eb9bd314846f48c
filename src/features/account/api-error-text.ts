import type { ApiError } from '../../shared/api/http.ts';

/**
 * What the server said, without the `/{call}: {status}: ` of the snackbar text (SPEC §8):
 * for messages shown next to a field, where the call's name means nothing to a patient.
 */
export function serverDetails(error: ApiError): string {
  const prefix = `/${error.call}: ${String(error.status)}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}
