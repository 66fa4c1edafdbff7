import type { TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';

/** Deletes a list with its items; answers the task. */
export function deleteChecklist(boardId: number, checklistId: number) {
  return apiClient.delete<TaskDetail>(`/api/checklist/${boardId}/${checklistId}`);
}
