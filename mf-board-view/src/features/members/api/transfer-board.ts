import { apiClient } from 'shared-ui';

/** The owner hands the board to an accepted administrator (400 `{ userId }` otherwise) and stays one. */
export function transferBoard(boardId: number, userId: number) {
  return apiClient.put<{ success: true }>(`/api/board/${boardId}/owner`, { userId });
}
