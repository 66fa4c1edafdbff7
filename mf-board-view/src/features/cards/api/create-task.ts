import type { CreateTaskBody, Task } from 'contract';
import { apiClient } from 'shared-ui';

/** Appends a task at the column's end. 400 `{ title }` for an empty or too long title. */
export type { CreateTaskBody };

export function createTask(body: CreateTaskBody) {
  return apiClient.post<Task>('/api/task/create', { ...body, title: body.title.trim() });
}
