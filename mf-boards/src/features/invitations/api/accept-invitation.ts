import { apiClient } from 'shared-ui';

export function acceptInvitation(inviteId: number) {
  return apiClient.put<{ success: boolean }>(`/api/invite/accept/${encodeURIComponent(inviteId)}`);
}
