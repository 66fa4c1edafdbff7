import type { TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';

/** Shows one of the task's images on its card ('Сделать обложкой'), or none (null). */
export function setCover(boardId: number, taskId: string, fileId: number | null) {
  return apiClient.put<TaskDetail>(`/api/task/cover/${boardId}/${taskId}`, { fileId });
}
