/**
 * The board's data layer: one small store per mounted board.
 *
 * - `reload()` fetches the board with the current filters. Calls coalesce: at most one request is in
 *   flight and at most one more is queued behind it, however many callers (mutations, the realtime
 *   'update' event, a filter change) ask meanwhile; every caller's promise settles once data at least
 *   as new as its call has arrived.
 * - `board` is what the screen shows and may hold an optimistic change (a drag); `serverBoard` is the
 *   last good answer, so a failed move is undone with `rollback()`.
 * - A fresh answer reuses the previous task objects that did not change, so memoised cards of a big
 *   board do not all re-render on every reload.
 */

import type { Board, Task } from 'api/contract';
import { ApiError, type FieldErrors } from 'shared-ui';
import { createStore, type StoreApi } from 'zustand';
import { emptyFilters, type Filters, filtersKey } from './filters';

export type BoardLoadStatus = 'default' | 'loading' | 'success' | 'error';

export interface BoardState {
  boardId: string;
  filters: Filters;
  board: Board | null;
  serverBoard: Board | null;
  status: BoardLoadStatus;
  /** The server's answer for a failed load; `httpStatus` 403 means no access. */
  error: FieldErrors | null;
  httpStatus: number | null;
  reload: () => Promise<void>;
  setFilters: (filters: Filters) => Promise<void>;
  /** Shows a local change at once (a drag); `rollback()` returns to the last server data. */
  applyOptimistic: (update: (board: Board) => Board) => void;
  rollback: () => void;
}

export type BoardStore = StoreApi<BoardState>;
export type FetchBoard = (boardId: string, filters: Filters) => Promise<Board>;

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function sameTask(a: Task, b: Task): boolean {
  for (const key of Object.keys(b) as (keyof Task)[]) {
    const left = a[key];
    const right = b[key];
    if (Array.isArray(left) && Array.isArray(right)) {
      if (!sameList(left, right)) return false;
    } else if (left !== right) {
      return false;
    }
  }
  return Object.keys(a).length === Object.keys(b).length;
}

/** `next` with every unchanged task, column, label, member and priority list taken from `previous`. */
export function shareUnchanged(previous: Board | null, next: Board): Board {
  if (!previous) return next;
  const tasks: Record<string, Task> = {};
  for (const [id, task] of Object.entries(next.tasks)) {
    const old = previous.tasks[id];
    tasks[id] = old && sameTask(old, task) ? old : task;
  }
  const columns = { ...next.columns };
  for (const [id, column] of Object.entries(next.columns)) {
    const old = previous.columns[id];
    if (old && old.name === column.name && sameList(old.taskIds, column.taskIds)) columns[id] = old;
  }
  const columnOrder = sameList(previous.columnOrder, next.columnOrder)
    ? previous.columnOrder
    : next.columnOrder;
  const same = <T>(a: T, b: T) => (JSON.stringify(a) === JSON.stringify(b) ? a : b);
  return {
    ...next,
    tasks,
    columns,
    columnOrder,
    labels: same(previous.labels, next.labels),
    members: same(previous.members, next.members),
    priorities: same(previous.priorities, next.priorities),
  };
}

export function createBoardStore(
  boardId: string,
  fetchBoard: FetchBoard,
  filters = emptyFilters(),
): BoardStore {
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  return createStore<BoardState>()((set, get) => {
    const fetchOnce = async () => {
      const requested = get().filters;
      if (get().status !== 'success') set({ status: 'loading' });
      try {
        const board = await fetchBoard(boardId, requested);
        // The filters changed while this was in flight: the queued request brings the right data.
        if (filtersKey(requested) !== filtersKey(get().filters)) return;
        const shared = shareUnchanged(get().serverBoard, board);
        set({ board: shared, serverBoard: shared, status: 'success', error: null, httpStatus: null });
      } catch (error) {
        const httpStatus = error instanceof ApiError ? error.status : null;
        // A background reload that fails keeps the board on screen; only lost access is acted on.
        if (get().board && httpStatus !== 403 && httpStatus !== 404) return;
        set({
          status: 'error',
          httpStatus,
          error:
            error instanceof ApiError
              ? error.body
              : { message: 'Не удалось загрузить доску. Попробуйте ещё раз.' },
        });
      }
    };

    const reload = (): Promise<void> => {
      if (!inFlight) {
        inFlight = fetchOnce().finally(() => {
          inFlight = null;
        });
        return inFlight;
      }
      if (!queued) {
        queued = inFlight.then(() => {
          queued = null;
          return reload();
        });
      }
      return queued;
    };

    return {
      boardId,
      filters,
      board: null,
      serverBoard: null,
      status: 'default',
      error: null,
      httpStatus: null,
      reload,
      setFilters: (next) => {
        if (filtersKey(next) === filtersKey(get().filters)) return Promise.resolve();
        set({ filters: next });
        return reload();
      },
      applyOptimistic: (update) => {
        const board = get().board;
        if (board) set({ board: update(board) });
      },
      rollback: () => set({ board: get().serverBoard }),
    };
  });
}
