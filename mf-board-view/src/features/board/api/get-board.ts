import type { Board } from 'api/contract';
import { apiClient } from 'shared-ui';
import { boardQuery, type Filters } from '../../../shared/filters';

/** The board detail with only the tasks matching the filters (repeated query keys, `tz` for `due`). */
export function getBoard(boardId: string, filters: Filters) {
  return apiClient.get<Board>(`/api/board/${encodeURIComponent(boardId)}`, { query: boardQuery(filters) });
}
