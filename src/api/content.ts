import { call, http } from './http.ts';

/** Content entries by key, as the content service returns them (SPEC §3: "a results map by content key"). */
export type ContentEntries = Readonly<Record<string, string>>;

interface MarkdownResponse {
  data?: { results?: unknown };
}

/** Fetches markdown content entries by key (`GET /memoForm/getMarkdown?names=[...]`). */
export async function getMarkdown(names: readonly string[]): Promise<ContentEntries> {
  return call('getMarkdown', async () => {
    const body = await http
      .get('memoForm/getMarkdown', { searchParams: { names: JSON.stringify(names) } })
      .json<MarkdownResponse>();
    const results = body.data?.results;
    if (typeof results !== 'object' || results === null)
      throw new Error('getMarkdown: the response has no data.results');
    const entries: Record<string, string> = {};
    for (const [key, value] of Object.entries(results)) {
      if (typeof value === 'string') entries[key] = value;
    }
    return entries;
  });
}
