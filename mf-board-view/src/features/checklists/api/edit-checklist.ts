import type { TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';

/** Renames a list or moves it (`position`: its 0-based place among the task's lists); answers the task. */
export function editChecklist(
  boardId: number,
  checklistId: number,
  change: { title?: string; position?: number },
) {
  return apiClient.put<TaskDetail>(`/api/checklist/${boardId}/${checklistId}`, change);
}
