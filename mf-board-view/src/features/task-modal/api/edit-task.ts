import type { EditTaskBody, Task } from 'contract';
import { apiClient } from 'shared-ui';

export type { EditTaskBody };

export function editTask(body: EditTaskBody) {
  return apiClient.put<Task>('/api/task/edit', {
    ...body,
    title: body.title.trim(),
    estimation: body.estimation.trim(),
  });
}
