import { apiClient } from 'shared-ui';

/**
 * One of the current user's notifications, as `GET /api/notification` answers it.
 * Restated here only until api/contract exports the notifications issue's shapes.
 */
export interface NotificationItem {
  id: number;
  kind: 'due-soon' | 'overdue';
  task: { id: string; boardId: number; title: string };
  board: { id: number; name: string };
  /** When it was made (ISO). */
  at: string;
  /** The due date it was about (ISO, UTC). */
  dueAt: string | null;
  read: boolean;
}

/** The API's page size: a shorter page is the last one. */
export const NOTIFICATIONS_PAGE = 30;

/** A page of notifications, newest first; `before` continues after the oldest one shown. */
export function getNotifications(before?: number, signal?: AbortSignal) {
  return apiClient.get<NotificationItem[]>('/api/notification', { query: { before }, signal });
}
