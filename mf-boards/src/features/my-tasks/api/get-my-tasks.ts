import type { Task } from 'api/contract';
import { apiClient } from 'shared-ui';

/**
 * A task of 'Мои задачи': the board's task shape plus the board it is on.
 * Restated here only until api/contract exports it (the due-dates issue's API).
 */
export type MyTask = Task & { board: { id: number; name: string } };

/** Every task assigned to the current user on their boards. */
export function getMyTasks(signal?: AbortSignal) {
  return apiClient.get<MyTask[]>('/api/task/mine', { signal });
}
