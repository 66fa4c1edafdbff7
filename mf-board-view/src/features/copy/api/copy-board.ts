import type { CopyBoardBody, CopyBoardResult } from 'contract';
import { apiClient } from 'shared-ui';

/** 'Копировать доску': the copy is the caller's; a refusal is keyed by `name`, `withTasks` or `message`. */
export function copyBoard(boardId: number, body: CopyBoardBody) {
  return apiClient.post<CopyBoardResult>(`/api/board/${boardId}/copy`, body);
}
