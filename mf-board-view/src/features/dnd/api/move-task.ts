import { apiClient } from 'shared-ui';

export interface MoveTaskBody {
  boardId: number;
  taskId: string;
  newColumnId: string;
  /** The client's view of the target column after the move, as numbers. */
  newColumnTaskIds: number[];
}

export function moveTask(body: MoveTaskBody) {
  return apiClient.put<{ success: true }>('/api/task/move', body);
}
