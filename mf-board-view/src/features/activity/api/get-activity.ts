import type { Activity } from 'contract';
import { apiClient } from 'shared-ui';

export type { Activity };

export const ACTIVITY_PAGE = 50;

/** Newest first, 50 a page; `before` is the oldest row's id already shown. */
export function getActivity(boardId: number, options: { taskId?: string; before?: number } = {}) {
  return apiClient.get<Activity[]>(`/api/activity/${boardId}`, {
    query: { taskId: options.taskId, before: options.before },
  });
}
