import type { TrashKind } from 'contract';
import { apiClient } from 'shared-ui';

/** Puts a deleted item back where it was; 409 (with its message) when e.g. its column is deleted. */
export function restoreItem(boardId: number, item: { kind: TrashKind; id: string }) {
  return apiClient.post<{ success: true }>(`/api/trash/${boardId}/restore`, item);
}
