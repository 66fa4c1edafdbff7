import { apiClient } from 'shared-ui';

/** `columnOrder` must be a permutation of the board's columns. */
export function reorderColumns(boardId: number, columnOrder: string[]) {
  return apiClient.put<{ columnOrder: string[] }>(`/api/column/reorder/${boardId}`, { columnOrder });
}
