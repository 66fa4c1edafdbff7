import type { Label } from 'contract';
import { apiClient } from 'shared-ui';

export function createLabel(boardId: number, title: string, color: string) {
  return apiClient.post<Label>(`/api/label/${boardId}`, { title: title.trim(), color });
}
