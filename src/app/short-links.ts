import { ApiError, apiCall, type CallOptions } from '../shared/api/http.ts';
import type { ShortLink } from '../contract/api-types.ts';

/** The target of a short link (`GET /memoForm/resolveURL`). */
export function resolveUrl(query: { hash: string }, options?: CallOptions): Promise<ShortLink> {
  return apiCall<ShortLink>({ method: 'GET', path: '/memoForm/resolveURL', query: { ...query } }, options);
}

/**
 * The short-link page's lookup: the target, or null when the hash is unknown (404 or an
 * empty url), which the page shows as "short url hash not found" (SPEC §4). Other failures
 * are thrown as ApiError.
 */
export async function resolveShortLink(hash: string, options?: CallOptions): Promise<string | null> {
  try {
    const { url } = await resolveUrl({ hash }, options);
    return url !== '' ? url : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
