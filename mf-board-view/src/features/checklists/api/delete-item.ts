import type { TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';

/** Deletes an item; answers the task. */
export function deleteItem(boardId: number, itemId: number) {
  return apiClient.delete<TaskDetail>(`/api/checklist/item/${boardId}/${itemId}`);
}
