import type { ChecklistItem, TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';

/** What an item's edit may change; `position` is its 0-based place in its list. */
export type ItemChange = Partial<Pick<ChecklistItem, 'text' | 'done' | 'assigneeId' | 'position'>>;

/** Changes an item: only the fields given; answers the task. */
export function editItem(boardId: number, itemId: number, change: ItemChange) {
  return apiClient.put<TaskDetail>(`/api/checklist/item/${boardId}/${itemId}`, change);
}
