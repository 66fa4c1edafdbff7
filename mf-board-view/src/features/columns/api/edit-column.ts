import type { Column } from 'contract';
import { apiClient } from 'shared-ui';

export function editColumn(boardId: number, columnId: string, name: string) {
  return apiClient.put<Column>(`/api/column/edit/${boardId}/${encodeURIComponent(columnId)}`, {
    name: name.trim(),
  });
}
