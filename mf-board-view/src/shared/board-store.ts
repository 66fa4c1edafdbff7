/**
 * The board's data layer: one small store per mounted board.
 *
 * - `reload()` fetches the board with the current filters. Calls coalesce: at most one request is in
 *   flight and at most one more is queued behind it, however many callers (the first load, a filter
 *   change, a realtime update that cannot be applied, a retry) ask meanwhile; every caller's promise
 *   settles once data at least as new as its call has arrived. An answer older than the board already
 *   shown (a patch overtook it) is dropped.
 * - `applyUpdate(update)` applies a realtime update's patch to `serverBoard` (./board-patch.ts) and
 *   falls back to one `reload()` when there is no patch, a version is missing in between, or the
 *   patch cannot be evaluated here. A patch's `activity` rows go to `onActivity` listeners (the open
 *   history lists) as they are; a re-fetch (here or `resync()`) tells them to re-read their first page.
 * - This user's own change is applied once, from its realtime echo: every successful mutation answer
 *   names the board version it left (shared-ui `onBoardVersion`, fed to `expectVersion`), and
 *   `catchUp()` waits until the board shows that version; it re-fetches only when the socket is not
 *   live, or when the echo is late (`ECHO_WAIT_MS`).
 * - `board` is what the screen shows and may hold an optimistic change (a drag); `serverBoard` is the
 *   last good data, so a failed move is undone with `rollback()`. A patch or a fresh answer replaces
 *   both.
 * - A fresh answer reuses the previous task and column objects that did not change (a patch changes
 *   only those it touches), so memoised cards of a big board do not all re-render on every change.
 */

import type { Activity, Board, Task } from 'contract';
import { ApiError, type BoardUpdate, type BoardVersion, type FieldErrors } from 'shared-ui';
import { createStore, type StoreApi } from 'zustand';
import { applyPatch, sameColumn, sameList, sameTask } from './board-patch';
import { emptyFilters, type Filters, filtersKey } from './filters';

/** How long `catchUp()` waits for the echo of this user's change before it re-fetches. */
export const ECHO_WAIT_MS = 3000;

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
  /** Why the last reload failed while a board is shown (the board on screen is the last one loaded). */
  stale: string | null;
  /** The socket's subscription to this board stands: every change arrives as an update. */
  live: boolean;
  reload: () => Promise<void>;
  /** A realtime update: its patch is applied, or else the board is re-fetched once. */
  applyUpdate: (update: BoardUpdate) => Promise<void>;
  /** Changes may have been missed (a reconnect, a refused subscription): re-fetch, and tell activity lists. */
  resync: () => Promise<void>;
  setLive: (live: boolean) => void;
  /**
   * The board can no longer be shown (a public link turned off or replaced): it leaves the screen for
   * the failed load's state with `httpStatus` and `error`.
   */
  drop: (httpStatus: number, error: FieldErrors) => void;
  /** A mutation's answer left `version` of board `boardId` (other boards are ignored). */
  expectVersion: (change: BoardVersion) => void;
  /** Resolves once the board shows this user's last change (see the note at the top). */
  catchUp: () => Promise<void>;
  setFilters: (filters: Filters) => Promise<void>;
  /** Shows a local change at once (a drag); `rollback()` returns to the last server data. */
  applyOptimistic: (update: (board: Board) => Board) => void;
  rollback: () => void;
  /** Hears each update's activity rows (or that the list must be re-read), without a fetch. */
  onActivity: (listener: (event: ActivityEvent) => void) => () => void;
}

/**
 * What a realtime update says about the board's activity: the rows its change recorded, or
 * `refetch` when an update could not be applied (a gap, no patch): a shown list re-reads its first page.
 */
export type ActivityEvent = { rows: Activity[] } | { refetch: true };

export type BoardStore = StoreApi<BoardState>;
export type FetchBoard = (boardId: string, filters: Filters) => Promise<Board>;

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
    if (old && sameColumn(old, column)) columns[id] = old;
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
  // The filters `serverBoard` was fetched with: a patch is applied only to a board of today's filters.
  let shownFilters: string | null = null;
  // The highest board version this user's own changes have left.
  let expected: number | null = null;
  const activityListeners = new Set<(event: ActivityEvent) => void>();
  const announce = (event: ActivityEvent) => {
    for (const listener of activityListeners) listener(event);
  };

  return createStore<BoardState>()((set, get, store) => {
    const fetchOnce = async () => {
      const requested = get().filters;
      if (get().status !== 'success') set({ status: 'loading' });
      try {
        const board = await fetchBoard(boardId, requested);
        // The filters changed while this was in flight: the queued request brings the right data.
        if (filtersKey(requested) !== filtersKey(get().filters)) return;
        const current = get().serverBoard;
        if (current && shownFilters === filtersKey(requested) && board.version < current.version) return;
        shownFilters = filtersKey(requested);
        const shared = shareUnchanged(get().serverBoard, board);
        set({
          board: shared,
          serverBoard: shared,
          status: 'success',
          error: null,
          httpStatus: null,
          stale: null,
        });
      } catch (error) {
        const httpStatus = error instanceof ApiError ? error.status : null;
        // A background reload that fails keeps the board on screen, saying why; only lost access is acted on.
        if (get().board && httpStatus !== 403 && httpStatus !== 404) {
          const reason = error instanceof ApiError ? error.body.message : undefined;
          set({ stale: reason ?? 'Не удалось обновить доску.' });
          return;
        }
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

    const refetch = () => {
      announce({ refetch: true });
      return reload();
    };

    const applyUpdate = (update: BoardUpdate): Promise<void> => {
      const server = get().serverBoard;
      if (!update.patch || !server || shownFilters !== filtersKey(get().filters)) return refetch();
      // The rows are news whatever happens to the board's copy (a list drops the ones it holds).
      const rows = update.patch.activity;
      if (rows?.length) announce({ rows });
      if (update.version <= server.version) return Promise.resolve();
      const next = applyPatch(server, update, get().filters);
      if (!next) return refetch();
      set({ board: next, serverBoard: next });
      return Promise.resolve();
    };

    const shows = (version: number) => (get().serverBoard?.version ?? -1) >= version;

    const catchUp = (): Promise<void> => {
      const target = expected;
      if (target !== null && shows(target)) return Promise.resolve();
      if (target === null || !get().live) return reload();
      return new Promise<void>((resolve) => {
        const finish = (refetch: boolean) => {
          clearTimeout(timer);
          unsubscribe();
          resolve(refetch ? reload() : undefined);
        };
        const timer = setTimeout(() => finish(true), ECHO_WAIT_MS);
        const unsubscribe = store.subscribe((state) => {
          if (shows(target)) finish(false);
          else if (!state.live) finish(true);
        });
      });
    };

    return {
      boardId,
      filters,
      board: null,
      serverBoard: null,
      status: 'default',
      error: null,
      httpStatus: null,
      stale: null,
      live: false,
      reload,
      applyUpdate,
      resync: refetch,
      setLive: (live) => {
        if (live !== get().live) set({ live });
      },
      drop: (httpStatus, error) =>
        set({ board: null, serverBoard: null, status: 'error', httpStatus, error, stale: null, live: false }),
      expectVersion: (change) => {
        if (change.boardId !== Number(boardId)) return;
        expected = Math.max(expected ?? change.version, change.version);
      },
      catchUp,
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
      onActivity: (listener) => {
        activityListeners.add(listener);
        return () => activityListeners.delete(listener);
      },
    };
  });
}
