import type { Notification } from 'contract';
import { apiClient } from 'shared-ui';

/** One of the current user's notifications, as `GET /api/notification` answers it. */
export type NotificationItem = Notification;

/** The API's page size: a shorter page is the last one. */
export const NOTIFICATIONS_PAGE = 30;

/** A page of notifications, newest first; `before` continues after the oldest one shown. */
export function getNotifications(before?: number, signal?: AbortSignal) {
  return apiClient.get<NotificationItem[]>('/api/notification', { query: { before }, signal });
}
