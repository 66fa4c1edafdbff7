import { apiClient } from 'shared-ui';

/** An administrator cancels a pending invitation. */
export function cancelInvite(boardId: number, userId: number) {
  return apiClient.delete<{ success: true }>(`/api/invite/delete/${boardId}/${userId}`);
}
