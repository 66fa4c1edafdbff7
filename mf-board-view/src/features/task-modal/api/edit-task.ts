import type { PriorityValue, Task } from 'contract';
import { apiClient } from 'shared-ui';

export interface EditTaskBody {
  boardId: number;
  taskId: string;
  title: string;
  description: string;
  columnId: string;
  estimation: string;
  priority: PriorityValue | null;
  assignees: number[];
  labels: number[];
  /** The due instant (UTC) or null for none; omitted keeps it. */
  dueAt?: string | null;
  /** The due date's 'Выполнено' tick; omitted keeps it. */
  dueDone?: boolean;
  /** The version the form is based on: the API merges others' changes made since (409 on a clash). */
  version: number;
}

export function editTask(body: EditTaskBody) {
  return apiClient.put<Task>('/api/task/edit', {
    ...body,
    title: body.title.trim(),
    estimation: body.estimation.trim(),
  });
}
