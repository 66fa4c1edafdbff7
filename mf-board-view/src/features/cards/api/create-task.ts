import type { PriorityValue, Task } from 'contract';
import { apiClient } from 'shared-ui';

export interface CreateTaskBody {
  boardId: number;
  title: string;
  columnId: string;
  assignees: number[];
  labels: number[];
  priority: PriorityValue | null;
}

/** Appends a task at the column's end. 400 `{ title }` for an empty or too long title. */
export function createTask(body: CreateTaskBody) {
  return apiClient.post<Task>('/api/task/create', { ...body, title: body.title.trim() });
}
