import { apiClient } from 'shared-ui';
import type { BoardListItem } from '../../../shared/types';

/** Creator only; cascades to everything on the board. */
export function deleteBoard(boardId: number) {
  return apiClient.delete<BoardListItem[]>(`/api/board/${boardId}`);
}
