import type { BoardListItem, ShowIdsMode } from 'contract';
import { apiClient } from 'shared-ui';

export interface EditBoardBody {
  name: string;
  color: string;
  showIdsMode: ShowIdsMode;
  showTotalColumnEstimation: boolean;
}

/** Creator only. Answers the caller's board list (unused here: the board is re-fetched). */
export function editBoard(boardId: number, body: EditBoardBody) {
  return apiClient.put<BoardListItem[]>(`/api/board/edit/${boardId}`, { ...body, name: body.name.trim() });
}
