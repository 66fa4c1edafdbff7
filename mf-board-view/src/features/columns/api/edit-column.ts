import { apiClient } from 'shared-ui';
import type { Column } from '../../../shared/types';

export function editColumn(boardId: number, columnId: string, name: string) {
  return apiClient.put<Column>(`/api/column/edit/${boardId}/${encodeURIComponent(columnId)}`, {
    name: name.trim(),
  });
}
