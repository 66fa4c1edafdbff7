import type { TrashItem } from 'contract';
import { apiClient } from 'shared-ui';

export type { TrashItem };

/** The board's deleted tasks, columns, labels and comments, newest first. */
export function getTrash(boardId: number, signal?: AbortSignal) {
  return apiClient.get<TrashItem[]>(`/api/trash/${boardId}`, { signal });
}
