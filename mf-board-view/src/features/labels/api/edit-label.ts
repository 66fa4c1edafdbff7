import type { Label } from 'contract';
import { apiClient } from 'shared-ui';

export function editLabel(
  boardId: number,
  labelId: number,
  body: Pick<Label, 'title' | 'color' | 'isMainColor'>,
) {
  return apiClient.put<Label>(`/api/label/${boardId}/${labelId}`, { ...body, title: body.title.trim() });
}
