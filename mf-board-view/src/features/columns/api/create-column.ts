import { apiClient } from 'shared-ui';
import type { Column } from '../../../shared/types';

/** Appends a column to the board's column order. */
export function createColumn(boardId: number, name: string) {
  return apiClient.post<Column>('/api/column', { boardId, name: name.trim() });
}
