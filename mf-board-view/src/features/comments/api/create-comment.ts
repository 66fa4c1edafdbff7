import type { Comment } from 'api/contract';
import { apiClient } from 'shared-ui';

export function createComment(boardId: number, taskId: string, text: string) {
  return apiClient.post<Comment>('/api/comment/create', { boardId, taskId, text });
}
