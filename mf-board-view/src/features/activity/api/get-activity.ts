import { apiClient } from 'shared-ui';

/**
 * One recorded change of a board (GET /api/activity/:boardId). Stated here until 'api/contract'
 * exports it; `data` depends on `kind` and is read defensively (model/describe.ts).
 */
export interface Activity {
  id: number;
  /** ISO time. */
  at: string;
  user: { id: number; name: string } | null;
  kind: string;
  task?: { id: string; title: string };
  column?: { id: string; name: string };
  data: Record<string, unknown>;
}

export const ACTIVITY_PAGE = 50;

/** Newest first, 50 a page; `before` is the oldest row's id already shown. */
export function getActivity(boardId: number, options: { taskId?: string; before?: number } = {}) {
  return apiClient.get<Activity[]>(`/api/activity/${boardId}`, {
    query: { taskId: options.taskId, before: options.before },
  });
}
