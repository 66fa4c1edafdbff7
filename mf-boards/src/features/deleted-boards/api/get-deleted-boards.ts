import type { DeletedBoard } from 'contract';
import { apiClient } from 'shared-ui';

/** The boards the user created and deleted in the last 30 days, newest first. */
export function getDeletedBoards(signal?: AbortSignal) {
  return apiClient.get<DeletedBoard[]>('/api/board/deleted', { signal });
}
