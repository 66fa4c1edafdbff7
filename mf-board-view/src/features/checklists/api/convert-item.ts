import { apiClient } from 'shared-ui';

/** The item becomes a card at the end of its task's column (and leaves the list); answers the new task's id and number. */
export function convertItem(boardId: number, itemId: number) {
  return apiClient.post<{ id: string; number: number }>(`/api/checklist/item/${boardId}/${itemId}/task`);
}
