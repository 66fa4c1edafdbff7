import { apiClient } from 'shared-ui';

/** The board's creator erases everything in its trash. */
export function emptyTrash(boardId: number) {
  return apiClient.delete<{ success: true }>(`/api/trash/${boardId}`);
}
