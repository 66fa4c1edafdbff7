import type { BoardListItem, EditBoardBody } from 'contract';
import { apiClient } from 'shared-ui';

/** Creator only. Answers the caller's board list (unused here: the board is re-fetched). */
export type { EditBoardBody };

export function editBoard(boardId: number, body: EditBoardBody) {
  return apiClient.put<BoardListItem[]>(`/api/board/edit/${boardId}`, { ...body, name: body.name.trim() });
}
