import { apiClient } from 'shared-ui';
import type { Comment } from '../../../shared/types';

export function createComment(boardId: number, taskId: string, text: string) {
  return apiClient.post<Comment>('/api/comment/create', { boardId, taskId, text });
}
