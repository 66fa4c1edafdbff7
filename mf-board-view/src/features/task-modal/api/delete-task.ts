import { apiClient } from 'shared-ui';

export function deleteTask(boardId: number, taskId: string) {
  return apiClient.delete<{ success: true }>(`/api/task/delete/${boardId}/${encodeURIComponent(taskId)}`);
}
