import type { BoardListItem, Sort } from 'contract';
import { apiClient } from 'shared-ui';
import { sortQuery } from '../../../sort-query';

/**
 * Creates a board, empty or from the template `templateId`; the API answers the user's board list in
 * the chosen order. Like `sort`, an absent `templateId` is left out of the body.
 */
export function createBoard(name: string, sort: Sort, templateId?: string) {
  return apiClient.post<BoardListItem[]>('/api/board', {
    name: name.trim(),
    sort: sortQuery(sort),
    templateId,
  });
}
