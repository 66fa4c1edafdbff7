import type { TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';

/** A new, empty list at the end of the task's lists; answers the task. */
export function addChecklist(boardId: number, taskId: string, title: string) {
  return apiClient.post<TaskDetail>(`/api/checklist/${boardId}/${encodeURIComponent(taskId)}`, {
    title: title.trim(),
  });
}
