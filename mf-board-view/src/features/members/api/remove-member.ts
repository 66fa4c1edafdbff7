import { apiClient } from 'shared-ui';

/** An administrator removes another member; any member with their own id leaves the board. */
export function removeMember(boardId: number, userId: number) {
  return apiClient.delete<{ success: true }>(`/api/board/${boardId}/member/${userId}`);
}
