import { apiClient } from 'shared-ui';

/** Starts or stops watching a task (notified of its comments, moves and due-date changes). */
export function watchTask(boardId: number, taskId: string, watching: boolean) {
  return apiClient.put<{ watching: boolean }>('/api/task/watch', { boardId, taskId, watching });
}
