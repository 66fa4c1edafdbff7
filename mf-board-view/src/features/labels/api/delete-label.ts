import { apiClient } from 'shared-ui';

/** Also removes the label from every task. */
export function deleteLabel(boardId: number, labelId: number) {
  return apiClient.delete<{ success: true }>(`/api/label/${boardId}/${labelId}`);
}
