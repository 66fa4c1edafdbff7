import type { SearchResults } from 'contract';
import { apiClient } from 'shared-ui';

/** A page of hits for `q` on every board of the user; `cursor` (the last page's `next`) continues it. */
export function searchEverywhere(q: string, cursor?: string, signal?: AbortSignal) {
  return apiClient.get<SearchResults>('/api/search', { query: { q, cursor }, signal });
}
