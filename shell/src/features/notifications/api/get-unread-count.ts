import { apiClient } from 'shared-ui';

/** How many of the current user's notifications are unread. */
export function getUnreadCount(signal?: AbortSignal) {
  return apiClient.get<{ unread: number }>('/api/notification/unread', { signal });
}
