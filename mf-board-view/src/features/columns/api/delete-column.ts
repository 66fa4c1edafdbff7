import { apiClient } from 'shared-ui';

/** Deletes the column and its tasks. */
export function deleteColumn(boardId: number, columnId: string) {
  return apiClient.delete<{ success: true }>(`/api/column/delete/${boardId}/${encodeURIComponent(columnId)}`);
}
