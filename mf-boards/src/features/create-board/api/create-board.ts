import type { BoardListItem, Sort } from 'contract';
import { apiClient } from 'shared-ui';
import { sortQuery } from '../../../sort-query';

/** Creates a board; the API answers the user's board list in the chosen order. */
export function createBoard(name: string, sort: Sort) {
  return apiClient.post<BoardListItem[]>('/api/board', { name: name.trim(), sort: sortQuery(sort) });
}
