import { apiClient } from 'shared-ui';
import { type BoardListItem, type BoardSort, sortQuery } from '../../../types';

/** The boards the user is an accepted member of, in the chosen order. */
export function getBoards(sort: BoardSort, signal?: AbortSignal) {
  return apiClient.get<BoardListItem[]>('/api/board', { query: { sort: sortQuery(sort) }, signal });
}
