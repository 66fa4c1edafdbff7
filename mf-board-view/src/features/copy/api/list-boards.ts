import type { BoardListItem } from 'contract';
import { apiClient } from 'shared-ui';

/** The user's boards, each with their role on it (where a card may go). */
export function listBoards(signal?: AbortSignal) {
  return apiClient.get<BoardListItem[]>('/api/board', { signal });
}
