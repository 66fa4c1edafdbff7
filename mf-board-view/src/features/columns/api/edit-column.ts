import type { Column } from 'contract';
import { apiClient } from 'shared-ui';

/** What changes besides the name: each limit field only when given (omitted: unchanged). */
export interface ColumnLimit {
  wipLimit?: number | null;
  wipStrict?: boolean;
}

export function editColumn(boardId: number, columnId: string, name: string, limit: ColumnLimit = {}) {
  return apiClient.put<Column>(`/api/column/edit/${boardId}/${encodeURIComponent(columnId)}`, {
    name: name.trim(),
    ...limit,
  });
}
