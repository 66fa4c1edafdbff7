import { apiClient } from 'shared-ui';

/** Own comments only. */
export function deleteComment(boardId: number, commentId: number) {
  return apiClient.delete<{ success: true }>(`/api/comment/delete/${boardId}/${commentId}`);
}
