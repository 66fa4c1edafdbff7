import type { TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';

/** A new item at the end of a list; answers the task. */
export function addItem(boardId: number, checklistId: number, text: string) {
  return apiClient.post<TaskDetail>(`/api/checklist/item/${boardId}/${checklistId}`, { text: text.trim() });
}
