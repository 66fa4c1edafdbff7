import { apiClient } from 'shared-ui';

/** Marks these notifications read; answers the unread count left. */
export function markRead(ids: number[]) {
  return apiClient.put<{ unread: number }>('/api/notification/read', { ids });
}
