import type { Comment } from 'contract';
import { apiClient } from 'shared-ui';

/** `mentions`: the members named in the text ('@Имя'), each notified; sent only when there are some. */
export function createComment(boardId: number, taskId: string, text: string, mentions: number[] = []) {
  return apiClient.post<Comment>('/api/comment/create', {
    boardId,
    taskId,
    text,
    ...(mentions.length > 0 && { mentions }),
  });
}
