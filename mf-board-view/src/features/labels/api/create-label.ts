import { apiClient } from 'shared-ui';
import type { Label } from '../../../shared/types';

export function createLabel(boardId: number, title: string, color: string) {
  return apiClient.post<Label>(`/api/label/${boardId}`, { title: title.trim(), color });
}
