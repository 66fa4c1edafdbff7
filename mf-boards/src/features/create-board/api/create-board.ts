import { apiClient } from 'shared-ui';
import { type BoardListItem, type BoardSort, sortQuery } from '../../../types';

/** Creates a board; the API answers the user's board list in the chosen order. */
export function createBoard(name: string, sort: BoardSort) {
  return apiClient.post<BoardListItem[]>('/api/board', { name: name.trim(), sort: sortQuery(sort) });
}
