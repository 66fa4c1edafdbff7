import type { TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';

/** The task with its description, comments (oldest first) and files. */
export function getTask(boardId: number | string, taskId: string) {
  return apiClient.get<TaskDetail>(`/api/task/${boardId}/${encodeURIComponent(taskId)}`);
}
