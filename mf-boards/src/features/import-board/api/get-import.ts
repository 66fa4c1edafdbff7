import type { ImportJob } from 'contract/imports';
import { apiClient } from 'shared-ui';

/** An import's state, progress and, once ended, its report or error. */
export function getImport(id: string, signal: AbortSignal) {
  return apiClient.get<ImportJob>(`/api/import/${encodeURIComponent(id)}`, { signal });
}
