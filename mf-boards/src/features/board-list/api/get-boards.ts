import type { BoardListItem, Sort } from 'contract';
import { apiClient } from 'shared-ui';
import { sortQuery } from '../../../sort-query';

/** The boards the user is an accepted member of, in the chosen order. */
export function getBoards(sort: Sort, signal?: AbortSignal) {
  return apiClient.get<BoardListItem[]>('/api/board', { query: { sort: sortQuery(sort) }, signal });
}
