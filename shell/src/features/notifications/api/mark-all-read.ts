import { apiClient } from 'shared-ui';

/** Marks every notification of the current user read; answers the unread count left (0). */
export function markAllRead() {
  return apiClient.put<{ unread: number }>('/api/notification/read-all');
}
