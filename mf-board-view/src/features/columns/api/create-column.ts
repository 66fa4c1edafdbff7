import type { Column } from 'contract';
import { apiClient } from 'shared-ui';

/** Appends a column to the board's column order. */
export function createColumn(boardId: number, name: string) {
  return apiClient.post<Column>('/api/column', { boardId, name: name.trim() });
}
