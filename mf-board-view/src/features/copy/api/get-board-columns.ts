import type { Board } from 'contract';
import { apiClient } from 'shared-ui';

export interface ColumnChoice {
  id: string;
  name: string;
}

/** Another board's columns, in their order (read from its detail: the API has no lighter call). */
export async function getBoardColumns(boardId: number, signal?: AbortSignal): Promise<ColumnChoice[]> {
  const board = await apiClient.get<Board>(`/api/board/${boardId}`, { signal });
  return board.columnOrder.flatMap((id) => {
    const column = board.columns[id];
    return column ? [{ id, name: column.name }] : [];
  });
}
