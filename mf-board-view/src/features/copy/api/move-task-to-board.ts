import type { CopyTaskResult, MoveTaskToBoardBody } from 'contract';
import { apiClient } from 'shared-ui';

/** 'Переместить на доску': the card leaves this board; a refusal is keyed by the body's fields. */
export function moveTaskToBoard(body: MoveTaskToBoardBody) {
  return apiClient.post<CopyTaskResult>('/api/task/move-to-board', body);
}
