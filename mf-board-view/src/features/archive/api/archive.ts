import type { Archive } from 'contract';
import { apiClient } from 'shared-ui';

export type { Archive };

/** The board's archived columns and tasks, newest first. */
export function getArchive(boardId: number, signal?: AbortSignal) {
  return apiClient.get<Archive>(`/api/archive/${boardId}`, { signal });
}
