import type { BoardListItem } from 'contract';
import { apiClient } from 'shared-ui';

/** Creator only; cascades to everything on the board. */
export function deleteBoard(boardId: number) {
  return apiClient.delete<BoardListItem[]>(`/api/board/${boardId}`);
}
