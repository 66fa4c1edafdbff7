import { apiClient } from 'shared-ui';

/** Creator only. 400 `{ email }` for a bad address, a member or a pending invitation. */
export function sendInvite(boardId: number, email: string) {
  return apiClient.post<{ success: true }>('/api/invite/send', { boardId, email });
}
