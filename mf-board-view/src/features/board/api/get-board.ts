import { apiClient } from 'shared-ui';
import type { Filters } from '../../../shared/filters';
import type { Board } from '../../../shared/types';

/** The board detail with only the tasks matching the filters (repeated query keys). */
export function getBoard(boardId: string, filters: Filters) {
  return apiClient.get<Board>(`/api/board/${encodeURIComponent(boardId)}`, { query: filters });
}
