import type { MyTask } from 'contract';
import { apiClient } from 'shared-ui';

export type { MyTask };

/** Every task assigned to the current user on their boards. */
export function getMyTasks(signal?: AbortSignal) {
  return apiClient.get<MyTask[]>('/api/task/mine', { signal });
}
