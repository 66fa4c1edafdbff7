import { ApiError } from 'shared-ui';
import type { BoardStore } from '../../../shared/board-store';
import { showNotice } from '../../../shared/undo';
import { moveTask } from '../api/move-task';
import { reorderColumns } from '../api/reorder-columns';
import { applyTaskMove, buildMoveRequest, sameOrder } from './move';

export type CommitResult = 'unchanged' | 'skipped' | 'saved' | 'restored';

/**
 * A dropped card: shown at once in `columnId` at the place `taskIds` gives, sent as PUT /api/task/move,
 * then the board catches up with the move (its realtime echo, or a re-fetch: the store's `catchUp`);
 * if the call fails the last server data comes back. A refusal the user should hear (409: a full column
 * with a strict limit, 'Колонка заполнена: лимит 4') is said in the board's toast, a polite status.
 */
export async function commitTaskMove(
  store: BoardStore,
  taskId: string,
  columnId: string,
  taskIds: string[],
): Promise<CommitResult> {
  const state = store.getState();
  const board = state.board;
  if (!board) return 'skipped';
  if (board.tasks[taskId]?.columnId === columnId && sameOrder(board.columns[columnId]?.taskIds, taskIds)) {
    return 'unchanged';
  }
  const request = buildMoveRequest(board.id, taskId, columnId, taskIds);
  if (!request) return 'skipped';
  state.applyOptimistic((value) => applyTaskMove(value, taskId, columnId, taskIds));
  try {
    await moveTask(request);
  } catch (error) {
    store.getState().rollback();
    if (error instanceof ApiError && error.status === 409 && error.body.message) {
      showNotice({ boardId: board.id, message: error.body.message });
    }
    return 'restored';
  }
  await store.getState().catchUp();
  return 'saved';
}

/** Dropped column: the same for PUT /api/column/reorder. */
export async function commitColumnOrder(store: BoardStore, columnOrder: string[]): Promise<CommitResult> {
  const state = store.getState();
  const board = state.board;
  if (!board) return 'skipped';
  if (sameOrder(board.columnOrder, columnOrder)) return 'unchanged';
  state.applyOptimistic((value) => ({ ...value, columnOrder }));
  try {
    await reorderColumns(board.id, columnOrder);
  } catch {
    store.getState().rollback();
    return 'restored';
  }
  await store.getState().catchUp();
  return 'saved';
}
