import type { Board } from 'contract';
import { apiClient } from 'shared-ui';
import { boardQuery, type Filters } from '../../../shared/filters';

/**
 * The board detail with only the tasks matching the filters (repeated query keys, `tz` for `due`).
 * `onTaskCount` hears how many tasks the answer holds (its `x-board-tasks` header) before its body
 * is read.
 */
export function getBoard(boardId: string, filters: Filters, onTaskCount?: (count: number) => void) {
  return apiClient.get<Board>(`/api/board/${encodeURIComponent(boardId)}`, {
    query: boardQuery(filters),
    onHeaders: onTaskCount
      ? (headers) => {
          const count = headers.get('x-board-tasks');
          if (count !== null && Number.isSafeInteger(Number(count))) onTaskCount(Number(count));
        }
      : undefined,
  });
}
