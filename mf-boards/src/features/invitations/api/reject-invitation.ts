import { apiClient } from 'shared-ui';

/** The invitee declines: `userId` is the caller's own id. */
export function rejectInvitation(boardId: number, userId: number) {
  return apiClient.delete<{ success: boolean }>(
    `/api/invite/reject/${encodeURIComponent(boardId)}/${encodeURIComponent(userId)}`,
  );
}
