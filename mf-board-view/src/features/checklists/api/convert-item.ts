import { apiClient } from 'shared-ui';

/** The item becomes a card at the end of its task's column (and leaves the list); answers the new task's id. */
export function convertItem(boardId: number, itemId: number) {
  return apiClient.post<{ id: string }>(`/api/checklist/item/${boardId}/${itemId}/task`);
}
