import { call, http } from './http.ts';

interface ResolveResponse {
  url?: unknown;
  data?: { url?: unknown };
}

/**
 * Looks up a short link's target (`GET /memoForm/resolveURL?hash=`), or null when the hash
 * is unknown (no url in the response, or 404).
 */
export async function resolveShortLink(hash: string): Promise<string | null> {
  return call('resolveURL', async () => {
    const response = await http.get('memoForm/resolveURL', {
      searchParams: { hash },
      throwHttpErrors: (status) => status !== 404,
    });
    if (response.status === 404) return null;
    const body = await response.json<ResolveResponse>();
    const url = typeof body.url === 'string' ? body.url : body.data?.url;
    return typeof url === 'string' && url !== '' ? url : null;
  });
}
