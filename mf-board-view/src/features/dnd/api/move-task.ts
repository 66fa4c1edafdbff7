import type { MoveTaskBody } from 'contract';
import { apiClient } from 'shared-ui';

export type { MoveTaskBody };

export function moveTask(body: MoveTaskBody) {
  return apiClient.put<{ success: true }>('/api/task/move', body);
}
