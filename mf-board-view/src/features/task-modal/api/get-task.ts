import type { TaskDetail } from 'contract';
import { apiClient } from 'shared-ui';
import { publicApi } from '../../../shared/public-board';

/** The task with its description, comments (oldest first) and files (through the public link `publicToken` when given). */
export function getTask(boardId: number | string, taskId: string, publicToken: string | null = null) {
  return apiClient.get<TaskDetail>(
    publicToken
      ? `${publicApi(publicToken)}/task/${encodeURIComponent(taskId)}`
      : `/api/task/${boardId}/${encodeURIComponent(taskId)}`,
  );
}
