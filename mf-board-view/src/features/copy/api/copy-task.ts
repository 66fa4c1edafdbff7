import type { CopyTaskBody, CopyTaskResult } from 'contract';
import { apiClient } from 'shared-ui';

/** 'Копировать карточку' to a column of this or another board; a refusal is keyed by the body's fields. */
export function copyTask(body: CopyTaskBody) {
  return apiClient.post<CopyTaskResult>('/api/task/copy', body);
}
