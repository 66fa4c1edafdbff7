import type { BoardListItem } from 'contract';
import { apiClient } from 'shared-ui';

/** Brings a deleted board back; the API answers the user's board list (in the default order). */
export function restoreBoard(boardId: number) {
  return apiClient.post<BoardListItem[]>(`/api/board/${encodeURIComponent(boardId)}/restore`);
}
